import { Readable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkDetailSchema,
  checkFileParamsSchema,
  checkIdParamsSchema,
  checkListResponseSchema,
  checkSummarySchema,
  disclosureSchema,
  disputeFieldsSchema,
  submitCheckFieldsSchema,
  updateCheckBodySchema,
} from "../../common/api/background-checks";
import { ERROR_CODES } from "../../common/api/errors";
import {
  CHECK_SUBMIT_RATE_PER_SESSION,
  MAX_FILES_PER_CHECK,
  STORAGE_RETRY_AFTER_SECONDS,
} from "../../common/limits";
import { isPreviewable, UPLOAD_KINDS } from "../../common/uploads";
import { manageScopeOf, sessionOf } from "../auth/access";
import { badRequest, HttpError, notFound } from "../core/errors";
import { openStoredFile } from "../files/storage";
import { documentedBody } from "../http/api-docs";
import { namedLanguage } from "../http/language";
import { bySession, rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import { currentDisclosure, DISCLOSURE_VERSION, disclosureSha256, signatureMatches } from "./disclosure";
import { discardFiles } from "./file-deletions";
import { renderReceipt } from "./receipt";
import {
  createCheck,
  fileDispute,
  findAuthorization,
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
const submitCheckForm = submitCheckFieldsSchema
  .required({ disclosureVersion: true, signatureName: true })
  .extend({
    files: z
      .array(binary)
      .min(1)
      .max(MAX_FILES_PER_CHECK)
      .describe("1 to 5 PDF, JPEG, PNG, GIF, DOC or DOCX files of at most 10 MB each"),
  });

/** The multipart form of `POST /api/background-checks/{id}/dispute`, documented like the submission's. */
const disputeForm = disputeFieldsSchema.extend({
  files: z
    .array(binary)
    .max(MAX_FILES_PER_CHECK)
    .optional()
    .describe("0 to 5 PDF, JPEG, PNG, GIF, DOC or DOCX files of at most 10 MB each"),
});

/** File name of the signed authorization receipt, as downloaded and emailed (ADR 0084). */
const RECEIPT_NAME = "background-check-authorization.pdf";

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
  /** What a failed upload stored leaves storage, or joins the deletion queue (ADR 0078). */
  const uploadCleanup = (request: FastifyRequest): UploadCleanup => ({
    discard: (keys) => discardFiles(db, storage, keys, request.log),
    inBackground: (work) => app.ctx.tasks.run("remove the object of an unanswered upload", work),
  });
  /** The language the disclosure is shown and signed in: the portal's chosen one, else her stored one (ADR 0084). */
  const disclosureLanguage = (request: FastifyRequest) =>
    namedLanguage(request) ?? sessionOf(request).user.language;
  /** Options of the review steps (ADR 0083). */
  const reviewOptions = () => ({
    publicUrl: config.PUBLIC_URL,
    retentionDays,
    waitingDays: config.ADVERSE_ACTION_WAITING_DAYS,
  });

  app.get(
    "/api/background-checks/disclosure",
    route(
      "user",
      "The current background-check disclosure, in the caller's language, to read and sign before submitting",
      {
        operationId: "getCheckDisclosure",
        response: { 200: disclosureSchema },
      },
    ),
    async (request) => currentDisclosure(disclosureLanguage(request)),
  );

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
      ...route(
        "user",
        "Submit a check: multipart fullName, email, the signed authorization (disclosureVersion, signatureName) and 1 to 5 files of at most 10 MB",
        {
          operationId: "submitCheck",
          consumes: ["multipart/form-data"],
          response: { 201: checkSummarySchema },
          errors: {
            400: "A field or part is missing, empty, too large or malformed (`VALIDATION_ERROR`, `FILES_REQUIRED`, `EMPTY_FILE`, `FIELD_TOO_LARGE`, `TOO_MANY_PARTS`, `MALFORMED_MULTIPART`), the authorization is not signed with her full name (`AUTHORIZATION_REQUIRED`) or names an older disclosure (`DISCLOSURE_OUTDATED`).",
            408: "The body stalled before it was complete (`UPLOAD_TIMEOUT`).",
            413: "A file is over 10 MB (`FILE_TOO_LARGE`, with `file`) or there are more than 5 (`TOO_MANY_FILES`).",
            415: "Not multipart/form-data (`MULTIPART_REQUIRED`), or a file is not PDF, JPEG, PNG, GIF, DOC or DOCX (`UNSUPPORTED_FILE_TYPE`, with `file`).",
            503: "File storage is unavailable (`STORAGE_UNAVAILABLE`).",
          },
          preHandler: [
            rateLimitBy(app, "background-check-submit", {
              max: CHECK_SUBMIT_RATE_PER_SESSION,
              key: bySession,
            }),
          ],
        },
      ),
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
      const cleanup = uploadCleanup(request);
      const { fields, files } = await receiveSubmission(request, storage, cleanup).catch((error: unknown) => {
        // Storage outage: tell clients when to retry, as the database-outage 503 does (ADR 0011, 0014).
        if (error instanceof HttpError && error.statusCode === 503)
          reply.header("retry-after", String(STORAGE_RETRY_AFTER_SECONDS));
        throw error;
      });
      // The signed authorization (ADR 0084): her typed full name, for the disclosure shown now.
      const refusal =
        !fields.signatureName ||
        !fields.disclosureVersion ||
        !signatureMatches(fields.signatureName, fields.fullName)
          ? badRequest(
              "Please read the disclosure, check the box and type your full name, exactly as in Full Name, to sign the authorization.",
              ERROR_CODES.AUTHORIZATION_REQUIRED,
            )
          : fields.disclosureVersion !== DISCLOSURE_VERSION
            ? badRequest(
                "The disclosure was updated. Please read the new one and sign again.",
                ERROR_CODES.DISCLOSURE_OUTDATED,
              )
            : undefined;
      if (refusal) {
        await cleanup.discard(files.map((file) => file.key));
        throw refusal;
      }
      const language = disclosureLanguage(request);
      const disclosure = currentDisclosure(language);
      const signedAt = new Date();
      const signed = {
        disclosureVersion: disclosure.version,
        disclosureSha256: disclosureSha256(language),
        signatureName: fields.signatureName as string,
        signedAt,
        ip: request.ip ?? null,
        userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
        language,
      };
      let receiptKey: string | undefined;
      try {
        const pdf = await renderReceipt({
          ...signed,
          disclosureText: disclosure.text,
          effectiveDate: disclosure.effectiveDate,
          fullName: fields.fullName,
          email: user.email,
        });
        receiptKey = (
          await storage
            .put(Readable.from([Buffer.from(pdf)]), "pdf", { contentType: "application/pdf" })
            .catch((error: unknown) => {
              request.log.error({ err: error }, "could not store the signed authorization receipt");
              reply.header("retry-after", String(STORAGE_RETRY_AFTER_SECONDS));
              throw new HttpError(
                503,
                ERROR_CODES.STORAGE_UNAVAILABLE,
                "We could not save your documents right now. Please try again in a minute.",
              );
            })
        ).key;
        const summary = await createCheck(db, user, fields, files, retentionDays, {
          ...signed,
          receiptKey,
          receiptName: RECEIPT_NAME,
          publicUrl: config.PUBLIC_URL,
        });
        app.ctx.outbox.wake();
        return reply.status(201).send(summary);
      } catch (error) {
        const stored = files.map((file) => file.key);
        await cleanup.discard(receiptKey ? [...stored, receiptKey] : stored);
        throw error;
      }
    },
  );

  app.get(
    "/api/background-checks/:id/authorization.pdf",
    route("user", "The signed disclosure and authorization of a check as a PDF receipt (owner or reviewer)", {
      operationId: "downloadCheckAuthorization",
      params: checkIdParamsSchema,
      response: {
        200: { description: "The receipt's PDF bytes", content: { "application/pdf": { schema: binary } } },
      },
      errors: {
        404: "No such check the caller may see, or one submitted before signed authorizations (`NOT_FOUND`).",
        503: "File storage cannot be read (`FILE_UNAVAILABLE`, ADR 0050).",
      },
    }),
    async (request, reply) => {
      const check = await findVisibleCheck(db, sessionOf(request).user, request.params.id);
      const authorization = await findAuthorization(db, check.id);
      if (!authorization) throw notFound("This check has no signed authorization.");
      const { stream, size } = await openStoredFile(storage, authorization.receiptKey, request, reply);
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Length", size)
        .header("Content-Disposition", attachmentHeader(RECEIPT_NAME))
        .header("X-Content-Type-Options", "nosniff")
        .send(stream);
    },
  );

  app.post(
    "/api/background-checks/:id/dispute",
    {
      ...route(
        "user",
        "Dispute a pending rejection of one's own check: multipart statement and 0 to 5 files (ADR 0083)",
        {
          operationId: "disputeCheck",
          params: checkIdParamsSchema,
          consumes: ["multipart/form-data"],
          response: { 200: checkSummarySchema },
          errors: {
            400: "The statement is missing or too long, or a part is empty, too large or malformed (`VALIDATION_ERROR`, `EMPTY_FILE`, `FIELD_TOO_LARGE`, `TOO_MANY_PARTS`, `MALFORMED_MULTIPART`).",
            404: "No such check of the caller's (`NOT_FOUND`).",
            408: "The body stalled before it was complete (`UPLOAD_TIMEOUT`).",
            409: "The check has no pending rejection to answer, its period is over, or it was answered already (`ADVERSE_ACTION_STAGE`).",
            413: "A file is over 10 MB (`FILE_TOO_LARGE`, with `file`) or there are more than 5 (`TOO_MANY_FILES`).",
            415: "Not multipart/form-data (`MULTIPART_REQUIRED`), or a file is not PDF, JPEG, PNG, GIF, DOC or DOCX (`UNSUPPORTED_FILE_TYPE`, with `file`).",
            503: "File storage is unavailable (`STORAGE_UNAVAILABLE`).",
          },
          preHandler: [
            rateLimitBy(app, "background-check-submit", {
              max: CHECK_SUBMIT_RATE_PER_SESSION,
              key: bySession,
            }),
          ],
        },
      ),
      config: { access: "user", swaggerTransform: documentedBody(disputeForm) },
      onSend: async (request, reply) => {
        if (!request.raw.complete) reply.header("connection", "close");
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      // Refused before the body is read when the check is not hers (IDOR: the same 404 as a missing one).
      const check = await findVisibleCheck(db, user, request.params.id);
      if (check.userId !== user.id) throw notFound("Background check not found.");
      const cleanup = uploadCleanup(request);
      const { fields, files } = await receiveSubmission(request, storage, cleanup, {
        fields: disputeFieldsSchema,
        filesRequired: false,
      }).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 503)
          reply.header("retry-after", String(STORAGE_RETRY_AFTER_SECONDS));
        throw error;
      });
      try {
        const summary = await fileDispute(db, user, check.id, fields.statement, files, {
          publicUrl: config.PUBLIC_URL,
          retentionDays,
        });
        app.ctx.outbox.wake();
        return summary;
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
    route(
      "manager",
      'Review a check: status, notes, passedCheck; "rejected" starts the pre-adverse action, or confirms one she disputed (ADR 0083); each step emails the applicant',
      {
        operationId: "reviewCheck",
        params: checkIdParamsSchema,
        body: updateCheckBodySchema,
        response: { 200: checkSummarySchema },
        errors: {
          403: "Nobody reviews their own check (`SELF_REVIEW_FORBIDDEN`).",
          404: "No such check in the reviewer's scope (`NOT_FOUND`).",
          409: "Confirming a pending rejection before she answered or the waiting period ended (`ADVERSE_ACTION_STAGE`).",
        },
      },
    ),
    async (request) => {
      const summary = await reviewCheck(
        db,
        sessionOf(request).user,
        request.params.id,
        request.body,
        reviewOptions(),
      );
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
