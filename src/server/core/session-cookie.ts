import type { FastifyRequest } from "fastify";

/*
 * The session cookie's names and attributes and the reader of its token (ADR 0031): below
 * `http/` (the rate limiter keys signed-in callers by it, the API document names it) and `auth/`
 * (which issues, resolves and clears sessions), ADR 0086.
 */

/**
 * Name of the session cookie over plain HTTP (HttpOnly, SameSite=Lax). Never read when
 * PUBLIC_URL is HTTPS: a sibling subdomain could have planted it (ADR 0031).
 */
export const SESSION_COOKIE = "aisleiq_session";

/**
 * Name of the session cookie when PUBLIC_URL is HTTPS: the `__Host-` prefix makes browsers
 * refuse it unless it is Secure, has Path=/ and no Domain, so a sibling subdomain cannot plant
 * or overwrite it (RFC 6265bis §4.1.3.2, ADR 0031).
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Cookie attributes for the session cookie (docs/architecture.md#security-boundaries): HttpOnly, SameSite=Lax, Secure in production. */
export function sessionCookieOptions(secure: boolean, expires: Date) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure, expires };
}

/** Cookies are Secure in production and whenever the public URL is HTTPS. */
export function isSecure(config: { NODE_ENV: string; PUBLIC_URL: string }): boolean {
  return config.NODE_ENV === "production" || config.PUBLIC_URL.startsWith("https://");
}

/**
 * The session cookie's name (ADR 0031): `__Host-aisleiq_session` when PUBLIC_URL is
 * HTTPS, `aisleiq_session` otherwise (a `__Host-` cookie must be Secure, which plain HTTP
 * cannot carry).
 */
export function sessionCookieName(config: { PUBLIC_URL: string }): string {
  return config.PUBLIC_URL.startsWith("https://") ? HOST_SESSION_COOKIE : SESSION_COOKIE;
}

/**
 * The raw session token the request carries, read ONLY under the configured name
 * ({@link sessionCookieName}). Over HTTPS the unprefixed `aisleiq_session` is never read: any
 * sibling subdomain can set it (cookie tossing), so reading it would sign a victim in as
 * whoever planted it; only a `__Host-` cookie is known to come from this host (RFC 6265bis
 * §4.1.3.2, docs/architecture.md#security-boundaries).
 * @returns the token and the cookie name it came from, or undefined when there is none
 */
export function readSessionToken(
  request: Pick<FastifyRequest, "cookies" | "server">,
): { raw: string; name: string } | undefined {
  const name = sessionCookieName(request.server.ctx.config);
  const raw = request.cookies[name];
  return raw ? { raw, name } : undefined;
}
