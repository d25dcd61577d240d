import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  CheckAuditEntry,
  CheckDetail,
  CheckStatus,
  CheckSummary,
} from "../../common/api/background-checks";
import { ERROR_CODES } from "../../common/api/errors";
import { canReview, canView, type ManageScope, permitted, scopeFilter } from "../auth/policy";
import type { UserRow } from "../auth/sessions";
import { HttpError, notFound } from "../core/errors";
import type { Database, Executor } from "../db/database";
import { firstRow } from "../db/queries";
import { backgroundCheckAudit, backgroundCheckFiles, backgroundChecks, users } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { enqueueEmail } from "../mail/outbox";
import { decisionChange, decisionEmail } from "./emails";
import { deleteQueuedFiles, queueFileDeletions } from "./file-deletions";
import { purgeDueAt } from "./retention";

/** A file already written to storage, waiting for its database row. */
export interface StoredUpload {
  key: string;
  originalName: string;
  fileType: string;
  fileSize: number;
}

type CheckRow = typeof backgroundChecks.$inferSelect;
const owners = alias(users, "owners");
const reviewers = alias(users, "reviewers");

/** Files per check. Written out in full: Drizzle leaves columns unqualified inside `sql`, which
 * would make `id` resolve to the subquery's own table. */
const fileCount = sql<number>`(select count(*)::int from "background_check_files" as f where f."background_check_id" = "background_checks"."id")`;

/**
 * A check as the API shows it. `retentionDays` (DOCUMENT_RETENTION_DAYS, ADR 0058) dates the
 * purge of a decided check's files; 0 means never.
 */
function toSummary(row: CheckRow, files: number, retentionDays: number): CheckSummary {
  const due = row.filesPurgedAt ? null : purgeDueAt(row, retentionDays);
  return {
    id: row.id,
    userId: row.userId,
    fullName: row.fullName,
    email: row.email,
    status: row.status,
    passedCheck: row.passedCheck,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    notes: row.notes,
    fileCount: Number(files),
    filesPurgedAt: row.filesPurgedAt ? row.filesPurgedAt.toISOString() : null,
    filesPurgeDueAt: due ? due.toISOString() : null,
  };
}

/**
 * Stores a submission (docs/product.md#7-api `POST /api/background-checks`): the check (status pending),
 * its file rows and the first audit row, in one transaction. The check's email is the owner's
 * account email, whatever the form said (the check belongs to the account, not to what was typed).
 * @param input the form's fields; `email` is ignored
 * @param files already in storage; the caller removes them if this throws
 */
export async function createCheck(
  db: Database,
  owner: UserRow,
  input: { fullName: string; email?: string },
  files: StoredUpload[],
  retentionDays = 0,
): Promise<CheckSummary> {
  return db.transaction(async (tx) => {
    const [check] = await tx
      .insert(backgroundChecks)
      .values({ userId: owner.id, fullName: input.fullName, email: owner.email })
      .returning();
    if (!check) throw new Error("background check insert returned no row");
    await tx.insert(backgroundCheckFiles).values(
      files.map((file) => ({
        backgroundCheckId: check.id,
        fileName: file.key,
        originalName: file.originalName,
        fileType: file.fileType,
        fileSize: file.fileSize,
        filePath: file.key,
      })),
    );
    await tx.insert(backgroundCheckAudit).values({
      backgroundCheckId: check.id,
      actorId: owner.id,
      actorName: owner.fullName,
      fromStatus: null,
      toStatus: check.status,
    });
    return toSummary(check, files.length, retentionDays);
  });
}

/**
 * The caller's own checks, newest first (docs/product.md#7-api `GET /api/background-checks/my`).
 * @param retentionDays DOCUMENT_RETENTION_DAYS, for each check's purge date (ADR 0058)
 */
export async function listOwnChecks(
  db: Database,
  userId: number,
  retentionDays = 0,
): Promise<CheckSummary[]> {
  const rows = await db
    .select({ check: backgroundChecks, files: fileCount })
    .from(backgroundChecks)
    .where(eq(backgroundChecks.userId, userId))
    .orderBy(desc(backgroundChecks.submittedAt), desc(backgroundChecks.id));
  return rows.map((row) => toSummary(row.check, row.files, retentionDays));
}

/**
 * Checks a manager may review, newest first (docs/product.md#7-api `GET /api/background-checks`): all for an
 * admin, those of users in their own company for a company admin (ADR 0009).
 */
