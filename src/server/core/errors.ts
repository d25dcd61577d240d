import { ERROR_CODES, type ErrorCode } from "../../common/api/errors";

/**
 * An expected failure with an HTTP status, a human message and a registry code (common/api/
 * errors.ts; the status is the code's registry status). Services throw
 * it; the error handler turns it into `{"error", "code"}` (docs/architecture.md#errors).
 */
export class HttpError extends Error {
  /**
   * @param file the uploaded file the error is about, sent beside the message so that a client
   *   can name it in its own language
   */
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly file?: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, code: ErrorCode = ERROR_CODES.VALIDATION) =>
  new HttpError(400, code, message);
export const unauthorized = (message = "Please sign in to continue.") =>
  new HttpError(401, ERROR_CODES.UNAUTHENTICATED, message);
export const forbidden = (message = "You don't have permission to do that.") =>
  new HttpError(403, ERROR_CODES.FORBIDDEN, message);
export const notFound = (message = "Not found.") => new HttpError(404, ERROR_CODES.NOT_FOUND, message);
export const conflict = (message: string, code: ErrorCode) => new HttpError(409, code, message);
