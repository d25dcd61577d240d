import { randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import {
  MAGIC_LINK_TTL_MS,
  SIGN_IN_CODE_ADDRESS_WINDOW_MS,
  SIGN_IN_CODE_DIGITS,
  SIGN_IN_CODE_IP_WINDOW_MS,
  SIGN_IN_CODE_MAX_WRONG,
  SIGN_IN_CODE_WRONG_PER_ADDRESS,
  SIGN_IN_CODE_WRONG_PER_IP,
} from "../../common/limits";
import type { Database, Executor } from "../db/database";
import { transactionWithRetry } from "../db/retry";
import { magicLinkTokens, signInCodeFailures, users } from "../db/schema";
import { bumpAttempt, deleteEndedAttempts, returnAttempt } from "./attempt-counters";
import { type ClientInfo, recordAudit, unknownAddress } from "./audit";
import { startSignedInSession, type UserRow } from "./sessions";

/**
 * The one-time code of every sign-in email (ADR 0060): six digits beside the link, in the same
 * `magic_link_tokens` row, so the code and the link live, expire and are used up together. The
 * row keeps only an scrypt digest of the code. A code is checked only against the link asked for
 * by the browser that types it (found by its binding cookie, ADR 0015), so it signs in no other
 * browser; wrong codes are counted per request, per address and per client IP, for addresses
 * with and without an account alike.
 */

/**
 * scrypt cost of the code digest: N = 2^14, r = 8, p = 1, the interactive-login setting of the
 * scrypt paper (Percival 2009, RFC 7914 §2): about 16 MiB and tens of milliseconds per digest.
 * Six digits are a million candidates: a plain hash would give up a leaked row's code at once,
 * this makes trying them all cost hours of CPU, past the code's 15 minutes.
 */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const SCRYPT_KEY_BYTES = 32;
/** Prefix of a digest: the scheme and its parameters, so another cost can come later. */
const DIGEST_PREFIX = "scrypt14";

function scryptAsync(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(code, salt, SCRYPT_KEY_BYTES, SCRYPT, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A new random code and its digest: `code` goes into the email only, `digest` into the row. */
export async function issueSignInCode(): Promise<{ code: string; digest: string }> {
  const code = String(randomInt(0, 10 ** SIGN_IN_CODE_DIGITS)).padStart(SIGN_IN_CODE_DIGITS, "0");
  const salt = randomBytes(16);
  const key = await scryptAsync(code, salt);
  return { code, digest: `${DIGEST_PREFIX}:${salt.toString("base64url")}:${key.toString("base64url")}` };
}

/**
 * Whether `code` is the one `digest` was made from, in constant time. Without a digest (no
 * such link, or one from before codes) it still computes one digest, so the answer takes as long
 * for an address without an account as for one with (ADR 0060).
 */
export async function signInCodeMatches(code: string, digest: string | null | undefined): Promise<boolean> {
  const [prefix, salt, expected] = digest?.split(":") ?? [];
  const usable = prefix === DIGEST_PREFIX && salt !== undefined && expected !== undefined;
  const key = await scryptAsync(code, usable ? Buffer.from(salt, "base64url") : randomBytes(16));
  if (!usable) return false;
  const wanted = Buffer.from(expected, "base64url");
  return wanted.length === key.length && timingSafeEqual(wanted, key);
}

/** Advisory-lock namespace of code checks (first key; the second is a hash of the address). */
const CODE_LOCK_NAMESPACE = 7_401_060;

/** What the code check of {@link verifySignInCode} came to. */
export type SignInCodeOutcome =
  | { status: "ok"; user: UserRow; session: { token: string; expiresAt: Date } }
  /** Not the code of a usable link this browser asked for (also: no such account). */
  | { status: "wrong" }
  /** This request's code has had {@link SIGN_IN_CODE_MAX_WRONG} wrong tries: it is dead. */
  | { status: "exhausted" }
  /** Too many wrong codes for the address or from the IP; try again in `retryAfterSeconds`. */
  | { status: "limited"; retryAfterSeconds: number }
  /** The right code of this browser's newest email, which (or whose link) has already signed in. */
  | { status: "used" }
  /** The right code of a deactivated account (it was deactivated after the email went). */
  | { status: "inactive" };

/** Seconds until `oldest` leaves a window of `windowMs` (at least 1). */
function secondsUntilOut(oldest: Date | string | null, windowMs: number, now: Date): number {
  const start = oldest ? new Date(oldest).getTime() : now.getTime();
  return Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000));
}

/**
 * Signs in with a sign-in email's code (ADR 0060):
 * 0. takes one of the IP's {@link SIGN_IN_CODE_WRONG_PER_IP} slots in its window with one atomic
 *    statement (ADR 0076), and refuses (`limited`) when there is none left, so checks racing
 *    each other from one IP, whatever their addresses, never compare more codes than the limit;
 *    the slot is given back unless a wrong code was compared. Then, in one transaction
 *    serialised per address:
 * 1. refuses at once (`limited`) when the address has had {@link SIGN_IN_CODE_WRONG_PER_ADDRESS}
 *    wrong codes in its window, and (`exhausted`) when this browser's request has had
 *    {@link SIGN_IN_CODE_MAX_WRONG};
 * 2. finds the newest usable link of `email` whose binding is this browser's, and compares the
 *    code with its digest (a digest is computed even when there is none);
 * 3. on a wrong code records the failure (committed, whatever the address) and a
 *    `sign_in_code_wrong` audit entry (ADR 0057), and answers `wrong`, or `exhausted` when that
 *    was the last try;
 * 4. on the right code takes the user row first (docs/architecture.md "Lock order"), then uses
 *    up the link (and so its code) and starts a session, as a link would.
 * @param input.email the normalised address typed; input.code six digits; input.bindingHash
 *   digest of the browser's binding cookie (null without one); input.ipKey the client IP's
 *   rate-limit key; input.client the browser's address and User-Agent, kept by the session and
 *   the `signed_in` audit entry (ADR 0057)
 */
export async function verifySignInCode(
  db: Database,
  input: { email: string; code: string; bindingHash: string | null; ipKey: string; client: ClientInfo },
): Promise<SignInCodeOutcome> {
  const ipCounter = `sign-in-code-wrong-ip:${input.ipKey}`;
  const slot = await bumpAttempt(db, ipCounter, SIGN_IN_CODE_IP_WINDOW_MS);
  if (slot.count > SIGN_IN_CODE_WRONG_PER_IP) {
    return {
      status: "limited",
      retryAfterSeconds: Math.max(1, Math.ceil((slot.resetAt.getTime() - Date.now()) / 1000)),
    };
  }
  let comparedWrong = false;
  try {
    const outcome = await transactionWithRetry(db, async (tx): Promise<SignInCodeOutcome> => {
      comparedWrong = false;
      return checkCode(tx, input, () => {
        comparedWrong = true;
      });
    });
    if (!comparedWrong) await returnAttempt(db, ipCounter);
    return outcome;
  } catch (error) {
    // Nothing was recorded (the transaction rolled back): the slot is given back when the
    // database lets us; when it does not, the IP keeps one count too many until its window ends.
    await returnAttempt(db, ipCounter).catch(() => undefined);
    throw error;
  }
}

/** The per-address part of {@link verifySignInCode}, inside its transaction; calls `onWrong` when a wrong code was compared. */
async function checkCode(
  tx: Executor,
  input: { email: string; code: string; bindingHash: string | null; ipKey: string; client: ClientInfo },
  onWrong: () => void,
): Promise<SignInCodeOutcome> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK_NAMESPACE}, hashtext(${input.email}))`);
  const counts = await failureCounts(tx, input);
  const now = new Date();
  if (counts.byEmail >= SIGN_IN_CODE_WRONG_PER_ADDRESS) {
    return {
      status: "limited",
      retryAfterSeconds: secondsUntilOut(counts.oldestByEmail, SIGN_IN_CODE_ADDRESS_WINDOW_MS, now),
    };
  }
  if (counts.byBinding >= SIGN_IN_CODE_MAX_WRONG) return { status: "exhausted" };

  const [link] = input.bindingHash
    ? await tx
        .select({
          id: magicLinkTokens.id,
          userId: magicLinkTokens.userId,
          codeDigest: magicLinkTokens.codeDigest,
        })
        .from(magicLinkTokens)
        .where(
          and(
            eq(magicLinkTokens.bindingHash, input.bindingHash),
            eq(magicLinkTokens.email, input.email),
            eq(magicLinkTokens.used, false),
            gt(magicLinkTokens.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(magicLinkTokens.id))
        .limit(1)
    : [];
  if (!(await signInCodeMatches(input.code, link?.codeDigest))) {
    // No usable link: if the code is that of this browser's link that has signed in, say so
    // rather than "not right" (the person typed what the email said), and count no wrong try.
    if (!link && input.bindingHash && (await matchesUsedLink(tx, input))) return { status: "used" };
    onWrong();
    await tx.insert(signInCodeFailures).values({
      email: input.email,
      ipKey: input.ipKey,
      bindingHash: input.bindingHash,
    });
    await recordWrongCode(tx, input, input.bindingHash ? counts.byBinding + 1 : null);
    // Rows past the longest window count for nothing any more.
    await tx
      .delete(signInCodeFailures)
      .where(
        lt(
          signInCodeFailures.createdAt,
          sql`now() - make_interval(secs => ${Math.max(SIGN_IN_CODE_ADDRESS_WINDOW_MS, SIGN_IN_CODE_IP_WINDOW_MS) / 1000})`,
        ),
      );
    await deleteEndedAttempts(tx);
    return counts.byBinding + 1 >= SIGN_IN_CODE_MAX_WRONG ? { status: "exhausted" } : { status: "wrong" };
  }
  if (!link) return { status: "wrong" };
  // Lock order: the user row before her link, as sign-in by link and deactivation do.
  const [user] = await tx
    .update(users)
    .set({ lastLoginAt: new Date(), isEmailVerified: true })
    .where(and(eq(users.id, link.userId), eq(users.isActive, true)))
    .returning();
  if (!user) return { status: "inactive" };
  const [used] = await tx
    .update(magicLinkTokens)
    .set({ used: true })
    .where(
      and(
        eq(magicLinkTokens.id, link.id),
        eq(magicLinkTokens.used, false),
        gt(magicLinkTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: magicLinkTokens.id });
  // The link signed in meanwhile (it waited for the user row): its code went with it.
  if (!used) return { status: "used" };
  const session = await startSignedInSession(tx, user, input.client, "code");
  return { status: "ok", user, session };
}

/**
 * Whether `input.code` is the code of the newest used, unexpired link this browser (its binding)
 * asked for `input.email`: the link signed in, here or elsewhere, before the code was typed.
 */
async function matchesUsedLink(
  tx: Executor,
  input: { email: string; code: string; bindingHash: string | null },
): Promise<boolean> {
  if (!input.bindingHash) return false;
  const [usedLink] = await tx
    .select({ codeDigest: magicLinkTokens.codeDigest })
    .from(magicLinkTokens)
    .where(
      and(
        eq(magicLinkTokens.bindingHash, input.bindingHash),
        eq(magicLinkTokens.email, input.email),
        eq(magicLinkTokens.used, true),
        gt(magicLinkTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(magicLinkTokens.id))
    .limit(1);
  return usedLink?.codeDigest ? signInCodeMatches(input.code, usedLink.codeDigest) : false;
}

/**
 * Appends the `sign_in_code_wrong` entry of one wrong code (ADR 0057, 0060) inside `tx`: about
 * the account of `input.email`, or, for an address without one, the masked address and its
 * digest, never the address in clear. Refusals by the limits compare no code and write none, so
 * the entries a guesser can cause are bounded by the same limits as the guesses.
 * @param attempt which wrong try of this browser's code it was (1 to {@link SIGN_IN_CODE_MAX_WRONG}),
 *   or null without a binding cookie
 */
async function recordWrongCode(
  tx: Executor,
  input: { email: string; client: ClientInfo },
  attempt: number | null,
): Promise<void> {
  const [owner] = await tx
    .select({ id: users.id, email: users.email, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  await recordAudit(tx, {
    action: "sign_in_code_wrong",
    actor: null,
    ...(owner
      ? { target: { id: owner.id, email: owner.email, companyId: owner.companyId } }
      : unknownAddress(input.email)),
    detail: attempt === null ? null : String(attempt),
    client: input.client,
  });
}

/**
 * Wrong codes in their windows: for the address (with the oldest) and this request. The IP's
 * count is the atomic counter of {@link verifySignInCode} (ADR 0076).
 */
async function failureCounts(
  tx: Executor,
  input: { email: string; bindingHash: string | null },
): Promise<{
  byEmail: number;
  oldestByEmail: Date | string | null;
  byBinding: number;
}> {
  const f = signInCodeFailures;
  const since = (ms: number) => sql`${f.createdAt} > now() - make_interval(secs => ${ms / 1000})`;
  const ofEmail = sql`${f.email} = ${input.email} and ${since(SIGN_IN_CODE_ADDRESS_WINDOW_MS)}`;
  const ofBinding = input.bindingHash
    ? sql`${f.bindingHash} = ${input.bindingHash} and ${since(MAGIC_LINK_TTL_MS)}`
    : sql`false`;
  const [row] = await tx
    .select({
      byEmail: sql<number>`count(*) filter (where ${ofEmail})`.mapWith(Number),
      oldestByEmail: sql<Date | string | null>`min(${f.createdAt}) filter (where ${ofEmail})`,
      byBinding: sql<number>`count(*) filter (where ${ofBinding})`.mapWith(Number),
    })
    .from(f)
    .where(sql`(${f.email} = ${input.email} or ${ofBinding})`);
  return {
    byEmail: row?.byEmail ?? 0,
    oldestByEmail: row?.oldestByEmail ?? null,
    byBinding: row?.byBinding ?? 0,
  };
}
