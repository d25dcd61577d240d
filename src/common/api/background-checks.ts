import { z } from "zod";
import { LANGUAGES } from "../languages";
import { emailField, fullNameField } from "./auth";
import { idParamField, safeText } from "./fields";

/** Contracts of the background-checks API (docs/product.md#3-records, #4-states, #7-api). */

/**
 * Every status a check can have (docs/product.md#4-states): the spec's four plus
 * `pre_adverse_action`, the waiting period between a reviewer's "Rejected" and the final
 * rejection (ADR 0083).
 */
export const CHECK_STATUSES = ["pending", "in_review", "approved", "pre_adverse_action", "rejected"] as const;
export const checkStatusSchema = z.enum(CHECK_STATUSES);
export type CheckStatus = z.infer<typeof checkStatusSchema>;
/** The statuses a reviewer may choose; "rejected" starts the pre-adverse action (ADR 0083). */
export const REVIEW_STATUSES = ["pending", "in_review", "approved", "rejected"] as const;
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** Longest typed signature or disclosure version accepted, in characters. */
const SIGNATURE_MAX_LENGTH = 200;

/**
 * Text fields of the multipart `POST /api/background-checks` (docs/product.md#3-records): the
 * person's details, and her authorization (ADR 0084): the disclosure version she read and her
 * full name typed as her electronic signature. The authorization fields are checked by the
 * server against the current disclosure (`AUTHORIZATION_REQUIRED`, `DISCLOSURE_OUTDATED`), so
 * they are optional here.
 */
export const submitCheckFieldsSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  disclosureVersion: z.string().max(SIGNATURE_MAX_LENGTH).optional(),
  signatureName: z.string().max(SIGNATURE_MAX_LENGTH).optional(),
});

/** `GET /api/background-checks/disclosure`: the current disclosure in the caller's language (ADR 0084). */
export const disclosureSchema = z.object({
  version: z.string(),
  /** ISO date (YYYY-MM-DD) from which this version is shown. */
  effectiveDate: z.string(),
  language: z.enum(LANGUAGES),
  text: z.string(),
});
export type Disclosure = z.infer<typeof disclosureSchema>;

/** Longest dispute statement in characters (ADR 0083). */
export const DISPUTE_STATEMENT_MAX_LENGTH = 4000;

/** Text field of the multipart `POST /api/background-checks/{id}/dispute` (ADR 0083). */
export const disputeFieldsSchema = z.object({
  statement: safeText({
    max: DISPUTE_STATEMENT_MAX_LENGTH,
    tooLong: `The statement may be at most ${DISPUTE_STATEMENT_MAX_LENGTH} characters`,
    multiline: true,
  }).refine((value) => value.trim().length > 0, { message: "Please write your statement" }),
});

/** Longest review note in characters. */
export const NOTES_MAX_LENGTH = 2000;

/**
 * `PATCH /api/background-checks/{id}` (docs/product.md#3-records "Status update payload"). `passedCheck` must be
 * true exactly when the status is approved (docs/product.md#4-states); the server derives it when omitted.
 */
export const updateCheckBodySchema = z
  .object({
    status: reviewStatusSchema,
    notes: safeText({
      max: NOTES_MAX_LENGTH,
      tooLong: `Notes may be at most ${NOTES_MAX_LENGTH} characters`,
      multiline: true,
    })
      .nullable()
      .optional(),
    passedCheck: z.boolean().optional(),
  })
  .refine((body) => body.passedCheck === undefined || body.passedCheck === (body.status === "approved"), {
    message: "passedCheck must be true for approved and false for any other status",
    path: ["passedCheck"],
  });
export type UpdateCheckInput = z.input<typeof updateCheckBodySchema>;

export const checkIdParamsSchema = z.object({ id: idParamField });
export const checkFileParamsSchema = z.object({ id: idParamField, fileId: idParamField });

