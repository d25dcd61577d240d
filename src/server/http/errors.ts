import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { apiErrorSchema, ERROR_CODES, type ErrorCode } from "../../common/api/errors";

/**
 * Response schemas for the error statuses a route can answer, each the `{error, code}` body:
 * `{ ...errorResponses(400, 401), 200: okSchema }` in a route's `schema.response`.
 */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/**
 * An expected failure with an HTTP status, a human message and a machine code. Services throw
 * it; the error handler turns it into `{"error", "code"}` (architecture doc).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, code: string = ERROR_CODES.VALIDATION) =>
  new HttpError(400, code, message);
export const unauthorized = (message = "Please sign in to continue.") =>
  new HttpError(401, ERROR_CODES.UNAUTHENTICATED, message);
export const forbidden = (message = "You don't have permission to do that.") =>
  new HttpError(403, ERROR_CODES.FORBIDDEN, message);
export const notFound = (message = "Not found.") => new HttpError(404, ERROR_CODES.NOT_FOUND, message);
export const conflict = (message: string, code: string) => new HttpError(409, code, message);

const STATUS_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  405: "METHOD_NOT_ALLOWED",
  406: "NOT_ACCEPTABLE",
  409: "CONFLICT",
  410: "GONE",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: ERROR_CODES.RATE_LIMITED,
};

/**
 * Installs the one error handler: expected errors keep their status and message; validation
 * errors become 400 with the first issue's message; anything else is logged and answered as a
 * 500 whose body never carries the internal message.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The message alone is what people see (issue #11: no "email: " prefix); the field's
      // dotted path travels beside it for clients that want to mark the input.
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".");
      const message = first?.message ?? "Invalid request";
      return reply
        .status(400)
        .send({ error: message, code: ERROR_CODES.VALIDATION, ...(field ? { field } : {}) });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        error: error.message || "Bad request",
        code: STATUS_CODES[status] ?? "BAD_REQUEST",
      });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send({ error: "Something went wrong on our side. Please try again.", code: ERROR_CODES.INTERNAL });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: `No route for ${request.method} ${request.url.split("?")[0]}`,
      code: ERROR_CODES.NOT_FOUND,
    });
  });
}
