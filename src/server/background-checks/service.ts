import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  CHECK_EVENTS,
  type CheckAuditEntry,
  type CheckDetail,
  type CheckEvent,
  type CheckStatus,
  type CheckSummary,
} from "../../common/api/background-checks";
import { ERROR_CODES } from "../../common/api/errors";
import type { Language } from "../../common/languages";
import { canReview, canView, type ManageScope, permitted, scopeFilter } from "../auth/policy";
import type { UserRow } from "../auth/sessions";
import { conflict, HttpError, notFound } from "../core/errors";
import type { Database, Executor } from "../db/database";
import { firstRow } from "../db/queries";
import {
  backgroundCheckAudit,
  backgroundCheckAuthorizations,
  backgroundCheckFiles,
  backgroundChecks,
  users,
} from "../db/schema";
import type { FileStorage } from "../files/storage";
import { enqueueEmail } from "../mail/outbox";
import { disputeFiledEmail, finalNoticeEmail, preAdverseEmail, receiptEmail } from "./adverse-emails";
import { addBusinessDays, businessDaysBetween } from "./business-days";
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
function toSummary(row: CheckRow, files: number, retentionDays: number, now = new Date()): CheckSummary {
  const due = row.filesPurgedAt ? null : purgeDueAt(row, retentionDays);
  const waiting = row.status === "pre_adverse_action" && row.finalAt !== null;
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
    finalAt: waiting && row.finalAt ? row.finalAt.toISOString() : null,
    businessDaysLeft: waiting && row.finalAt ? businessDaysBetween(now, row.finalAt) : null,
    disputedAt: waiting && row.disputedAt ? row.disputedAt.toISOString() : null,
  };
}

/** The system's name in the audit trail, for steps no person took (the final notice, ADR 0083). */
const SYSTEM_ACTOR = "AisleIQ";

/** The person's signed authorization of a new check, with its stored PDF receipt (ADR 0084). */
export interface SignedAuthorization {
  disclosureVersion: string;
  disclosureSha256: string;
  signatureName: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  language: Language;
  receiptKey: string;
  /** File name of the receipt as emailed. */
  receiptName: string;
  /** PUBLIC_URL, for the email's dashboard link. */
  publicUrl: string;
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
  authorization?: SignedAuthorization,
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
    if (authorization) {
      // Her consent, its audit entry and the receipt's email commit with the check or not at all,
      // so the receipt is emailed exactly once (the outbox, ADR 0012; ADR 0084).
      await tx.insert(backgroundCheckAuthorizations).values({
        backgroundCheckId: check.id,
        disclosureVersion: authorization.disclosureVersion,
        disclosureSha256: authorization.disclosureSha256,
        signatureName: authorization.signatureName,
        signedAt: authorization.signedAt,
        ip: authorization.ip,
        userAgent: authorization.userAgent,
        language: authorization.language,
        receiptKey: authorization.receiptKey,
      });
      await tx.insert(backgroundCheckAudit).values({
        backgroundCheckId: check.id,
        actorId: owner.id,
        actorName: owner.fullName,
        fromStatus: check.status,
        toStatus: check.status,
        // The version and hash live in the authorization row; the trail names the step.
        notes: null,
        event: "authorization_signed",
      });
      const email = receiptEmail({
        publicUrl: authorization.publicUrl,
        fullName: owner.fullName,
        language: authorization.language,
      });
      await enqueueEmail(tx, {
        kind: "check_authorization_receipt",
        to: owner.email,
        ...email,
        attachment: { key: authorization.receiptKey, name: authorization.receiptName },
      });
    }
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
  const [files, audit, reviewer, authorization] = await Promise.all([
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
    findAuthorization(db, check.id),
  ]);
  return {
    ...toSummary(check, files.length, retentionDays),
    reviewedByName: reviewer[0]?.fullName ?? null,
    disputeStatement: check.disputeStatement,
    authorization: authorization
      ? {
          disclosureVersion: authorization.disclosureVersion,
          signatureName: authorization.signatureName,
          signedAt: authorization.signedAt.toISOString(),
          language: authorization.language,
        }
      : null,
    files: files.map((file) => ({
      id: file.id,
      originalName: file.originalName,
      fileType: file.fileType,
      fileSize: file.fileSize,
      uploadedAt: file.uploadedAt.toISOString(),
      purpose: file.purpose === "dispute" ? "dispute" : "submission",
    })),
    audit: audit.map(
      (entry): CheckAuditEntry => ({
        id: entry.id,
        actorName: entry.actorName,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        notes: entry.notes,
        event: (CHECK_EVENTS as readonly string[]).includes(entry.event ?? "")
          ? (entry.event as CheckEvent)
          : null,
        createdAt: entry.createdAt.toISOString(),
      }),
    ),
  };
}

