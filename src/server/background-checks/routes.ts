import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkDetailSchema,
  checkFileParamsSchema,
  checkIdParamsSchema,
  checkListResponseSchema,
  checkSummarySchema,
  submitCheckFieldsSchema,
  updateCheckBodySchema,
} from "../../common/api/background-checks";
import {
  CHECK_SUBMIT_RATE_PER_SESSION,
  MAX_FILES_PER_CHECK,
  STORAGE_RETRY_AFTER_SECONDS,
} from "../../common/limits";
import { isPreviewable, UPLOAD_KINDS } from "../../common/uploads";
import { manageScopeOf, sessionOf } from "../auth/access";
import { HttpError, notFound } from "../core/errors";
import { openStoredFile } from "../files/storage";
import { documentedBody } from "../http/api-docs";
import { bySession, rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import { discardFiles } from "./file-deletions";
import {
  createCheck,
  findCheckFile,
  findVisibleCheck,
  getCheckDetail,
  listChecks,
  listOwnChecks,
  reviewCheck,
} from "./service";
import { receiveSubmission, type UploadCleanup } from "./upload";

const route = routesTagged("background-checks");
/** Binary content in the OpenAPI document (a file part, a download); never validated. */
const binary = z.any().meta({ type: "string", format: "binary" });
/**
 * The multipart form of `POST /api/background-checks` as the OpenAPI document shows it; the
 * handler checks the parts while they stream in (`upload.ts`), so it is documented, not validated.
 */
const submitCheckForm = submitCheckFieldsSchema.extend({
  files: z
    .array(binary)
    .min(1)
    .max(MAX_FILES_PER_CHECK)
    .describe("1 to 5 PDF, JPEG, PNG, GIF, DOC or DOCX files of at most 10 MB each"),
});

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266), safe for any original name. */
export function attachmentHeader(name: string, disposition: "attachment" | "inline" = "attachment"): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The Content-Security-Policy of a preview response (ADR 0059): nothing may load or run, and
 * `sandbox` puts the document (were it ever rendered as one) in an opaque origin without
 * scripts, forms or plugins, so even a file that fooled the magic-byte check cannot act as the
 * site. Inline styles only, which image documents use for their own layout.
 */
export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * Background checks (docs/product.md#7-api). Uploads stream to `ctx.storage` (local disk
 * under DATA_DIR/uploads, or S3 when configured).
 */
