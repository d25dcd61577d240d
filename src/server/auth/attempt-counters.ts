import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { attemptCounters } from "../db/schema";

/**
 * Atomic attempt counters in the database (ADR 0076): a count per key in a fixed window, taken
 * and bumped by ONE statement, so requests racing each other each get their own number and no
 * more than the limit pass, whichever process serves them (the row lock of `ON CONFLICT DO
 * UPDATE` orders them). Used for the sign-in code's wrong codes per client IP (ADR 0060): a
 * check first takes a slot here, and gives it back when its code turned out right or was
 * never compared.
 */

/**
 * Adds one to `key`'s count in its window, starting a new window of `windowMs` at 1 when there
 * is none or it has ended.
 * @returns the count including this one, and when the window ends
 */
export async function bumpAttempt(
  db: Executor,
  key: string,
  windowMs: number,
): Promise<{ count: number; resetAt: Date }> {
  const ends = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const ended = sql`${attemptCounters.expiresAt} <= now()`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, count: 1, expiresAt: ends })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${ended} then 1 else ${attemptCounters.count} + 1 end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${attemptCounters.expiresAt} end`,
      },
    })
    .returning({ count: attemptCounters.count, expiresAt: attemptCounters.expiresAt });
  if (!row) throw new Error("attempt counter upsert returned no row");
  return { count: row.count, resetAt: new Date(row.expiresAt) };
}

/** Takes back one attempt of `key` (one that was counted but must not count), never below 0. */
export async function returnAttempt(db: Executor, key: string): Promise<void> {
  await db
    .update(attemptCounters)
    .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
    .where(eq(attemptCounters.key, key));
}

/** Deletes counters whose window has ended (they count for nothing any more). */
export async function deleteEndedAttempts(db: Executor): Promise<void> {
  await db.delete(attemptCounters).where(sql`${attemptCounters.expiresAt} <= now()`);
}
