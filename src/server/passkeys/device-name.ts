import Bowser from "bowser";
import { PASSKEY_NAME_MAX_LENGTH } from "../../common/api/passkeys";
import type { Language } from "../../common/languages";

/** The words of a default passkey name, per language: "Chrome on macOS" / "Chrome en macOS". */
const WORDS: Record<Language, { on: string; fallback: string }> = {
  en: { on: "on", fallback: "Passkey" },
  es: { on: "en", fallback: "Llave de acceso" },
};

/**
 * The name a new passkey gets until its owner renames it (ADR 0061): the browser and operating
 * system of the user agent that added it, "Chrome on macOS", "Safari on iOS", as the `bowser`
 * library reads them, in the owner's language (her portal and emails show it, ADR 0025);
 * "Passkey" when the user agent says neither.
 * @param userAgent the request's `User-Agent` header, if any
 * @param language the owner's stored language
 * @returns at most {@link PASSKEY_NAME_MAX_LENGTH} characters
 */
export function deviceName(userAgent: string | undefined, language: Language = "en"): string {
  const words = WORDS[language];
  if (!userAgent) return words.fallback;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name?.trim();
  const os = parsed.os.name?.trim();
  const name = browser && os ? `${browser} ${words.on} ${os}` : (browser ?? os ?? words.fallback);
  return name.slice(0, PASSKEY_NAME_MAX_LENGTH);
}
