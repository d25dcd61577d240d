import { BINDING_COOKIE } from "../../src/server/auth/binding";
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from "../../src/server/core/session-cookie";

/**
 * Cookies as tests see them. The names come from the server's own constants, so a test never
 * spells a cookie name itself: `SESSION_COOKIE` over plain HTTP, `HOST_SESSION_COOKIE` when
 * PUBLIC_URL is HTTPS (docs/architecture.md#security-boundaries), `BINDING_COOKIE` for the magic-link binding
 * (ADR 0015).
 */
export { BINDING_COOKIE, HOST_SESSION_COOKIE, SESSION_COOKIE };

/** A parsed `Set-Cookie` header: attribute names are lower-cased; flags map to `true`. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** Parses one `Set-Cookie` header value. */
export function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...rest] = header.split(";").map((part) => part.trim());
  const eq = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const attribute of rest) {
    const at = attribute.indexOf("=");
    if (at === -1) attributes[attribute.toLowerCase()] = true;
    else attributes[attribute.slice(0, at).toLowerCase()] = attribute.slice(at + 1);
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

/**
 * The cookie named `name` among a response's `Set-Cookie` headers, parsed.
 * @param name the session cookie over plain HTTP unless told otherwise
 * @returns undefined when the response sets no such cookie
 */
export function cookieFrom(setCookies: string[], name: string = SESSION_COOKIE): SetCookie | undefined {
  return setCookies.map(parseSetCookie).find((cookie) => cookie.name === name);
}

/**
 * The `Cookie` request header value that carries a session token.
 * @param name the session cookie over plain HTTP unless told otherwise
 */
export function sessionCookieHeader(token: string, name: string = SESSION_COOKIE): string {
  return `${name}=${token}`;
}
