import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import type { z } from "zod";
import { submitCheckFieldsSchema } from "../../common/api/background-checks";
import { ERROR_CODES, type ErrorCode } from "../../common/api/errors";
import {
  MAX_FILE_BYTES,
  MAX_FILES_PER_CHECK,
  MULTIPART_FIELD_MAX_BYTES,
  MULTIPART_MAX_FIELDS,
  MULTIPART_MAX_PARTS,
  UPLOAD_TIMEOUTS,
} from "../../common/limits";
import { cleanOriginalName, formatFileSize, uploadKindOf } from "../../common/uploads";
import { badRequest, HttpError } from "../core/errors";
import { uncertainKeyOf } from "../files/objects";
import type { FileStorage } from "../files/storage";
import type { StoredUpload } from "./service";

/** Milliseconds; see {@link UPLOAD_TIMEOUTS}. */
export interface UploadTimeouts {
  idleMs: number;
  totalMs: number;
}

/**
 * How a failed upload gives back what it stored (routes.ts: `discardFiles` of file-deletions.ts
 * and the server's background tasks, ADR 0078).
 */
export interface UploadCleanup {
  /** Removes these stored objects, queueing what cannot be removed now; never rejects. */
  discard(keys: readonly string[]): Promise<void>;
  /** Runs `work` without holding up the answer, tracked until it settles. */
  inBackground(work: () => Promise<void>): void;
}

/** Multipart limits of a submission (numbers in the limits registry). */
const MULTIPART_LIMITS = {
  fileSize: MAX_FILE_BYTES,
  files: MAX_FILES_PER_CHECK,
  fields: MULTIPART_MAX_FIELDS,
  fieldSize: MULTIPART_FIELD_MAX_BYTES,
  parts: MULTIPART_MAX_PARTS,
};

/** Bytes sniffed for magic numbers; large enough for file-type to read a docx's first entries. */
const SNIFF_BYTES = 64 * 1024;
const MAX_LABEL = formatFileSize(MAX_FILE_BYTES).replace(" ", "");

/** The storage (disk or S3) failed while keeping a file; not the client's fault. */
class StorageFailure extends Error {
  constructor(cause: unknown) {
    super("file storage failed", { cause });
    this.name = "StorageFailure";
  }
}

/**
 * Reads a background-check submission (docs/product.md#3-records: fullName, email, repeated files) from a
 * multipart request, streaming each file into storage as it arrives (never buffering a whole
 * file). Each file must have an allowed extension and magic bytes of the same kind (the
 * `file-type` package, on the file's first 64 KB); stored names are random, the client's name is
 * kept only as data.
 *
 * Hostile and broken uploads (ADR 0014): every wait settles on the body's end, error or abort;
 * an oversize part fails as soon as its 10,485,760th byte is passed (the rest is not read); a
 * body that stalls or drags past {@link UPLOAD_TIMEOUTS} fails with 408. On any failure every file
 * stored so far is given to `cleanup.discard` before the answer, including one whose storage
 * finishes after the failure; an object a put that got no answer may have stored is given to it
 * in the background (a storage that hangs would hold the answer for its own timeouts; ADR 0078).
 * The caller answers while the body may be unread, so it should close the connection then.
 * @returns the validated text fields and the stored files (1 to 5)
 * @throws HttpError 400 VALIDATION_ERROR / FILES_REQUIRED / EMPTY_FILE / TOO_MANY_PARTS /
 *   FIELD_TOO_LARGE / MALFORMED_MULTIPART; 408 UPLOAD_TIMEOUT; 413 FILE_TOO_LARGE /
 *   TOO_MANY_FILES; 415 UNSUPPORTED_FILE_TYPE / MULTIPART_REQUIRED; 503 STORAGE_UNAVAILABLE
 */