/** Statuses that close a review; moving to any other reopens the check (docs/product.md#4-states). */
const DECIDED: ReadonlySet<CheckStatus> = new Set(["approved", "rejected"]);

/** The adverse-action columns cleared when a check leaves that stage (ADR 0083). */
const NO_ADVERSE_ACTION = { preAdverseAt: null, finalAt: null, disputedAt: null, disputeStatement: null };

/** Options of the review and adverse-action steps. */
export interface ReviewOptions {
  /** PUBLIC_URL, for the emails' links. */
  publicUrl: string;
  /** DOCUMENT_RETENTION_DAYS, for the purge date in the answer (ADR 0058). */
  retentionDays: number;
  /** ADVERSE_ACTION_WAITING_DAYS: business days before a pending rejection is final (ADR 0083). */
  waitingDays?: number;
  /** The clock: tests pass one they control. */
  now?: Date;
}

/** The owner of a check as her emails need her. */
async function ownerOf(tx: Executor, userId: number) {
  const [owner] = await tx
    .select({ email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return owner;
}

/**
 * Makes pending rejections final (ADR 0083), with one conditional UPDATE: only rows still in
 * `pre_adverse_action` move to `rejected`, so whichever process or request gets there first
 * sends the final notice and every other finds nothing to do. The notice is queued in the outbox
 * and the audit entry written in the same transaction `tx`, so the notice exists exactly when
 * the rejection is final, and goes out once. Document retention counts from `reviewedAt = now`
 * (ADR 0058).
 * @param where which pending rejections: the due, undisputed ones (sweep) or one confirmed check
 * @returns the checks made final
 */
async function finalizeWhere(
  tx: Executor,
  where: ReturnType<typeof and>,
  options: { publicUrl: string; now: Date; actor: { id: number | null; name: string } | null },
): Promise<CheckRow[]> {
  const finals = await tx
    .update(backgroundChecks)
    .set({ status: "rejected", passedCheck: false, reviewedAt: options.now })
    .where(and(eq(backgroundChecks.status, "pre_adverse_action"), where))
    .returning();
  for (const check of finals) {
    if (options.actor) {
      await tx.insert(backgroundCheckAudit).values({
        backgroundCheckId: check.id,
        actorId: options.actor.id,
        actorName: options.actor.name,
        fromStatus: "pre_adverse_action",
        toStatus: "rejected",
        notes: check.notes,
        event: "adverse_action_confirmed",
      });
    }
    await tx.insert(backgroundCheckAudit).values({
      backgroundCheckId: check.id,
      actorId: null,
      actorName: SYSTEM_ACTOR,
      fromStatus: options.actor ? "rejected" : "pre_adverse_action",
      toStatus: "rejected",
      notes: null,
      event: "final_notice_sent",
    });
    const owner = await ownerOf(tx, check.userId);
    if (owner) {
      const email = finalNoticeEmail({
        publicUrl: options.publicUrl,
        fullName: owner.fullName,
        language: owner.language,
        notes: check.notes,
      });
      await enqueueEmail(tx, { kind: "check_final_notice", to: owner.email, ...email });
    }
  }
  return finals;
}

/**
 * The adverse-action step of the background sweep (ADR 0083): every pending rejection whose
 * waiting period ended at `now` without a dispute becomes final, and its final notice is queued,
 * in one transaction (see {@link finalizeWhere}). Safe to run in several processes at once.
 * @returns the ids of the checks made final
 * @throws a database error (nothing is half done; the next sweep tries again)
 */
export async function finalizeDueAdverseActions(
  db: Database,
  options: { publicUrl: string; now?: Date },
): Promise<number[]> {
  const now = options.now ?? new Date();
  const finals = await db.transaction((tx) =>
    finalizeWhere(tx, and(lte(backgroundChecks.finalAt, now), isNull(backgroundChecks.disputedAt)), {
      publicUrl: options.publicUrl,
      now,
      actor: null,
    }),
  );
  return finals.map((check) => check.id);
}

/**
 * Milliseconds until the next undisputed pending rejection becomes final, for the sweep to come
 * back then (capped by the caller); undefined when none is waiting.
 */
export async function nextFinalDueInMs(db: Database, now = new Date()): Promise<number | undefined> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${backgroundChecks.finalAt})` })
    .from(backgroundChecks)
    .where(and(eq(backgroundChecks.status, "pre_adverse_action"), isNull(backgroundChecks.disputedAt)));
  if (!row?.at) return undefined;
  return Math.max(0, new Date(row.at).getTime() - now.getTime());
}

/**
 * Reviews a check (docs/product.md#7-api `PATCH /api/background-checks/{id}`) and appends an audit row (who,
 * when, from, to, notes). The row is locked for the update, so concurrent reviews are recorded
 * one after the other with correct "from" statuses.
 * - approved: passedCheck true, reviewedAt and reviewedBy stamped, notes as given (kept when omitted);
 * - rejected starts the pre-adverse action (ADR 0083): status `pre_adverse_action`, the date the
 *   rejection becomes final (`waitingDays` business days on), and the pre-adverse notice to the
 *   person; on a check in that stage, "rejected" confirms it once she disputed it or the period
 *   ended (the final notice goes out, {@link finalizeWhere}), and is refused before;
 * - pending / in_review reopen the check (docs/product.md#4-states): reviewedAt, reviewedBy and passedCheck are
 *   cleared, and so are a decided check's notes unless new ones are given; earlier notes stay in
 *   the audit trail. From `pre_adverse_action`, any of approved, in_review or pending withdraws
 *   the adverse action.
 *
 * Every email goes through the outbox in this same transaction (docs/product.md#12-account-records):
 * it exists exactly when the change is committed, and the outbox delivers it once.
 * @throws 404 outside the reviewer's scope (ADR 0009); 403 SELF_REVIEW_FORBIDDEN for the
 *   reviewer's own check (ADR 0017); 409 ADVERSE_ACTION_STAGE for confirming a pending
 *   rejection before she answered or the period ended
 */
export async function reviewCheck(
  db: Database,
  reviewer: UserRow,
  id: number,
  input: { status: Exclude<CheckStatus, "pre_adverse_action">; notes?: string | null | undefined },
  options: ReviewOptions = { publicUrl: "", retentionDays: 0 },
): Promise<CheckSummary> {
  const now = options.now ?? new Date();
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
    const fileTotal = async () => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(backgroundCheckFiles)
        .where(eq(backgroundCheckFiles.backgroundCheckId, current.id));
      return n;
    };

    if (current.status === "pre_adverse_action" && input.status === "rejected") {
      // Confirming (ADR 0083): only once she answered, or her time to answer is over.
      const periodOver = current.finalAt !== null && current.finalAt.getTime() <= now.getTime();
      if (!current.disputedAt && !periodOver) {
        throw conflict(
          `The rejection becomes final by itself on ${current.finalAt?.toISOString().slice(0, 10)} unless the person disputes it; it can be confirmed once she has answered.`,
          ERROR_CODES.ADVERSE_ACTION_STAGE,
        );
      }
      const [updated] = await finalizeWhere(tx, eq(backgroundChecks.id, current.id), {
        publicUrl: options.publicUrl,
        now,
        actor: { id: reviewer.id, name: reviewer.fullName },
      });
      if (!updated) throw notFound("Background check not found.");
      if (input.notes !== undefined) {
        await tx
          .update(backgroundChecks)
          .set({ notes: input.notes || null })
          .where(eq(backgroundChecks.id, current.id));
        updated.notes = input.notes || null;
      }
      return toSummary(updated, await fileTotal(), options.retentionDays, now);
    }

    const startsAdverseAction = input.status === "rejected" && current.status !== "rejected";
    const status: CheckStatus = startsAdverseAction ? "pre_adverse_action" : input.status;
    const decided = DECIDED.has(status);
    const leaving = current.status === "pre_adverse_action" || (DECIDED.has(current.status) && !decided);
    // Reopening a decided check drops the decision's notes from the check (the audit keeps them).
    const kept = decided || startsAdverseAction || !DECIDED.has(current.status) ? current.notes : null;
    const notes = input.notes === undefined ? kept : input.notes || null;
    const finalAt = startsAdverseAction ? addBusinessDays(now, options.waitingDays ?? 5) : null;
    const [updated] = await tx
      .update(backgroundChecks)
      .set({
        status,
        notes,
        passedCheck: decided ? status === "approved" : null,
        reviewedAt: decided ? now : null,
        reviewedBy: decided || startsAdverseAction ? reviewer.id : null,
        ...(startsAdverseAction
          ? { preAdverseAt: now, finalAt, disputedAt: null, disputeStatement: null }
          : leaving
            ? NO_ADVERSE_ACTION
            : {}),
      })
      .where(eq(backgroundChecks.id, current.id))
      .returning();
    if (!updated) throw notFound("Background check not found.");
    const withdrawn = current.status === "pre_adverse_action" && status !== current.status;
    await tx.insert(backgroundCheckAudit).values({
      backgroundCheckId: current.id,
      actorId: reviewer.id,
      actorName: reviewer.fullName,
      fromStatus: current.status,
      toStatus: status,
      notes,
      event: startsAdverseAction ? "pre_adverse_notice_sent" : withdrawn ? "adverse_action_withdrawn" : null,
    });
    const owner =
      startsAdverseAction || decisionChange(current.status, status)
        ? await ownerOf(tx, current.userId)
        : undefined;
    if (owner && startsAdverseAction && finalAt) {
      const email = preAdverseEmail({
        publicUrl: options.publicUrl,
        fullName: owner.fullName,
        language: owner.language,
        notes,
        finalAt,
      });
      await enqueueEmail(tx, { kind: "check_pre_adverse_notice", to: owner.email, ...email });
    } else if (owner) {
      const change = decisionChange(current.status, status);
      if (change) {
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
    return toSummary(updated, await fileTotal(), options.retentionDays, now);
  });
}

/**
 * The person's answer to a pending rejection (ADR 0083, `POST /api/background-checks/{id}/dispute`):
 * her statement and files are kept with the check, `disputedAt` stops the rejection from
 * becoming final by itself, an audit entry is written, and the check's reviewers (everyone
 * other than her who changed its status and still has an active account) are emailed, all in
 * one transaction.
 * @throws 404 for a check that is not hers; 409 ADVERSE_ACTION_STAGE outside the waiting
 *   period, once it is over, or when she already answered
 */
export async function fileDispute(
  db: Database,
  owner: UserRow,
  id: number,
  statement: string,
  files: StoredUpload[],
  options: { publicUrl: string; retentionDays: number; now?: Date },
): Promise<CheckSummary> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(backgroundChecks)
      .where(eq(backgroundChecks.id, id))
      .for("update");
    if (!current || current.userId !== owner.id) throw notFound("Background check not found.");
    const open =
      current.status === "pre_adverse_action" &&
      current.disputedAt === null &&
      current.finalAt !== null &&
      current.finalAt.getTime() > now.getTime();
    if (!open) {
      throw conflict(
        current.disputedAt
          ? "You already answered this notice."
          : "This check has no pending rejection to answer.",
        ERROR_CODES.ADVERSE_ACTION_STAGE,
      );
    }
    const [updated] = await tx
      .update(backgroundChecks)
      .set({ disputedAt: now, disputeStatement: statement })
      .where(eq(backgroundChecks.id, current.id))
      .returning();
    if (!updated) throw notFound("Background check not found.");
    if (files.length > 0) {
      await tx.insert(backgroundCheckFiles).values(
        files.map((file) => ({
          backgroundCheckId: current.id,
          fileName: file.key,
          originalName: file.originalName,
          fileType: file.fileType,
          fileSize: file.fileSize,
          filePath: file.key,
          purpose: "dispute",
        })),
      );
    }
    await tx.insert(backgroundCheckAudit).values({
      backgroundCheckId: current.id,
      actorId: owner.id,
      actorName: owner.fullName,
      fromStatus: current.status,
      toStatus: current.status,
      notes: statement,
      event: "dispute_filed",
    });
    const reviewerRows = await tx
      .selectDistinct({ email: users.email, fullName: users.fullName, language: users.language })
      .from(backgroundCheckAudit)
      .innerJoin(users, eq(users.id, backgroundCheckAudit.actorId))
      .where(
        and(
          eq(backgroundCheckAudit.backgroundCheckId, current.id),
          isNotNull(backgroundCheckAudit.actorId),
          ne(backgroundCheckAudit.actorId, owner.id),
          eq(users.isActive, true),
          ne(users.role, "user"),
        ),
      );
    for (const reviewer of reviewerRows) {
      const email = disputeFiledEmail({
        publicUrl: options.publicUrl,
        fullName: reviewer.fullName,
        language: reviewer.language,
        applicantName: current.fullName,
      });
      await enqueueEmail(tx, { kind: "check_dispute_filed", to: reviewer.email, ...email });
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(backgroundCheckFiles)
      .where(eq(backgroundCheckFiles.backgroundCheckId, current.id));
    return toSummary(updated, n, options.retentionDays, now);
  });
}

/** The signed authorization of a check (ADR 0084); undefined for one submitted before signing existed. */
export async function findAuthorization(db: Executor, checkId: number) {
  return firstRow(
    db
      .select()
      .from(backgroundCheckAuthorizations)
      .where(eq(backgroundCheckAuthorizations.backgroundCheckId, checkId)),
  );
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
    // Signed receipts are kept through the retention purge (ADR 0084) and go with their check.
    const receipts = await tx
      .select({
        key: backgroundCheckAuthorizations.receiptKey,
        checkId: backgroundCheckAuthorizations.backgroundCheckId,
      })
      .from(backgroundCheckAuthorizations)
      .where(inArray(backgroundCheckAuthorizations.backgroundCheckId, ids));
    await tx.delete(backgroundChecks).where(inArray(backgroundChecks.id, ids));
    return queueFileDeletions(tx, [...files, ...receipts]);
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
