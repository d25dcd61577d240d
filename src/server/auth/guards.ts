import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../common/api/errors";
import { HttpError, unauthorized } from "../http/errors";
import { clientInfoOf } from "./audit";
import {
  deleteSession,
  HOST_SESSION_COOKIE,
  type ResolvedSession,
  resolveSession,
  SESSION_COOKIE,
  sessionOfDeactivatedUser,
} from "./sessions";

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

/** Removes the session cookie under both names. */
export function clearSessionCookies(reply: FastifyReply): void {
  const current = sessionCookieName(reply.server.ctx.config);
  reply.clearCookie(current, { path: "/", secure: current !== SESSION_COOKIE });
  if (current !== SESSION_COOKIE) reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/**
 * Hands a browser its new session after a sign-in (magic link, invitation): deletes the session
 * behind the cookie it had before, if any (a new sign-in never leaves the old
 * session usable), and sets the cookie under the current name, dropping the old name.
 */
export async function startSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
): Promise<void> {
  const { db, config } = request.server.ctx;
  const previous = readSessionToken(request);
  if (previous && previous.raw !== session.token) await deleteSession(db, previous.raw);
  const name = sessionCookieName(config);
  // Over HTTPS an unprefixed cookie is never read; drop a host-only one left from older releases.
  if (name !== SESSION_COOKIE && request.cookies[SESSION_COOKIE])
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
  reply.setCookie(name, session.token, sessionCookieOptions(isSecure(config), session.expiresAt));
}

/**
 * Returns the signed-in user's session or throws 401. Re-sends the cookie when the sliding
 * expiry moved forward.
 * Only the access hook (`auth/access.ts`) calls it: routes declare their access instead of
 * calling it by hand (ADR 0017).
 * @throws HttpError 401 UNAUTHENTICATED, or 401 ACCOUNT_DEACTIVATED when the session's user has
 *   been deactivated (ADR 0038)
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<ResolvedSession> {
  const found = readSessionToken(request);
  if (!found) throw unauthorized();
  const { db, config } = request.server.ctx;
  const session = await resolveSession(db, found.raw, new Date(), clientInfoOf(request));
  if (!session) {
    clearSessionCookies(reply);
    // Say why when her account was deactivated (ADR 0038), else the usual "sign in again".
    if (await sessionOfDeactivatedUser(db, found.raw)) {
      throw new HttpError(
        401,
        ERROR_CODES.ACCOUNT_DEACTIVATED,
        "Your account has been deactivated. To use AisleIQ again, ask your company's admin or AisleIQ support to reactivate it.",
      );
    }
    throw unauthorized("Your session has ended. Please sign in again.");
  }
  if (session.renewedUntil) {
    reply.setCookie(found.name, found.raw, sessionCookieOptions(isSecure(config), session.expiresAt));
  }
  return session;
}