export async function receiveSubmission<Fields extends z.ZodObject = typeof submitCheckFieldsSchema>(
  request: FastifyRequest,
  storage: FileStorage,
  cleanup: UploadCleanup,
  options: {
    timeouts?: UploadTimeouts;
    /** The text fields to read (default: a submission's); the dispute form passes its own (ADR 0083). */
    fields?: Fields;
    /** Whether at least one file is required (default true; a dispute may come without). */
    filesRequired?: boolean;
  } = {},
): Promise<{ fields: z.infer<Fields>; files: StoredUpload[] }> {
  const fieldsSchema = (options.fields ?? submitCheckFieldsSchema) as Fields;
  const fieldNames = new Set(Object.keys(fieldsSchema.shape));
  if (!request.isMultipart()) {
    throw new HttpError(415, ERROR_CODES.MULTIPART_REQUIRED, "Send the form as multipart/form-data.");
  }
  const stored: StoredUpload[] = [];
  const raw: Record<string, string> = {};
  const state: UploadState = {
    failure: undefined,
    currentFile: undefined,
    currentName: "",
    inFlight: undefined,
  };
  let rejectFailed: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    rejectFailed = reject;
  });
  failed.catch(() => {});
  /** Fails the upload now, from outside the read loop (size limit, timeout). */
  const fail = (error: Error) => {
    if (state.failure) return;
    state.failure = error;
    state.currentFile?.destroy(error);
    rejectFailed(error);
  };
  const stopWatch = watchBody(request.raw, options.timeouts ?? UPLOAD_TIMEOUTS, () =>
    fail(new HttpError(408, ERROR_CODES.UPLOAD_TIMEOUT, "The upload stalled. Please try again.")),
  );
  // A connection lost before the whole body arrived ends the upload whatever the parser is doing.
  const onClose = () => {
    if (!request.raw.complete) fail(badRequest("The upload was cut off.", ERROR_CODES.MALFORMED_MULTIPART));
  };
  request.raw.once("close", onClose);

  const readAll = async () => {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (state.failure) throw state.failure;
      if (part.type === "field") {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw badRequest(`The field ${part.fieldname} is too long.`, ERROR_CODES.FIELD_TOO_LARGE);
        }
        if (fieldNames.has(part.fieldname) && typeof part.value === "string") {
          raw[part.fieldname] = part.value;
        }
        continue;
      }
      state.currentName = cleanOriginalName(part.filename);
      state.inFlight = (async () => {
        const file = await storeFile(part, state, storage, cleanup, fail);
        if (state.failure) {
          // The upload failed while this file was being stored: nobody else will remove it.
          await cleanup.discard([file.key]);
          throw state.failure;
        }
        stored.push(file);
      })();
      await state.inFlight;
      state.inFlight = undefined;
    }
  };
  const reading = readAll();
  reading.catch(() => {});

  try {
    await Promise.race([reading, failed]);
  } catch (error) {
    state.failure ??= error instanceof Error ? error : new Error(String(error));
    // A file being stored when the failure came from outside settles promptly (its stream was
    // destroyed) and removes itself; wait for it so nothing is left once we answer.
    await state.inFlight?.catch(() => {});
    await cleanup.discard(stored.map((file) => file.key));
    throw toUploadError(error, request, state.currentName);
  } finally {
    stopWatch();
    request.raw.off("close", onClose);
  }

  const parsed = fieldsSchema.safeParse(raw);
  const refuse = async (message: string, code: ErrorCode) => {
    await cleanup.discard(stored.map((file) => file.key));
    return badRequest(message, code);
  };
  if (!parsed.success) {
    throw await refuse(
      parsed.error.issues[0]?.message ?? "Please fill in all required fields",
      ERROR_CODES.VALIDATION,
    );
  }
  if (stored.length === 0 && options.filesRequired !== false) {
    throw await refuse(
      "Please upload at least one document for your background check",
      ERROR_CODES.FILES_REQUIRED,
    );
  }
  return { fields: parsed.data, files: stored };
}

interface UploadState {
  /** The first error that failed the upload; set once. */
  failure: Error | undefined;
  /** The file stream being read, destroyed when the upload fails from outside. */
  currentFile: Readable | undefined;
  /** Cleaned client name of the file being read, for messages. */
  currentName: string;
  /** Storing the current file (and removing it again if the upload failed meanwhile). */
  inFlight: Promise<void> | undefined;
}

function fileTooLarge(name: string): HttpError {
  return new HttpError(413, ERROR_CODES.FILE_TOO_LARGE, `${name} exceeds the ${MAX_LABEL} size limit`, name);
}

async function storeFile(
  part: MultipartFile,
  state: UploadState,
  storage: FileStorage,
  cleanup: UploadCleanup,
  fail: (error: Error) => void,
): Promise<StoredUpload> {
  const originalName = state.currentName;
  const file = part.file;
  state.currentFile = file;
  // busboy stops passing data at the limit but would read the rest of the part (up to the whole
  // body) before ending the stream: fail at once instead (ADR 0014).
  file.once("limit", () => fail(fileTooLarge(originalName)));
  let sourceError: unknown;
  file.on("error", (error) => {
    sourceError ??= error;
  });
  try {
    const kind = uploadKindOf(originalName);
    if (!kind) {
      throw new HttpError(
        415,
        ERROR_CODES.UNSUPPORTED_FILE_TYPE,
        `${originalName} is not a supported file type`,
        originalName,
      );
    }
    const { head, ended } = await readHead(file, SNIFF_BYTES);
    if (head.length === 0 && ended) {
      throw badRequest(`${originalName} is empty`, ERROR_CODES.EMPTY_FILE);
    }
    const detected = await sniff(head);
    if (!detected || !(kind.detected as readonly string[]).includes(detected)) {
      throw new HttpError(
        415,
        ERROR_CODES.UNSUPPORTED_FILE_TYPE,
        `${originalName} is not a supported file type (its content does not match its name)`,
        originalName,
      );
    }
    let result: { key: string; size: number };
    try {
      result = await storage.put(withHead(head, file, ended), kind.extensions[0], { contentType: kind.mime });
    } catch (error) {
      const uncertain = uncertainKeyOf(error);
      if (uncertain) cleanup.inBackground(() => cleanup.discard([uncertain]));
      throw sourceError ?? state.failure ?? new StorageFailure(error);
    }
    if (file.truncated || result.size > MAX_FILE_BYTES) {
      await cleanup.discard([result.key]);
      throw fileTooLarge(originalName);
    }
    return { key: result.key, originalName, fileType: kind.mime, fileSize: result.size };
  } finally {
    state.currentFile = undefined;
  }
}