export async function listChecks(
  db: Database,
  scope: ManageScope,
  retentionDays = 0,
): Promise<CheckSummary[]> {
  const rows = await db
    .select({ check: backgroundChecks, files: fileCount })
    .from(backgroundChecks)
    .innerJoin(owners, eq(owners.id, backgroundChecks.userId))
    .where(scopeFilter(scope, owners.companyId))
    .orderBy(desc(backgroundChecks.submittedAt), desc(backgroundChecks.id));
  return rows.map((row) => toSummary(row.check, row.files, retentionDays));
}

/** A check with its owner's company, for the policy's per-row rules. */
async function findWithOwnership(db: Executor, id: number) {
  const row = await firstRow(
    db
      .select({ check: backgroundChecks, ownerCompanyId: owners.companyId })
      .from(backgroundChecks)
      .innerJoin(owners, eq(owners.id, backgroundChecks.userId))
      .where(eq(backgroundChecks.id, id)),
  );
  return row
    ? { check: row.check, ownership: { ownerId: row.check.userId, ownerCompanyId: row.ownerCompanyId } }
    : undefined;
}

/**
 * Finds a check the viewer may see (policy `canView`): their own, or one in their manage
 * scope. Anything else is answered as not found, so ids of other people's checks reveal
 * nothing (IDOR).
 * @throws 404 NOT_FOUND
 */
export async function findVisibleCheck(db: Executor, viewer: UserRow, id: number): Promise<CheckRow> {
  const found = await findWithOwnership(db, id);
  if (!found || !canView(viewer, found.ownership)) throw notFound("Background check not found.");
  return found.check;
}

/**
 * One check with its files and audit trail (`GET /api/background-checks/{id}`). The
 * files of a purged check are still listed (name, type, size): `filesPurgedAt` says they are gone.
 */
export async function getCheckDetail(db: Database, check: CheckRow, retentionDays = 0): Promise<CheckDetail> {
  const [files, audit, reviewer] = await Promise.all([
    db
      .select()
      .from(backgroundCheckFiles)
      .where(eq(backgroundCheckFiles.backgroundCheckId, check.id))
      .orderBy(asc(backgroundCheckFiles.id)),
    db
      .select()
      .from(backgroundCheckAudit)
      .where(eq(backgroundCheckAudit.backgroundCheckId, check.id))
      .orderBy(asc(backgroundCheckAudit.createdAt), asc(backgroundCheckAudit.id)),
    check.reviewedBy === null
      ? Promise.resolve([])
      : db.select({ fullName: reviewers.fullName }).from(reviewers).where(eq(reviewers.id, check.reviewedBy)),
  ]);
  return {
    ...toSummary(check, files.length, retentionDays),
    reviewedByName: reviewer[0]?.fullName ?? null,
    files: files.map((file) => ({
      id: file.id,
      originalName: file.originalName,
      fileType: file.fileType,
      fileSize: file.fileSize,
      uploadedAt: file.uploadedAt.toISOString(),
    })),
    audit: audit.map(
      (entry): CheckAuditEntry => ({
        id: entry.id,
        actorName: entry.actorName,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        notes: entry.notes,
        createdAt: entry.createdAt.toISOString(),
      }),
    ),
  };
}

/** Statuses that close a review; moving to any other reopens the check (docs/product.md#4-states). */
const DECIDED: ReadonlySet<CheckStatus> = new Set(["approved", "rejected"]);

/**
 * Reviews a check (docs/product.md#7-api `PATCH /api/background-checks/{id}`) and appends an audit row (who,
 * when, from, to, notes). The row is locked for the update, so concurrent reviews are recorded
 * one after the other with correct "from" statuses.
 * - approved / rejected: passedCheck true / false (docs/product.md#4-states), reviewedAt and reviewedBy stamped,
 *   notes as given (kept when omitted);
 * - pending / in_review reopen the check (docs/product.md#4-states): reviewedAt, reviewedBy and passedCheck are
 *   cleared, and so are a decided check's notes unless new ones are given; earlier notes stay in
 *   the audit trail.
 *
 * A decision (to Approved or Rejected) and a reopened decision email the applicant once, in her
 * language, through the outbox in this same transaction (docs/product.md#12-account-records):
 * the email exists exactly when the change is committed, and the outbox delivers it once.
 * @param options.publicUrl base of the email's dashboard link; `retentionDays` dates the purge
 * @throws 404 outside the reviewer's scope (ADR 0009); 403 SELF_REVIEW_FORBIDDEN for the
 *   reviewer's own check (ADR 0017)
 */
