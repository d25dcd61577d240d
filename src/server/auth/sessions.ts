import { and, eq, gt } from "drizzle-orm";
import { SESSION_SLIDE_AFTER_MS, SESSION_TTL_MS } from "../../common/limits";
import type { Database, Executor } from "../db/database";
import { companies, sessions, users } from "../db/schema";
import { hashToken, issueToken } from "./tokens";

/** Name of the session cookie. HttpOnly, SameSite=Lax, Secure in production (issue #2). */
export const SESSION_COOKIE = "aisleiq_session";

export type UserRow = typeof users.$inferSelect;

/**
 * Starts a session for a user.
 * @returns the raw token for the cookie and its expiry (now + 30 days)
 */
export async function createSession(tx: Executor, userId: number, now = new Date()) {
  const token = issueToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await tx.insert(sessions).values({ userId, tokenHash: token.hash, expiresAt });
  return { token: token.raw, expiresAt };
}

export interface ResolvedSession {
  user: UserRow;
  company: { id: number; name: string } | null;
  /** New expiry when the session was slid forward on this request; the cookie must be re-sent. */
  renewedUntil: Date | null;
}

/**
 * Looks up the active user behind a raw session token, sliding the expiry forward when it is
 * more than a day old (30-day sliding expiry, issue #2).
 * @returns null for an unknown or expired token, or an inactive user
 */
export async function resolveSession(
  db: Database,
  rawToken: string,
  now = new Date(),
): Promise<ResolvedSession | null> {
  const [row] = await db
    .select({ session: sessions, user: users, companyName: companies.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.tokenHash, hashToken(rawToken)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row?.user.isActive) return null;
  let renewedUntil: Date | null = null;
  const fullExpiry = now.getTime() + SESSION_TTL_MS;
  if (fullExpiry - row.session.expiresAt.getTime() > SESSION_SLIDE_AFTER_MS) {
    renewedUntil = new Date(fullExpiry);
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.id, row.session.id));
  }
  const company =
    row.user.companyId !== null && row.companyName !== null
      ? { id: row.user.companyId, name: row.companyName }
      : null;
  return { user: row.user, company, renewedUntil };
}

/** Deletes the session behind a raw token, if any. */
export async function deleteSession(db: Database, rawToken: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(rawToken)));
}
