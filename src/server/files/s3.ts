import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { S3_CONNECT_TIMEOUT_MS, S3_IDLE_TIMEOUT_MS, S3_REQUEST_TIMEOUT_MS } from "../../common/limits";
import { contentTypeOfKey, newStorageKey, StoredObjectMissingError, storageKeyIsValid } from "./objects";
import type { FileStorage, StorageLog } from "./types";

/** Static credentials; without them the SDK's default provider chain is used (ADR 0050). */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

export interface S3StorageOptions {
  bucket: string;
  /** AWS region, e.g. `eu-west-1` (`auto` for R2); signs requests and picks the AWS endpoint. */
  region: string;
  /** Endpoint of an S3-compatible service, e.g. `http://127.0.0.1:9000`; unset: AWS's own. */
  endpoint?: string | undefined;
  /**
   * Path-style URLs (`ENDPOINT/BUCKET/KEY`, MinIO and Ceph) instead of virtual-hosted ones
   * (`BUCKET.ENDPOINT/KEY`). Unset: path style exactly when `endpoint` is set (ADR 0050).
   */
  forcePathStyle?: boolean | undefined;
  /** Unset: the SDK's default chain (environment, shared files, web identity, container, EC2). */
  credentials?: S3Credentials | undefined;
  /** Where an upload is spooled while its size and MD5 are computed; removed after the PUT. */
  spoolDir: string;
  /** Object key prefix, e.g. `background-checks/`. */
  prefix?: string;
  /**
   * Milliseconds a connection may stay silent before its request fails ({@link S3_IDLE_TIMEOUT_MS}
   * by default); a TCP connect waits at most {@link S3_CONNECT_TIMEOUT_MS} or this, whichever is less.
   */
  timeoutMs?: number;
  /** SDK warnings go here; unset: dropped. */
  log?: StorageLog | undefined;
}

/**
 * A storage operation on S3 that failed. The message names the operation, the HTTP status and
 * S3's error code (or the SDK's error name for network failures), never a credential, so it can
 * be logged as it is.
 */
export class S3StorageError extends Error {
  readonly operation: string;
  /** HTTP status of S3's answer; undefined when none came (timeout, refused connection). */
  readonly httpStatus: number | undefined;
  /** S3's error code (`NoSuchBucket`, `SignatureDoesNotMatch`, …) or the SDK's error name. */
  readonly code: string;
  /**
   * A PutObject that got no answer: the key of the object S3 may have stored all the same, which
   * the caller removes (ADR 0078; read it with `uncertainKeyOf`). Undefined otherwise.
   */
  readonly uncertainKey: string | undefined;
  constructor(operation: string, error: unknown, uncertainKey?: string) {
    const sdk = error as {
      name?: string;
      Code?: string;
      message?: string;
      $metadata?: { httpStatusCode?: number };
    };
    const httpStatus = sdk?.$metadata?.httpStatusCode;
    const code = sdk?.Code ?? sdk?.name ?? "Error";
    // An SDK message may quote the string to sign; keep only its first sentence.
    const detail = String(sdk?.message ?? "").split(/\.\s|\n/)[0] ?? "";
    super(
      `S3 ${operation} failed: ${httpStatus ?? "no answer"} ${code}${detail ? ` (${detail.slice(0, 200)})` : ""}`,
    );
    this.name = "S3StorageError";
    this.operation = operation;
    this.httpStatus = httpStatus;
    this.code = code;
    this.uncertainKey = uncertainKey;
  }
}

/**
 * The S3 client configuration for `options` (exported for tests): checksums only where an
 * operation requires one (ADR 0050: the SDK's default CRC32 trailers use `aws-chunked` uploads
 * that several S3-compatible services refuse), the timeouts of {@link S3StorageOptions.timeoutMs}
 * and {@link S3_REQUEST_TIMEOUT_MS}, and the SDK's own retries (`AWS_MAX_ATTEMPTS`, default 3).
 */