export async function reviewCheck(
  db: Database,
  reviewer: UserRow,
  id: number,
  input: { status: CheckStatus; notes?: string | null | undefined },
  options: { publicUrl: string; retentionDays: number } = { publicUrl: "", retentionDays: 0 },
): Promise<CheckSummary> {
  return db.transaction(async (tx) => {
    const found = permitted(await findWithOwnership(tx, id), (row) => canReview(reviewer, row.ownership), {
      notFound: "Background check not found.",
      self: {
        code: ERROR_CODES.SELF_REVIEW_FORBIDDEN,
        message: "You can't review your own background check. Another reviewer has to decide it.",
      },
    });
    const [current] = await tx
      .select()
      .from(backgroundChecks)
      .where(eq(backgroundChecks.id, found.check.id))
      .for("update");
    if (!current) throw notFound("Background check not found.");
    const decided = DECIDED.has(input.status);
    // Reopening a decided check drops the decision's notes from the check (the audit keeps them).
    const kept = decided || !DECIDED.has(current.status) ? current.notes : null;
    const notes = input.notes === undefined ? kept : input.notes || null;
    const [updated] = await tx
      .update(backgroundChecks)
      .set({
        status: input.status,
        notes,
        passedCheck: decided ? input.status === "approved" : null,
        reviewedAt: decided ? new Date() : null,
        reviewedBy: decided ? reviewer.id : null,
      })
      .where(eq(backgroundChecks.id, current.id))
      .returning();
    if (!updated) throw notFound("Background check not found.");
    await tx.insert(backgroundCheckAudit).values({
      backgroundCheckId: current.id,
      actorId: reviewer.id,
      actorName: reviewer.fullName,
      fromStatus: current.status,
      toStatus: input.status,
      notes,
    });
    const change = decisionChange(current.status, input.status);
    if (change) {
      const [owner] = await tx
        .select({ email: users.email, fullName: users.fullName, language: users.language })
        .from(users)
        .where(eq(users.id, current.userId));
      if (owner) {
        const email = decisionEmail({
          publicUrl: options.publicUrl,
          change,
          fullName: owner.fullName,
          notes: change === "reopened" ? null : notes,
          language: owner.language,
        });
        await enqueueEmail(tx, { kind: "check_decision", to: owner.email, ...email });
      }
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(backgroundCheckFiles)
      .where(eq(backgroundCheckFiles.backgroundCheckId, current.id));
    return toSummary(updated, n, options.retentionDays);
  });
}

/**
 * A file of a check, for download or preview.
 * @throws 404 when the file is not part of the check; 410 GONE once the retention purge
 *   removed the check's files (ADR 0058)
 */
export async function findCheckFile(db: Database, check: CheckRow, fileId: number) {
  const checkId = check.id;
  if (check.filesPurgedAt) {
    throw new HttpError(
      410,
      ERROR_CODES.GONE,
      `The files of this background check were deleted on ${check.filesPurgedAt.toISOString().slice(0, 10)}, after the retention period.`,
    );
  }
  const file = await firstRow(
    db
      .select()
      .from(backgroundCheckFiles)
      .where(and(eq(backgroundCheckFiles.id, fileId), eq(backgroundCheckFiles.backgroundCheckId, checkId))),
  );
  if (!file) throw notFound("File not found.");
  return file;
}

/**
 * Deletes checks and their files, from storage as well (docs/product.md#3-records: files go with their check).
 * The rows go and their files' keys join the deletion queue in one transaction (ADR 0058); the
 * objects are removed right after the commit, and any removal that fails stays queued for the
 * background step to retry, so no file is forgotten and no row points at a missing file.
 * @returns how many checks were deleted
 */
export async function deleteChecks(db: Database, storage: FileStorage, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const queued = await db.transaction(async (tx) => {
    // A purged check's files are queued (or gone) already.
    const files = await tx
      .select({ key: backgroundCheckFiles.filePath, checkId: backgroundCheckFiles.backgroundCheckId })
      .from(backgroundCheckFiles)
      .innerJoin(backgroundChecks, eq(backgroundChecks.id, backgroundCheckFiles.backgroundCheckId))
      .where(
        and(inArray(backgroundCheckFiles.backgroundCheckId, ids), isNull(backgroundChecks.filesPurgedAt)),
      );
    await tx.delete(backgroundChecks).where(inArray(backgroundChecks.id, ids));
    return queueFileDeletions(tx, files);
  });
  await deleteQueuedFiles(db, storage, { ids: queued });
  return ids.length;
}

/**
 * Deletes a user (docs/product.md#3-records): their sessions, magic-link tokens and checks go by cascade, and the
 * files of their checks are removed from storage as well (via {@link deleteChecks}).
 * @returns false when no such user exists
 */
export async function deleteUserWithChecks(
  db: Database,
  storage: FileStorage,
  userId: number,
): Promise<boolean> {
  const checks = await db
    .select({ id: backgroundChecks.id })
    .from(backgroundChecks)
    .where(eq(backgroundChecks.userId, userId));
  await deleteChecks(
    db,
    storage,
    checks.map((check) => check.id),
  );
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
