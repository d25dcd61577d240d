import { and, eq, gt, sql } from "drizzle-orm";
import type { SessionUser } from "../../common/api/auth";
import { SESSION_ABSOLUTE_TTL_MS, SESSION_SLIDE_AFTER_MS, SESSION_TTL_MS } from "../../common/limits";
import type { Database, Executor } from "../db/database";
import { companies, magicLinkTokens, sessions, users } from "../db/schema";
import { hashToken, issueToken } from "./tokens";

/**
 * Name of the session cookie over plain HTTP (HttpOnly, SameSite=Lax). Never read when
 * PUBLIC_URL is HTTPS: a sibling subdomain could have planted it (ADR 0031).
 */
export const SESSION_COOKIE = "aisleiq_session";

/**
 * Name of the session cookie when PUBLIC_URL is HTTPS: the `__Host-` prefix makes browsers
 * refuse it unless it is Secure, has Path=/ and no Domain, so a sibling subdomain cannot plant
 * or overwrite it (RFC 6265bis §4.1.3.2, issue #11 item 5).
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export type UserRow = typeof users.$inferSelect;

/** Maps a user row to the public shape of docs/product.md#3-records (no internal columns). */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    companyId: user.companyId,
    isActive: user.isActive,
    isEmailVerified: user.isEmailVerified,
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
    language: user.language,
  };
}

/** The expiry a session may slide to at `now`: 30 days idle, never past 90 days from creation. */
function slidingExpiry(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_TTL_MS, createdAt.getTime() + SESSION_ABSOLUTE_TTL_MS));
}

/**
 * Starts a session for a user.
 * @param now the sign-in time; stored as the session's creation time (absolute lifetime)
 * @returns the raw token for the cookie and its expiry (now + 30 days)
 */
export async function createSession(tx: Executor, userId: number, now = new Date()) {
  const token = issueToken();
  const expiresAt = slidingExpiry(now, now);
  await tx.insert(sessions).values({ userId, tokenHash: token.hash, expiresAt, createdAt: now });
  return { token: token.raw, expiresAt };
}

export interface ResolvedSession {
  user: UserRow;
  company: { id: number; name: string } | null;
  /** New expiry when the session was slid forward on this request; the cookie must be re-sent. */
  renewedUntil: Date | null;
  /** The session's expiry after this request (slid or not). */
  expiresAt: Date;
}

/**
 * The session lookup of every signed-in request as one NAMED prepared statement per database
 * (issue #13): PostgreSQL parses and plans the three-table join once per connection instead of
 * on every request, and Drizzle builds the SQL once. Placeholders: `tokenHash` (hex SHA-256),
 * `now` and `signedInAfter` (ISO 8601 instants).
 */
function buildSessionLookup(db: Database) {
  return db
    .select({
      session: { id: sessions.id, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt },
      user: users,
      companyName: companies.name,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.createdAt, sql.placeholder("signedInAfter")),
      ),
    )
    .limit(1)
    .prepare("session_lookup");
}
const sessionLookups = new WeakMap<Database, ReturnType<typeof buildSessionLookup>>();
function sessionLookup(db: Database): ReturnType<typeof buildSessionLookup> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/**
 * Looks up the active user behind a raw session token, sliding the expiry forward when it is
 * more than a day old: 30 days idle (issue #2), and never past 90 days after sign-in, however
 * often it is used (issue #11 item 5, {@link SESSION_ABSOLUTE_TTL_MS}).
 * @returns null for an unknown, expired or too old session, or an inactive user
 */
export async function resolveSession(
  db: Database,
  rawToken: string,
  now = new Date(),
): Promise<ResolvedSession | null> {
  const [row] = await sessionLookup(db).execute({
    tokenHash: hashToken(rawToken),
    now: now.toISOString(),
    signedInAfter: new Date(now.getTime() - SESSION_ABSOLUTE_TTL_MS).toISOString(),
  });
  if (!row?.user.isActive) return null;
  let renewedUntil: Date | null = null;
  const slid = slidingExpiry(row.session.createdAt, now);
  if (slid.getTime() - row.session.expiresAt.getTime() > SESSION_SLIDE_AFTER_MS) {
    renewedUntil = slid;
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.id, row.session.id));
  }
  const company =
    row.user.companyId !== null && row.companyName !== null
      ? { id: row.user.companyId, name: row.companyName }
      : null;
  return { user: row.user, company, renewedUntil, expiresAt: renewedUntil ?? row.session.expiresAt };
}

/** Deletes the session behind a raw token, if any. */
export async function deleteSession(db: Executor, rawToken: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(rawToken)));
}

/**
 * Tells whether a raw session token belonged to a user who is now deactivated (ADR 0038), so the
 * session check can say why the session ended instead of a bare 401. Only the holder of the
 * token learns it, so it reveals nothing about other addresses.
 * @returns true when the token's session (live or ended) is a deactivated user's
 */
export async function sessionOfDeactivatedUser(db: Executor, rawToken: string): Promise<boolean> {
  const [row] = await db
    .select({ isActive: users.isActive })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(rawToken)))
    .limit(1);
  return row !== undefined && !row.isActive;
}

/**
 * Signs a user out everywhere (issue #11 items 4 and 5): ends every session of `userId` and
 * deletes every magic link of theirs not used yet, so neither a cookie nor an emailed link works
 * any more. Call it in the same transaction that deactivates the user; reactivating them later
 * revives nothing. Sessions are expired rather than deleted (ADR 0038): the row, expired for
 * good, is what lets the session check answer ACCOUNT_DEACTIVATED to her browser.
 * @returns how many sessions were ended and pending links deleted
 */
export async function deleteSessionsOf(
  tx: Executor,
  userId: number,
): Promise<{ sessions: number; magicLinks: number }> {
  const deletedSessions = await tx
    .update(sessions)
    .set({ expiresAt: sql`least(${sessions.expiresAt}, now())` })
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  const deletedLinks = await tx
    .delete(magicLinkTokens)
    .where(and(eq(magicLinkTokens.userId, userId), eq(magicLinkTokens.used, false)))
    .returning({ id: magicLinkTokens.id });
  return { sessions: deletedSessions.length, magicLinks: deletedLinks.length };
}
