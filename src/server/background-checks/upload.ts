import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { fileTypeStream } from "file-type/node";
import { submitCheckFields } from "../../common/api/background-checks";
import {
  cleanOriginalName,
  formatFileSize,
  MAX_FILE_BYTES,
  MAX_FILES_PER_CHECK,
  uploadKindOf,
} from "../../common/uploads";
import type { FileStorage } from "../files/storage";
import { badRequest, HttpError } from "../http/errors";
import type { StoredUpload } from "./service";

/** Machine codes of upload failures (never rename one). */
export const UPLOAD_CODES = {
  UNSUPPORTED_TYPE: "UNSUPPORTED_FILE_TYPE",
  FILE_TOO_LARGE: "FILE_TOO_LARGE",
  TOO_MANY_FILES: "TOO_MANY_FILES",
  FILES_REQUIRED: "FILES_REQUIRED",
  MULTIPART_REQUIRED: "MULTIPART_REQUIRED",
} as const;

/** Bytes sniffed for magic numbers; large enough for file-type to read a docx's first entries. */
const SNIFF_BYTES = 64 * 1024;
const MAX_LABEL = formatFileSize(MAX_FILE_BYTES).replace(" ", "");

/**
 * Reads a background-check submission (spec §3: fullName, email, repeated files) from a
 * multipart request, streaming each file into storage as it arrives (never buffering a whole
 * file). Each file must have an allowed extension and magic bytes of the same kind (the
 * `file-type` package); stored names are random, the client's name is kept only as data.
 * On any failure every file already stored is removed again.
 * @returns the validated text fields and the stored files (1 to 5)
 * @throws 400 VALIDATION_ERROR / FILES_REQUIRED; 413 FILE_TOO_LARGE /
 *   TOO_MANY_FILES; 415 UNSUPPORTED_FILE_TYPE / MULTIPART_REQUIRED
 */
export async function receiveSubmission(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<{ fields: { fullName: string; email: string }; files: StoredUpload[] }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, UPLOAD_CODES.MULTIPART_REQUIRED, "Send the form as multipart/form-data.");
  }
  const { multipartErrors } = request.server;
  const stored: StoredUpload[] = [];
  const raw: Record<string, string> = {};
  let currentName = "";
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_FILE_BYTES,
        files: MAX_FILES_PER_CHECK,
        fields: 10,
        fieldSize: 10_000,
        parts: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if ((part.fieldname === "fullName" || part.fieldname === "email") && typeof part.value === "string") {
          raw[part.fieldname] = part.value;
        }
        continue;
      }
      currentName = cleanOriginalName(part.filename);
      stored.push(await storeFile(part, currentName, storage));
    }
  } catch (error) {
    await Promise.all(stored.map((file) => storage.delete(file.key)));
    if (error instanceof HttpError) throw error;
    if (error instanceof multipartErrors.FilesLimitError) {
      throw new HttpError(
        413,
        UPLOAD_CODES.TOO_MANY_FILES,
        `You can upload at most ${MAX_FILES_PER_CHECK} files.`,
      );
    }
    if (error instanceof multipartErrors.RequestFileTooLargeError) {
      throw new HttpError(
        413,
        UPLOAD_CODES.FILE_TOO_LARGE,
        `${currentName} exceeds the ${MAX_LABEL} size limit`,
      );
    }
    if (
      error instanceof multipartErrors.PartsLimitError ||
      error instanceof multipartErrors.FieldsLimitError
    ) {
      throw new HttpError(413, "TOO_MANY_PARTS", "The form has too many fields.");
    }
    throw error;
  }
  const parsed = submitCheckFields.safeParse(raw);
  const fail = async (message: string, code: string) => {
    await Promise.all(stored.map((file) => storage.delete(file.key)));
    return badRequest(message, code);
  };
  if (!parsed.success) {
    throw await fail(
      parsed.error.issues[0]?.message ?? "Please fill in all required fields",
      "VALIDATION_ERROR",
    );
  }
  if (stored.length === 0) {
    throw await fail(
      "Please upload at least one document for your background check",
      UPLOAD_CODES.FILES_REQUIRED,
    );
  }
  return { fields: parsed.data, files: stored };
}

async function storeFile(
  part: MultipartFile,
  originalName: string,
  storage: FileStorage,
): Promise<StoredUpload> {
  const kind = uploadKindOf(originalName);
  if (!kind) {
    part.file.resume();
    throw new HttpError(415, UPLOAD_CODES.UNSUPPORTED_TYPE, `${originalName} is not a supported file type`);
  }
  const sniffed = await fileTypeStream(part.file, { sampleSize: SNIFF_BYTES });
  const detected = sniffed.fileType?.ext;
  if (!detected || !(kind.detected as readonly string[]).includes(detected)) {
    sniffed.resume();
    throw new HttpError(
      415,
      UPLOAD_CODES.UNSUPPORTED_TYPE,
      `${originalName} is not a supported file type (its content does not match its name)`,
    );
  }
  const extension = kind.extensions[0];
  const { key, size } = await storage.put(sniffed, extension);
  if (part.file.truncated || size > MAX_FILE_BYTES) {
    await storage.delete(key);
    throw new HttpError(
      413,
      UPLOAD_CODES.FILE_TOO_LARGE,
      `${originalName} exceeds the ${MAX_LABEL} size limit`,
    );
  }
  return { key, originalName, fileType: kind.mime, fileSize: size };
}
