import { z } from "zod";
import { emailField, fullNameField } from "./auth";
import { idParamField, safeText } from "./fields";

/** Contracts of the background-checks API (docs/product.md#3-records, #4-states, #7-api). */

export const CHECK_STATUSES = ["pending", "in_review", "approved", "rejected"] as const;
export const checkStatusSchema = z.enum(CHECK_STATUSES);
export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** Text fields of the multipart `POST /api/background-checks` (docs/product.md#3-records). */
export const submitCheckFieldsSchema = z.object({ fullName: fullNameField, email: emailField });

/** Longest review note in characters. */
export const NOTES_MAX_LENGTH = 2000;

/**
 * `PATCH /api/background-checks/{id}` (docs/product.md#3-records "Status update payload"). `passedCheck` must be
 * true exactly when the status is approved (docs/product.md#4-states); the server derives it when omitted.
 */
export const updateCheckBodySchema = z
  .object({
    status: checkStatusSchema,
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
});
export type CheckSummary = z.infer<typeof checkSummarySchema>;
export const checkListResponseSchema = z.array(checkSummarySchema);

export const checkFileSchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  uploadedAt: z.string(),
});
export type CheckFile = z.infer<typeof checkFileSchema>;

export const checkAuditSchema = z.object({
  id: z.number().int(),
  actorName: z.string(),
  // OpenAPI 3.0.3 admits null in a nullable enum only when the enum lists it: say so, or a
  // validating client refuses the first entry of every audit trail (null: the check was new).
  fromStatus: checkStatusSchema.nullable().meta({ enum: [...checkStatusSchema.options, null] }),
  toStatus: checkStatusSchema,
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type CheckAuditEntry = z.infer<typeof checkAuditSchema>;

/** `GET /api/background-checks/{id}`: one check with its files and audit trail. */
export const checkDetailSchema = checkSummarySchema.extend({
  reviewedByName: z.string().nullable(),
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