/** One check in a list (docs/product.md#7-api fields plus userId, passedCheck, reviewedAt and a file count). */
export const checkSummarySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  status: checkStatusSchema,
  passedCheck: z.boolean().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  notes: z.string().nullable(),
  fileCount: z.number().int(),
  /**
   * When the retention purge removed the check's files (ADR 0058); null while they are kept. The
   * check, its status and dates stay.
   */
  filesPurgedAt: z.string().nullable(),
  /**
   * When the files of a decided check will be purged: the decision plus DOCUMENT_RETENTION_DAYS
   * (ADR 0058); null for an undecided check, once purged, or with purging off.
   */
  filesPurgeDueAt: z.string().nullable(),
  /** When a pending rejection becomes final unless disputed (ADR 0083); null outside that stage. */
  finalAt: z.string().nullable(),
  /** Business days left before `finalAt` (weekends and US federal holidays do not count); null outside the stage. */
  businessDaysLeft: z.number().int().nullable(),
  /** When the person disputed the pending rejection; null when she has not. */
  disputedAt: z.string().nullable(),
});
export type CheckSummary = z.infer<typeof checkSummarySchema>;
export const checkListResponseSchema = z.array(checkSummarySchema);

export const checkFileSchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  uploadedAt: z.string(),
  /** `submission`, or `dispute` for a file sent with the person's answer (ADR 0083). */
  purpose: z.enum(["submission", "dispute"]),
});
export type CheckFile = z.infer<typeof checkFileSchema>;

/** Steps of the consent and adverse-action process the audit trail names (ADR 0083). */
export const CHECK_EVENTS = [
  "authorization_signed",
  "pre_adverse_notice_sent",
  "dispute_filed",
  "adverse_action_withdrawn",
  "adverse_action_confirmed",
  "final_notice_sent",
] as const;
export type CheckEvent = (typeof CHECK_EVENTS)[number];

export const checkAuditSchema = z.object({
  id: z.number().int(),
  actorName: z.string(),
  // OpenAPI 3.0.3 admits null in a nullable enum only when the enum lists it: say so, or a
  // validating client refuses the first entry of every audit trail (null: the check was new).
  fromStatus: checkStatusSchema.nullable().meta({ enum: [...checkStatusSchema.options, null] }),
  toStatus: checkStatusSchema,
  notes: z.string().nullable(),
  /** The consent or adverse-action step this entry records (ADR 0083), or null for a plain status change. */
  event: z
    .enum(CHECK_EVENTS)
    .nullable()
    .meta({ enum: [...CHECK_EVENTS, null] }),
  createdAt: z.string(),
});
export type CheckAuditEntry = z.infer<typeof checkAuditSchema>;

/** `GET /api/background-checks/{id}`: one check with its files and audit trail. */
export const checkDetailSchema = checkSummarySchema.extend({
  reviewedByName: z.string().nullable(),
  /** The person's answer to a pending rejection (ADR 0083). */
  disputeStatement: z.string().nullable(),
  /** Her signed authorization (ADR 0084); null for a check submitted before signing existed. */
  authorization: z
    .object({
      disclosureVersion: z.string(),
      signatureName: z.string(),
      signedAt: z.string(),
      language: z.enum(LANGUAGES),
    })
    .nullable(),
  files: z.array(checkFileSchema),
  audit: z.array(checkAuditSchema),
});
export type CheckDetail = z.infer<typeof checkDetailSchema>;

/** URL of a file download. */
export const checkFileUrl = (checkId: number, fileId: number) =>
  `/api/background-checks/${checkId}/files/${fileId}`;

/** URL of a file's inline preview, for the types of `PREVIEW_TYPES` (src/common/uploads.ts) only (ADR 0059). */
export const checkFilePreviewUrl = (checkId: number, fileId: number) =>
  `${checkFileUrl(checkId, fileId)}/preview`;

/** URL of a check's signed authorization receipt (ADR 0084). */
export const checkAuthorizationUrl = (checkId: number) =>
  `/api/background-checks/${checkId}/authorization.pdf`;