/** file-type's verdict on the first bytes, or undefined (also when the sample is unparseable). */
async function sniff(head: Buffer): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES)))?.ext;
  } catch {
    return undefined;
  }
}

/**
 * Reads up to `limit` bytes from the start of `stream` and pauses it there. Settles on every
 * outcome: enough bytes, end (`ended`), error, or a close without end (rejects), so a
 * truncated or aborted body can never leave it waiting (unlike file-type's `fileTypeStream`).
 * @returns the bytes read (possibly a little over `limit`) and whether the stream has ended
 */
export function readHead(stream: Readable, limit: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: unknown, ended = false) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.off("close", onClose);
      if (error) reject(error);
      else resolve({ head: Buffer.concat(chunks, size), ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        stream.pause();
        settle(undefined);
      }
    };
    const onEnd = () => settle(undefined, true);
    const onError = (error: unknown) => settle(error);
    const onClose = () =>
      settle(stream.errored ?? new Error("the file stream closed before it ended (upload aborted)"));
    if (stream.readableEnded) return resolve({ head: Buffer.alloc(0), ended: true });
    if (stream.destroyed) return reject(stream.errored ?? new Error("the file stream is already closed"));
    stream.on("end", onEnd);
    stream.on("error", onError);
    stream.on("close", onClose);
    stream.on("data", onData);
  });
}

/** The already-read `head` followed by the rest of `rest` (nothing more when it has ended). */
function withHead(head: Buffer, rest: Readable, ended: boolean): Readable {
  async function* chunks() {
    if (head.length > 0) yield head;
    if (!ended) yield* rest;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Calls `onTimeout` once when the request body stalls for `idleMs` (no byte read from the socket
 * while the server is not holding it back) or is still incomplete after `totalMs`.
 * @returns a function that stops watching
 */
function watchBody(raw: IncomingMessage, timeouts: UploadTimeouts, onTimeout: () => void): () => void {
  const started = Date.now();
  let lastActivity = started;
  let lastBytes = raw.socket?.bytesRead ?? 0;
  const timer = setInterval(
    () => {
      if (raw.complete) return clearInterval(timer);
      const now = Date.now();
      const bytes = raw.socket?.bytesRead ?? lastBytes;
      // readableFlowing === false: we paused the body (backpressure from storage), not the client.
      if (bytes !== lastBytes || raw.readableFlowing === false) {
        lastBytes = bytes;
        lastActivity = now;
      }
      if (now - lastActivity >= timeouts.idleMs || now - started >= timeouts.totalMs) {
        clearInterval(timer);
        onTimeout();
      }
    },
    Math.max(20, Math.min(1000, Math.floor(timeouts.idleMs / 4))),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Maps whatever ended an upload to the answer: our own HttpErrors as they are, @fastify/multipart's
 * error classes and busboy's plain parse errors to 4xx with a code, a storage failure to 503.
 */
function toUploadError(error: unknown, request: FastifyRequest, currentName: string): HttpError {
  if (error instanceof HttpError) return error;
  const errors = request.server.multipartErrors;
  if (error instanceof errors.FilesLimitError) {
    return new HttpError(
      413,
      ERROR_CODES.TOO_MANY_FILES,
      `You can upload at most ${MAX_FILES_PER_CHECK} files.`,
    );
  }
  if (error instanceof errors.RequestFileTooLargeError) return fileTooLarge(currentName);
  if (error instanceof errors.PartsLimitError || error instanceof errors.FieldsLimitError) {
    return badRequest("The form has too many fields.", ERROR_CODES.TOO_MANY_PARTS);
  }
  if (error instanceof StorageFailure) {
    request.log.error({ err: error.cause }, "upload storage failed");
    return new HttpError(
      503,
      ERROR_CODES.STORAGE_UNAVAILABLE,
      "We could not store your documents right now. Please try again in a minute.",
    );
  }
  // PrototypeViolationError, InvalidMultipartContentTypeError, PrematureCloseError, invalid JSON
  // fields, and busboy's "Boundary not found" / "Unexpected end of multipart data" / "Malformed
  // part header" / "Part terminated early": all a broken or cut-off request.
  return badRequest(
    "The upload was incomplete or malformed. Please try again.",
    ERROR_CODES.MALFORMED_MULTIPART,
  );
}
