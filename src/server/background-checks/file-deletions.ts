import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  FILE_DELETION_LEASE_MS,
  FILE_DELETION_MAX_DELAY_MS,
  FILE_DELETION_RETRY_BASE_MS,
} from "../../common/limits";
import type { Database, Executor } from "../db/database";
import { safeError } from "../db/faults";
import { fileDeletions } from "../db/schema";
import type { FileStorage } from "../files/storage";

/**
 * The deletion queue of stored files (ADR 0058). Whatever gives files up (the retention purge,
 * the deletion of checks or of a user) queues their keys in its own transaction; the objects
 * are then deleted from storage through the `FileStorage` interface only (so local disk and S3
 * alike), each claimed by one process at a time (`FOR UPDATE SKIP LOCKED` plus a lease, as the
 * outbox claims emails, ADR 0012), and a row leaves the queue only once storage has confirmed
 * the deletion. A failed deletion stays queued and is tried again with backoff (1 minute
 * doubling up to 6 hours), forever: a file is never forgotten.
 */

/** Where a deletion step reports failures (a pino/Fastify logger fits). */
export interface DeletionLog {
  warn(object: object, message: string): void;
}

/** Rows claimed per round; deletions within a round run this many at a time; rounds per call. */
const CLAIM_BATCH = 50;
const PARALLEL_DELETES = 4;
const MAX_ROUNDS = 20;

/**
 * Queues the files `files` for deletion inside `tx` (the transaction that gives them up).
 * @param options.now when they are due: the clock of the caller that goes on to delete what is
 *   due (the retention pass, ADR 0058), so the same pass deletes them; unset, the database's
 *   time of the insert
 * @returns the queue rows' ids, for {@link deleteQueuedFiles}'s `ids` (empty when none)
 */
export async function queueFileDeletions(
  tx: Executor,
  files: ReadonlyArray<{ key: string; checkId: number | null }>,
  options: { now?: Date } = {},
): Promise<number[]> {
  if (files.length === 0) return [];
  const due = options.now ? { nextAttemptAt: options.now } : {};
  const rows = await tx
    .insert(fileDeletions)
    .values(files.map((file) => ({ storageKey: file.key, backgroundCheckId: file.checkId, ...due })))
    .returning({ id: fileDeletions.id });
  return rows.map((row) => row.id);
}

/** Where {@link discardFiles} reports (a pino/Fastify logger fits). */
export interface DiscardLog extends DeletionLog {
  error(object: object, message: string): void;
}

/**
 * Removes stored objects no row refers to: the files of an upload that failed, and a key a
 * failed put may have stored all the same (ADR 0078). Each object is deleted through `storage`
 * at once; one whose deletion fails joins the deletion queue (ADR 0058) with its error, one
 * failed attempt and the backoff's due time, so the background step deletes it once storage is
 * back, and a warning names its key. When the queue cannot be written either (the database is
 * down too), the keys are logged at error level: only then can an object outlive its upload,
 * and the log says which, for an operator to remove.
 * Never throws: the caller answers with the upload's own error.
 */
export async function discardFiles(
  db: Database,
  storage: FileStorage,
  keys: readonly string[],
  log: DiscardLog,
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = keys.flatMap((key, index) => {
    const result = results[index];
    return result?.status === "rejected" ? [{ key, error: result.reason as unknown }] : [];
  });
  if (failed.length === 0) return;
  const nextAttemptAt = new Date(Date.now() + deletionRetryDelay(1));
  try {
    await db.insert(fileDeletions).values(
      failed.map(({ key, error }) => ({
        storageKey: key,
        attempts: 1,
        lastError: errorText(error),
        nextAttemptAt,
      })),
    );
  } catch (queueError) {
    log.error(
      {
        storageKeys: failed.map(({ key }) => key),
        err: safeError(queueError),
        storageErr: safeError(failed[0]?.error),
      },
      "could not remove the stored files of a failed upload nor queue their deletion; they stay in storage",
    );
    return;
  }
  for (const { key, error } of failed) {
    log.warn(
      { storageKey: key, err: safeError(error) },
      "could not remove a stored file of a failed upload; its deletion is queued and tried again",
    );
  }
}

