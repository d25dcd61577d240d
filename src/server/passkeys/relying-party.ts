import { SITE_CONFIG } from "../../common/site-config";

/** The WebAuthn relying party the server acts as (ADR 0061). */
export interface RelyingParty {
  /** The RP ID: PUBLIC_URL's host name, e.g. `aisleiq.com` or `localhost`. */
  id: string;
  /** The only origin passkey ceremonies are accepted from: PUBLIC_URL's origin. */
  origin: string;
  /** The name authenticators show beside the account. */
  name: string;
}

/**
 * The relying party for `PUBLIC_URL` (ADR 0061): its host name is the RP ID and its origin the
 * expected origin, so passkeys work only on the address the emails link to. Browsers refuse an
 * IP address as RP ID: open the portal at `http://localhost:3000`, not `http://127.0.0.1:3000`
 * (README "Quick start").
 */
export function relyingParty(config: { PUBLIC_URL: string }): RelyingParty {
  const url = new URL(config.PUBLIC_URL);
  return { id: url.hostname, origin: url.origin, name: SITE_CONFIG.brandName };
}
