import type { FastifyReply, FastifyRequest } from "fastify";
import { unauthorized } from "../http/errors";
import { type ResolvedSession, resolveSession, SESSION_COOKIE } from "./sessions";

/** Cookie attributes for the session cookie (issue #2): HttpOnly, SameSite=Lax, Secure in production. */
export function sessionCookieOptions(secure: boolean, expires: Date) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure, expires };
}

/**
 * Returns the signed-in user's session or throws 401. Re-sends the cookie when the sliding
 * expiry moved forward. Only the access hook (`auth/access.ts`) calls it: routes declare their
 * access instead of calling it by hand (issue #11).
 * @throws HttpError 401 UNAUTHENTICATED
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<ResolvedSession> {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) throw unauthorized();
  const { db, config } = request.server.ctx;
  const session = await resolveSession(db, raw);
  if (!session) {
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    throw unauthorized("Your session has ended. Please sign in again.");
  }
  if (session.renewedUntil) {
    reply.setCookie(SESSION_COOKIE, raw, sessionCookieOptions(isSecure(config), session.renewedUntil));
  }
  return session;
}

/** Cookies are Secure in production and whenever the public URL is HTTPS. */
export function isSecure(config: { NODE_ENV: string; PUBLIC_URL: string }): boolean {
  return config.NODE_ENV === "production" || config.PUBLIC_URL.startsWith("https://");
}