/** An error's message as `last_error` keeps it (at most 500 characters). */
function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** Backoff after the `attempts`-th failed try: base × 2^(attempts−1), capped (ADR 0058). */
export function deletionRetryDelay(attempts: number): number {
  return Math.min(FILE_DELETION_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), FILE_DELETION_MAX_DELAY_MS);
}

type Claimed = { id: number; storageKey: string; attempts: number };

/**
 * Claims up to {@link CLAIM_BATCH} queued deletions nobody holds: due ones (`next_attempt_at`
 * reached), or, with `ids`, those rows whatever their due time (the deletion right after a commit).
 * Each claim takes a lease and adds one to `attempts`, which names the claim (as ADR 0037's).
 */
async function claim(db: Database, now: Date, ids: number[] | undefined): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const free = or(isNull(fileDeletions.lockedUntil), lte(fileDeletions.lockedUntil, now));
    const which = ids ? inArray(fileDeletions.id, ids) : lte(fileDeletions.nextAttemptAt, now);
    const due = await tx
      .select({ id: fileDeletions.id })
      .from(fileDeletions)
      .where(and(which, free))
      .orderBy(asc(fileDeletions.id))
      .limit(CLAIM_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(fileDeletions)
      .set({
        lockedUntil: new Date(now.getTime() + FILE_DELETION_LEASE_MS),
        attempts: sql`${fileDeletions.attempts} + 1`,
      })
      .where(
        inArray(
          fileDeletions.id,
          due.map((row) => row.id),
        ),
      )
      .returning({
        id: fileDeletions.id,
        storageKey: fileDeletions.storageKey,
        attempts: fileDeletions.attempts,
      });
  });
}

/**
 * Deletes queued files from `storage` (ADR 0058): claims rows, deletes each object, and removes
 * its row once storage confirms; a failure releases the row with the error and a later due time.
 * Only rows still under this call's claim are settled, so a row another process re-claimed after
 * a lapsed lease is left to it.
 * @param options.ids only these queue rows (right after the transaction that queued them);
 *   otherwise every due row, round after round until none is left
 * @param options.now the clock (tests pass their own; ADR 0058)
 * @returns how many objects were deleted and how many deletions failed (and stay queued); at
 *   most 1,000 rows per call, the next call takes the rest
 * @throws a database error (the rows stay queued; their leases lapse and they are claimed again)
 */
export async function deleteQueuedFiles(
  db: Database,
  storage: FileStorage,
  options: { ids?: number[]; now?: Date; log?: DeletionLog } = {},
): Promise<{ deleted: number; failed: number }> {
  const now = options.now ?? new Date();
  let deleted = 0;
  let failed = 0;
  if (options.ids && options.ids.length === 0) return { deleted, failed };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const batch = await claim(db, now, options.ids);
    if (batch.length === 0) break;
    let next = 0;
    const worker = async () => {
      for (let row = batch[next++]; row; row = batch[next++]) {
        const settled = and(eq(fileDeletions.id, row.id), eq(fileDeletions.attempts, row.attempts));
        try {
          await storage.delete(row.storageKey);
        } catch (error) {
          failed++;
          options.log?.warn(
            { storageKey: row.storageKey, attempts: row.attempts, err: safeError(error) },
            "could not delete a stored file; it stays queued and is tried again",
          );
          await db
            .update(fileDeletions)
            .set({
              lockedUntil: null,
              lastError: errorText(error),
              nextAttemptAt: new Date(now.getTime() + deletionRetryDelay(row.attempts)),
            })
            .where(settled);
          continue;
        }
        deleted++;
        await db.delete(fileDeletions).where(settled);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_DELETES, batch.length) }, worker));
    // A round that claimed given ids has taken all it could; due rows go on until none is left.
    if (options.ids) break;
  }
  return { deleted, failed };
}