export const backgroundChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.ctx;
  /** DOCUMENT_RETENTION_DAYS: each check's purge date in the answers (ADR 0058). */
  const retentionDays = config.DOCUMENT_RETENTION_DAYS;
  await app.register(fastifyMultipart);

  app.get(
    "/api/background-checks",
    route("manager", "Checks to review: all for admins, own company's for company admins", {
      operationId: "listChecks",
      response: { 200: checkListResponseSchema },
    }),
    async (request) => listChecks(db, manageScopeOf(request), retentionDays),
  );

  app.get(
    "/api/background-checks/my",
    route("user", "The caller's own checks", {
      operationId: "listMyChecks",
      response: { 200: checkListResponseSchema },
    }),
    async (request) => listOwnChecks(db, sessionOf(request).user.id, retentionDays),
  );

  app.post(
    "/api/background-checks",
    {
      ...route("user", "Submit a check: multipart fullName, email and 1 to 5 files of at most 10 MB", {
        operationId: "submitCheck",
        consumes: ["multipart/form-data"],
        response: { 201: checkSummarySchema },
        errors: {
          400: "A field or part is missing, empty, too large or malformed (`VALIDATION_ERROR`, `FILES_REQUIRED`, `EMPTY_FILE`, `FIELD_TOO_LARGE`, `TOO_MANY_PARTS`, `MALFORMED_MULTIPART`).",
          408: "The body stalled before it was complete (`UPLOAD_TIMEOUT`).",
          413: "A file is over 10 MB (`FILE_TOO_LARGE`, with `file`) or there are more than 5 (`TOO_MANY_FILES`).",
          415: "Not multipart/form-data (`MULTIPART_REQUIRED`), or a file is not PDF, JPEG, PNG, GIF, DOC or DOCX (`UNSUPPORTED_FILE_TYPE`, with `file`).",
          503: "File storage is unavailable (`STORAGE_UNAVAILABLE`).",
        },
        preHandler: [
          rateLimitBy(app, "background-check-submit", { max: CHECK_SUBMIT_RATE_PER_SESSION, key: bySession }),
        ],
      }),
      config: { access: "user", swaggerTransform: documentedBody(submitCheckForm) },
      // Any answer given before the whole body arrived (401, 429, 413 at the size limit, a
      // timeout...) closes the connection: Node would otherwise read the rest of the body,
      // possibly gigabytes, to keep the connection alive (ADR 0014).
      onSend: async (request, reply) => {
        if (!request.raw.complete) reply.header("connection", "close");
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      // What a failed upload stored leaves storage, or joins the deletion queue (ADR 0078).
      const cleanup: UploadCleanup = {
        discard: (keys) => discardFiles(db, storage, keys, request.log),
        inBackground: (work) => app.ctx.tasks.run("remove the object of an unanswered upload", work),
      };
      const { fields, files } = await receiveSubmission(request, storage, cleanup).catch((error: unknown) => {
        // Storage outage: tell clients when to retry, as the database-outage 503 does (ADR 0011, 0014).
        if (error instanceof HttpError && error.statusCode === 503)
          reply.header("retry-after", String(STORAGE_RETRY_AFTER_SECONDS));
        throw error;
      });
      try {
        return reply.status(201).send(await createCheck(db, user, fields, files, retentionDays));
      } catch (error) {
        await cleanup.discard(files.map((file) => file.key));
        throw error;
      }
    },
  );

  app.get(
    "/api/background-checks/:id",
    route("user", "One check with its files and audit trail (owner or reviewer)", {
      operationId: "getCheck",
      params: checkIdParamsSchema,
      response: { 200: checkDetailSchema },
      errors: { 404: "No such check the caller may see (`NOT_FOUND`)." },
    }),
    async (request) =>
      getCheckDetail(
        db,
        await findVisibleCheck(db, sessionOf(request).user, request.params.id),
        retentionDays,
      ),
  );

  app.patch(
    "/api/background-checks/:id",
    route("manager", "Review a check: status, notes, passedCheck; a decision emails the applicant", {
      operationId: "reviewCheck",
      params: checkIdParamsSchema,
      body: updateCheckBodySchema,
      response: { 200: checkSummarySchema },
      errors: {
        403: "Nobody reviews their own check (`SELF_REVIEW_FORBIDDEN`).",
        404: "No such check in the reviewer's scope (`NOT_FOUND`).",
      },
    }),
    async (request) => {
      const summary = await reviewCheck(db, sessionOf(request).user, request.params.id, request.body, {
        publicUrl: config.PUBLIC_URL,
        retentionDays,
      });
      app.ctx.outbox.wake();
      return summary;
    },
  );

  app.get(
    "/api/background-checks/:id/files/:fileId",
    route("user", "Download a file of a check (owner or reviewer), as an attachment", {
      operationId: "downloadCheckFile",
      params: checkFileParamsSchema,
      // Streamed as stored (PDF, JPEG or PNG): documented as binary, never serialized.
      response: {
        200: {
          description: "The file's bytes, with its own Content-Type",
          content: Object.fromEntries(UPLOAD_KINDS.map((kind) => [kind.mime, { schema: binary }])),
        },
      },
      errors: {
        404: "No such check the caller may see, no such file in it, or the file is gone from storage (`NOT_FOUND`).",
        410: "The retention purge removed the check's files (`GONE`, ADR 0058).",
        503: "File storage cannot be read (`FILE_UNAVAILABLE`, ADR 0050).",
      },
    }),
    async (request, reply) => {
      const { user } = sessionOf(request);
      const check = await findVisibleCheck(db, user, request.params.id);
      const file = await findCheckFile(db, check, request.params.fileId);
      const { stream, size } = await openStoredFile(storage, file.filePath, request, reply);
      return reply
        .header("Content-Type", file.fileType)
        .header("Content-Length", size)
        .header("Content-Disposition", attachmentHeader(file.originalName))
        .header("X-Content-Type-Options", "nosniff")
        .send(stream);
    },
  );

  app.get(
    "/api/background-checks/:id/files/:fileId/preview",
    route("user", "Show a PDF, PNG or JPEG of a check inline (owner or reviewer), sandboxed", {
      operationId: "previewCheckFile",
      params: checkFileParamsSchema,
      response: {
        200: {
          description:
            "The file's bytes with the type its magic bytes proved at upload, `nosniff` and a sandboxing CSP",
          content: {
            "application/pdf": { schema: binary },
            "image/png": { schema: binary },
            "image/jpeg": { schema: binary },
          },
        },
      },
      errors: {
        404: "No such check the caller may see, no such file in it, or the file is not a PDF, PNG or JPEG, which alone have a preview: download it instead (`NOT_FOUND`, ADR 0059, ADR 0077).",
        410: "The retention purge removed the check's files (`GONE`, ADR 0058).",
        503: "File storage cannot be read (`FILE_UNAVAILABLE`, ADR 0050).",
      },
    }),
    async (request, reply) => {
      const { user } = sessionOf(request);
      const check = await findVisibleCheck(db, user, request.params.id);
      const file = await findCheckFile(db, check, request.params.fileId);
      // The stored type is the one the upload's magic bytes proved (upload.ts), never the
      // client's claim; only these three are ever shown inline (ADR 0059). Any other file has
      // no preview to find: 404, since a GET has no content a 415 could refuse (ADR 0077).
      if (!isPreviewable(file.fileType)) {
        throw notFound("This file type has no preview. Download the file to read it.");
      }
      const { stream, size } = await openStoredFile(storage, file.filePath, request, reply);
      return reply
        .header("Content-Type", file.fileType)
        .header("Content-Length", size)
        .header("Content-Disposition", attachmentHeader(file.originalName, "inline"))
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", PREVIEW_CSP)
        .header("Cross-Origin-Resource-Policy", "same-origin")
        .send(stream);
    },
  );
};
