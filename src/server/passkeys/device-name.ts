import Bowser from "bowser";
import { PASSKEY_NAME_MAX_LENGTH } from "../../common/api/passkeys";

/**
 * The name a new passkey gets until its owner renames it (ADR 0061): the browser and operating
 * system of the user agent that added it, "Chrome on macOS", "Safari on iOS", as the `bowser`
 * library reads them; "Passkey" when the user agent says neither.
 * @param userAgent the request's `User-Agent` header, if any
 * @returns at most {@link PASSKEY_NAME_MAX_LENGTH} characters
 */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return "Passkey";
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name?.trim();
  const os = parsed.os.name?.trim();
  const name = browser && os ? `${browser} on ${os}` : (browser ?? os ?? "Passkey");
  return name.slice(0, PASSKEY_NAME_MAX_LENGTH);
}
