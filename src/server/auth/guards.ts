import type { FastifyReply, FastifyRequest } from "fastify";
import type { Role } from "../../common/roles";
import { forbidden, unauthorized } from "../http/errors";
import { type ResolvedSession, resolveSession, SESSION_COOKIE } from "./sessions";

/** Cookie attributes for the session cookie (issue #2): HttpOnly, SameSite=Lax, Secure in production. */
export function sessionCookieOptions(secure: boolean, expires: Date) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure, expires };
}

/**
 * Returns the signed-in user's session or throws 401. Re-sends the cookie when the sliding
 * expiry moved forward.
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

/**
 * Like {@link requireUser}, and also requires one of `roles`.
 * @throws HttpError 401 when signed out, 403 when the role does not match
 */
export async function requireRole(
  request: FastifyRequest,
  reply: FastifyReply,
  ...roles: Role[]
): Promise<ResolvedSession> {
  const session = await requireUser(request, reply);
  if (!roles.includes(session.user.role)) throw forbidden();
  return session;
}

/** Cookies are Secure in production and whenever the public URL is HTTPS. */
export function isSecure(config: { NODE_ENV: string; PUBLIC_URL: string }): boolean {
  return config.NODE_ENV === "production" || config.PUBLIC_URL.startsWith("https://");
}