export function s3ClientConfig(options: S3StorageOptions): S3ClientConfig {
  const idleMs = options.timeoutMs ?? S3_IDLE_TIMEOUT_MS;
  const log = options.log;
  return {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: Math.min(S3_CONNECT_TIMEOUT_MS, idleMs),
      socketTimeout: idleMs,
      requestTimeout: S3_REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
    // Without a logger the SDK prints its warnings to the console. Its info lines (every
    // command) and error lines (a failed command with its input, which the caller reports as an
    // S3StorageError anyway) are dropped; warnings go to the server log.
    logger: {
      debug: () => {},
      info: () => {},
      warn: (...content: unknown[]) =>
        log?.warn({ detail: content.map(String).join(" ") }, "S3 client warning"),
      error: () => {},
    },
  };
}

/**
 * S3-compatible storage (docs/architecture.md#files, ADR 0050) through the AWS SDK, selected by
 * S3_BUCKET. Keys are random like the local storage's, under `prefix`.
 *
 * - `put` spools the upload to a file in `spoolDir` while counting its bytes and computing its
 *   MD5 (memory stays flat: S3 needs the length up front and the stream's length is unknown),
 *   then sends one PutObject streamed from that file, with Content-Length, Content-MD5 (the
 *   service refuses a body that arrived altered) and the content type. The spool file is removed
 *   either way. A PUT whose outcome is unknown (no answer: timeout, reset) fails with the
 *   object's key as {@link S3StorageError.uncertainKey}: the caller removes it (ADR 0078), where
 *   a failed removal can join the file-deletion queue. The SDK does not retry a streamed body;
 *   the user's retry (after the 503's Retry-After) is the retry.
 * - `get` streams the object from the bucket with its stored content type.
 * - `delete` removes an object; a missing one is not an error.
 * @throws from `put`/`get`/`delete`: {@link S3StorageError} (the bucket refused or did not
 *   answer); `get` throws {@link StoredObjectMissingError} for a key with no object
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const prefix = options.prefix ?? "";
  const client = new S3Client(s3ClientConfig(options));
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    if (!storageKeyIsValid(key)) throw new Error(`invalid storage key: ${key}`);
    return `${prefix}${key}`;
  };
  const remove = async (key: string) => {
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible services answer 404.
      if (httpStatusOf(error) === 404) return;
      throw new S3StorageError("DeleteObject", error);
    }
  };

  return {
    kind: "s3",
    async put(source, extension, putOptions = {}) {
      await mkdir(options.spoolDir, { recursive: true });
      const key = newStorageKey(extension);
      const spool = path.join(options.spoolDir, `${key}.part`);
      const md5 = createHash("md5");
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          md5.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, tap, createWriteStream(spool, { flags: "wx", mode: 0o600 }));
        try {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: objectKey(key),
              Body: createReadStream(spool),
              ContentLength: size,
              ContentMD5: md5.digest("base64"),
              ContentType: putOptions.contentType ?? contentTypeOfKey(key),
            }),
          );
        } catch (error) {
          // No answer: the object may exist all the same; the caller removes it (ADR 0078).
          throw new S3StorageError("PutObject", error, httpStatusOf(error) === undefined ? key : undefined);
        }
        return { key, size };
      } finally {
        await rm(spool, { force: true });
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error("the S3 client returned no Node stream");
        return {
          stream: object.Body,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOfKey(key),
        };
      } catch (error) {
        if (httpStatusOf(error) === 404 && errorCodeOf(error) !== "NoSuchBucket") {
          throw new StoredObjectMissingError(key);
        }
        throw new S3StorageError("GetObject", error);
      }
    },
    delete: remove,
    close() {
      client.destroy();
    },
  };
}

function httpStatusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function errorCodeOf(error: unknown): string | undefined {
  const sdk = error as { Code?: string; name?: string };
  return sdk?.Code ?? sdk?.name;
}
