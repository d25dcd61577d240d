import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../common/api/errors";
import { HttpError, unauthorized } from "../core/errors";
import {
  isSecure,
  readSessionToken,
  SESSION_COOKIE,
  sessionCookieName,
  sessionCookieOptions,
} from "../core/session-cookie";
import { clientInfoOf } from "./audit";
import { deleteSession, type ResolvedSession, resolveSession, sessionOfDeactivatedUser } from "./sessions";

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
