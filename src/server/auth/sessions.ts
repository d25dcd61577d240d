import { and, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { SessionUser } from "../../common/api/auth";
import type { SessionInfo } from "../../common/api/sessions";
import type { SignInMethod } from "../../common/api/users";
import {
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_LAST_SEEN_EVERY_MS,
  SESSION_SLIDE_AFTER_MS,
  SESSION_TTL_MS,
} from "../../common/limits";
import { hashToken, issueToken } from "../core/tokens";
import type { Database, Executor } from "../db/database";
import { companies, magicLinkTokens, sessions, users } from "../db/schema";
import { type ClientInfo, NO_CLIENT, recordAudit } from "./audit";
import { describeUserAgent } from "./user-agent";

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
 * @param now the sign-in time; stored as the session's creation time (absolute lifetime) and
 *   first "last seen"
 * @param client the signing-in browser's address and User-Agent, shown in the sessions list
 * @returns the raw token for the cookie, its expiry (now + 30 days) and the session's id
 */
export async function createSession(
  tx: Executor,
  userId: number,
  now = new Date(),
  client: ClientInfo = NO_CLIENT,
) {
  const token = issueToken();
  const expiresAt = slidingExpiry(now, now);
  const [row] = await tx
    .insert(sessions)
    .values({
      userId,
      tokenHash: token.hash,
      expiresAt,
      createdAt: now,
      lastSeenAt: now,
      userAgent: client.userAgent,
      ip: client.ip,
    })
    .returning({ id: sessions.id });
  return { token: token.raw, expiresAt, id: row?.id ?? 0 };
}

/**
 * Signs `user` in inside `tx`, the transaction that checked her credential: starts a session
 * that keeps `client` (the sessions list) and appends a `signed_in` entry naming `method` to the
 * audit trail (ADR 0057), so every way in (link, code, passkey) leaves the same trace.
 * @returns the new session, as {@link createSession}
 */
export async function startSignedInSession(
  tx: Executor,
  user: UserRow,
  client: ClientInfo,
  method: SignInMethod,
  now = new Date(),
) {
  const session = await createSession(tx, user.id, now, client);
  await recordAudit(tx, {
    action: "signed_in",
    actor: user,
    target: { id: user.id, email: user.email, companyId: user.companyId },
    detail: method,
    client,
  });
  return session;
}

export interface ResolvedSession {
  /** The session row's id (the sessions list marks it as the current one). */
  sessionId: number;
  user: UserRow;
  company: { id: number; name: string } | null;
  /** New expiry when the session was slid forward on this request; the cookie must be re-sent. */
  renewedUntil: Date | null;
  /** The session's expiry after this request (slid or not). */
  expiresAt: Date;
  /**
   * When she last proved it was her on this session: the sign-in that started it (link, code or
   * passkey), or a later step-up code, whichever is newer (ADR 0076).
   */
  authenticatedAt: Date;
}

/**
 * The session lookup of every signed-in request as one NAMED prepared statement per database
 * (it runs on nearly every request; `npm run bench:api` measures it): PostgreSQL parses and plans the three-table join once per connection instead of
 * on every request, and Drizzle builds the SQL once. Placeholders: `tokenHash` (hex SHA-256),
 * `now` and `signedInAfter` (ISO 8601 instants).
 */
function buildSessionLookup(db: Database) {
  return db
    .select({
      session: {
        id: sessions.id,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        ip: sessions.ip,
        steppedUpAt: sessions.steppedUpAt,
      },
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
 * more than a day old: 30 days idle (docs/product.md#9-constants), and never past 90 days after sign-in, however
 * often it is used (docs/product.md#9-constants, {@link SESSION_ABSOLUTE_TTL_MS}). Records when (and from
 * which address) the session was last seen, at most once per {@link SESSION_LAST_SEEN_EVERY_MS}
 * (docs/product.md#12-account-records): the lookup stays one read on nearly every request, and
 * the slide and the "last seen" share one UPDATE when both are due.
 * @param client the request's address; null leaves the stored one
 * @returns null for an unknown, expired or too old session, or an inactive user
 */
export async function resolveSession(
  db: Database,
  rawToken: string,
  now = new Date(),
  client: ClientInfo = NO_CLIENT,
): Promise<ResolvedSession | null> {
  const [row] = await sessionLookup(db).execute({
    tokenHash: hashToken(rawToken),
    now: now.toISOString(),
    signedInAfter: new Date(now.getTime() - SESSION_ABSOLUTE_TTL_MS).toISOString(),
  });
  if (!row?.user.isActive) return null;
  let renewedUntil: Date | null = null;
  const slid = slidingExpiry(row.session.createdAt, now);
  const changes: Partial<typeof sessions.$inferInsert> = {};
  if (slid.getTime() - row.session.expiresAt.getTime() > SESSION_SLIDE_AFTER_MS) {
    renewedUntil = slid;
    changes.expiresAt = renewedUntil;
  }
  const ipChanged = client.ip !== null && client.ip !== row.session.ip;
  if (now.getTime() - row.session.lastSeenAt.getTime() >= SESSION_LAST_SEEN_EVERY_MS || renewedUntil) {
    changes.lastSeenAt = now;
    if (ipChanged) changes.ip = client.ip;
  }
  if (Object.keys(changes).length > 0) {
    await db.update(sessions).set(changes).where(eq(sessions.id, row.session.id));
  }
  const company =
    row.user.companyId !== null && row.companyName !== null
      ? { id: row.user.companyId, name: row.companyName }
      : null;
  return {
    sessionId: row.session.id,
    user: row.user,
    company,
    renewedUntil,
    expiresAt: renewedUntil ?? row.session.expiresAt,
    authenticatedAt: lastAuthentication(row.session.createdAt, row.session.steppedUpAt),
  };
}

/** The newer of a session's sign-in and its last step-up (ADR 0076). */
function lastAuthentication(signedInAt: Date, steppedUpAt: Date | null): Date {
  return steppedUpAt && steppedUpAt > signedInAt ? steppedUpAt : signedInAt;
}

/**
 * Deletes the session behind a raw token, if any.
 * @returns the id of the user it belonged to, or undefined when there was none
 */
export async function deleteSession(db: Executor, rawToken: string): Promise<number | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(rawToken)))
    .returning({ userId: sessions.userId });
  return row?.userId;
}

/** The condition of a live session at `now`: not expired, and signed in less than 90 days ago. */
function live(now: Date) {
  return and(
    gt(sessions.expiresAt, now),
    gt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_TTL_MS)),
  );
}

/**
 * The live sessions of a user, most recently seen first (docs/product.md#12-account-records),
 * each with browser, system and device kind read from its User-Agent.
 * @param currentId the id of the asking request's session, marked `current`
 */
export async function listSessions(
  db: Executor,
  userId: number,
  currentId: number | null,
  now = new Date(),
): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentId,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/**
 * Ends sessions of `userId` at once (the next request on them answers 401): the rows are
 * deleted. `which` picks them: `{ ids }` those of the user among the ids, `{ except }` all but
 * one (sign out other devices), `"all"` every one.
 * @returns how many live sessions were ended (expired rows go too, uncounted)
 */
export async function endSessions(
  tx: Executor,
  userId: number,
  which: { ids: number[] } | { except: number } | "all",
  now = new Date(),
): Promise<number> {
  const pick =
    which === "all"
      ? undefined
      : "ids" in which
        ? inArray(sessions.id, which.ids.length > 0 ? which.ids : [0])
        : ne(sessions.id, which.except);
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), pick))
    .returning({ expiresAt: sessions.expiresAt, createdAt: sessions.createdAt });
  const oldest = now.getTime() - SESSION_ABSOLUTE_TTL_MS;
  return ended.filter((row) => row.expiresAt > now && row.createdAt.getTime() > oldest).length;
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
 * Signs a user out everywhere (on deactivation, ADR 0038): ends every session of `userId` and
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
