import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../common/api/errors";
import { STORAGE_RETRY_AFTER_SECONDS } from "../../common/limits";
import type { AppConfig } from "../config";
import { HttpError, notFound } from "../core/errors";
import { contentTypeOfKey, newStorageKey, StoredObjectMissingError, storageKeyIsValid } from "./objects";
import { createS3Storage } from "./s3";
import type { FileStorage, StorageLog, StoredObject } from "./types";

export { StoredObjectMissingError } from "./objects";
export type { FileStorage, StorageLog, StoredObject } from "./types";

/**
 * Local-disk storage under `${root}` (DATA_DIR/uploads by default). Keys are a random UUID plus
 * the extension, e.g. `3f1c…e9.pdf`.
 */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!storageKeyIsValid(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: "local",
    async put(source, extension) {
      await mkdir(root, { recursive: true });
      const key = newStorageKey(extension);
      const target = resolve(key);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const sink = createWriteStream(target, { flags: "wx", mode: 0o600 });
      try {
        await pipeline(source, counter, sink);
      } catch (error) {
        // A source that fails at once can reject the pipeline before the file is even opened:
        // removing it before the stream has closed would let the open create it afterwards, kept.
        if (!sink.closed) await once(sink, "close").catch(() => {});
        await rm(target, { force: true });
        throw error;
      }
      return { key, size };
    },
    async get(key) {
      const target = resolve(key);
      const info = await stat(target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "ENOENT" ? new StoredObjectMissingError(key) : error;
      });
      return { stream: createReadStream(target), size: info.size, contentType: contentTypeOfKey(key) };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/**
 * Picks the storage the configuration asks for (docs/architecture.md#files, ADR 0050):
 * S3-compatible object storage when S3_BUCKET is set (S3_ENDPOINT for non-AWS services,
 * S3_REGION, S3_FORCE_PATH_STYLE, S3_TIMEOUT_MS, and the AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN credentials, or the SDK's default credential chain
 * without them), local disk under DATA_DIR/uploads otherwise.
 * @param log receives the S3 client's warnings
 * @throws Error when only one of AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY is set
 */
export function createStorage(
  config: Pick<
    AppConfig,
    | "DATA_DIR"
    | "S3_BUCKET"
    | "S3_ENDPOINT"
    | "S3_REGION"
    | "S3_FORCE_PATH_STYLE"
    | "S3_TIMEOUT_MS"
    | "AWS_ACCESS_KEY_ID"
    | "AWS_SECRET_ACCESS_KEY"
    | "AWS_SESSION_TOKEN"
  >,
  log?: StorageLog,
): FileStorage {
  if (config.S3_BUCKET) {
    if (Boolean(config.AWS_ACCESS_KEY_ID) !== Boolean(config.AWS_SECRET_ACCESS_KEY)) {
      throw new Error(
        "S3 storage: set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (the AWS SDK's default credential chain).",
      );
    }
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION ?? "us-east-1",
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
          ? {
              accessKeyId: config.AWS_ACCESS_KEY_ID,
              secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
              sessionToken: config.AWS_SESSION_TOKEN,
            }
          : undefined,
      spoolDir: path.resolve(config.DATA_DIR, "upload-spool"),
      prefix: "background-checks/",
      timeoutMs: config.S3_TIMEOUT_MS,
      log,
    });
  }
  return createLocalStorage(path.resolve(config.DATA_DIR, "uploads"));
}

/**
 * Opens a stored file for a response that streams it (a download or a preview), answering what
 * the person should see when it cannot be read.
 * @returns the object, streamed from the storage, with its size and stored content type
 * @throws HttpError 404 NOT_FOUND when no object has `key` (logged: a row outlived its file);
 *   503 FILE_UNAVAILABLE with `Retry-After` ({@link STORAGE_RETRY_AFTER_SECONDS}) set on `reply`
 *   when the storage fails or does not answer (ADR 0050)
 */
export async function openStoredFile(
  storage: FileStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<StoredObject> {
  try {
    return await storage.get(key);
  } catch (error) {
    if (error instanceof StoredObjectMissingError) {
      request.log.error({ err: error }, "a file's row has no stored object");
      throw notFound("File not found.");
    }
    request.log.error({ err: error }, "could not read a stored file");
    reply.header("retry-after", String(STORAGE_RETRY_AFTER_SECONDS));
    throw new HttpError(
      503,
      ERROR_CODES.FILE_UNAVAILABLE,
      "This document cannot be opened right now. Please try again in a minute.",
    );
  }
}

/**
 * Reads a whole stored object into memory: for small objects only (the signed authorization
 * receipt the outbox attaches, ADR 0084).
 * @throws StoredObjectMissingError when no object has this key; another error when storage fails
 */
export async function readStoredObject(storage: FileStorage, key: string): Promise<Buffer> {
  const { stream } = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
