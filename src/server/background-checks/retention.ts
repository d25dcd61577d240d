import { and, asc, inArray, isNull, lte } from "drizzle-orm";
import { RETENTION_BATCH_SIZE } from "../../common/limits";
import { recordAudit } from "../auth/audit";
import type { Database } from "../db/database";
import { backgroundCheckFiles, backgroundChecks, users } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { type DeletionLog, deleteQueuedFiles, queueFileDeletions } from "./file-deletions";

/**
 * Document retention (ADR 0058, docs/product.md#12-account-records): the uploaded files of a
 * decided check (Approved or Rejected) are deleted DOCUMENT_RETENTION_DAYS days after the
 * decision; 0 days turns purging off. The check row stays, with its status, dates, file names
 * and a "files purged on …" mark (`files_purged_at`); its files leave storage through the
 * deletion queue (file-deletions.ts). Every process runs the step from the outbox sweep; a check
 * is claimed with `FOR UPDATE SKIP LOCKED`, so two processes never purge the same one, and a
 * reviewer reopening a check waits for (or wins over) its purge, never half of it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the files of `check` are due to be purged: its decision (`reviewedAt`) plus
 * `retentionDays` days; null when it is not decided, or purging is off (0 days).
 */
export function purgeDueAt(
  check: { status: string; reviewedAt: Date | null },
  retentionDays: number,
): Date | null {
  if (retentionDays <= 0 || !check.reviewedAt) return null;
  if (check.status !== "approved" && check.status !== "rejected") return null;
  return new Date(check.reviewedAt.getTime() + retentionDays * DAY_MS);
}

/**
 * Purges the checks whose retention has run out at `now`, up to {@link RETENTION_BATCH_SIZE} per
 * call, oldest decision first, in one transaction: each is claimed (`FOR UPDATE SKIP LOCKED`, so
 * concurrent processes take different checks and a concurrent review waits), marked
 * `files_purged_at = now`, its files' keys queued for deletion, and a `files_purged` entry
 * appended to the audit trail (ADR 0057).
 * @returns the ids of the checks purged
 */
export async function purgeExpiredChecks(
  db: Database,
  options: { retentionDays: number; now?: Date },
): Promise<number[]> {
  if (options.retentionDays <= 0) return [];
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: backgroundChecks.id, userId: backgroundChecks.userId })
      .from(backgroundChecks)
      .where(
        and(
          isNull(backgroundChecks.filesPurgedAt),
          inArray(backgroundChecks.status, ["approved", "rejected"]),
          lte(backgroundChecks.reviewedAt, cutoff),
        ),
      )
      .orderBy(asc(backgroundChecks.reviewedAt), asc(backgroundChecks.id))
      .limit(RETENTION_BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((check) => check.id);
    const files = await tx
      .select({ key: backgroundCheckFiles.filePath, checkId: backgroundCheckFiles.backgroundCheckId })
      .from(backgroundCheckFiles)
      .where(inArray(backgroundCheckFiles.backgroundCheckId, ids));
    // Due at this pass's clock, so runRetention deletes them in the same pass (ADR 0058).
    await queueFileDeletions(tx, files, { now });
    await tx.update(backgroundChecks).set({ filesPurgedAt: now }).where(inArray(backgroundChecks.id, ids));
    const owners = await tx
      .select({ id: users.id, email: users.email, companyId: users.companyId })
      .from(users)
      .where(
        inArray(
          users.id,
          due.map((check) => check.userId),
        ),
      );
    for (const check of due) {
      const owner = owners.find((row) => row.id === check.userId);
      if (!owner) continue;
      const count = files.filter((file) => file.checkId === check.id).length;
      await recordAudit(tx, {
        action: "files_purged",
        actor: null,
        target: { id: owner.id, email: owner.email, companyId: owner.companyId },
        detail: String(count),
      });
    }
    return ids;
  });
}

/**
 * The retention step of the background sweep (ADR 0058): purges the checks whose retention ran
 * out, batch after batch, then deletes the queued files that are due (this step's and any a
 * failed earlier deletion left), through the storage interface.
 * @param options.now the clock: tests pass one they control
 * @returns how many checks were purged and files deleted, and how many deletions failed
 * @throws a database error (nothing is half done: each batch is one transaction, and the queue
 *   keeps what is not deleted yet)
 */
export async function runRetention(
  db: Database,
  storage: FileStorage,
  options: { retentionDays: number; now?: Date; log?: DeletionLog },
): Promise<{ purgedChecks: number; deletedFiles: number; failedFiles: number }> {
  const now = options.now ?? new Date();
  let purgedChecks = 0;
  for (;;) {
    const purged = await purgeExpiredChecks(db, { retentionDays: options.retentionDays, now });
    purgedChecks += purged.length;
    if (purged.length < RETENTION_BATCH_SIZE) break;
  }
  const { deleted, failed } = await deleteQueuedFiles(db, storage, { now, log: options.log });
  return { purgedChecks, deletedFiles: deleted, failedFiles: failed };
}
