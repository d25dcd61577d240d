import { randomUUID } from "node:crypto";
import { UPLOAD_KINDS } from "../../common/uploads";

// Keys and errors shared by the storages in this folder (storage.ts, s3.ts).

/** `get` of a key that names no object: the row outlived its file. */
export class StoredObjectMissingError extends Error {
  constructor(key: string) {
    super(`no stored object for key ${key}`);
    this.name = "StoredObjectMissingError";
  }
}

/**
 * The key under which a failed `put` may have stored an object all the same: set when the
 * storage never answered (timeout, reset, a server that went down), so the caller must remove
 * that key (ADR 0078); undefined when nothing can have been stored.
 */
export function uncertainKeyOf(error: unknown): string | undefined {
  const key = (error as { uncertainKey?: unknown } | null | undefined)?.uncertainKey;
  return typeof key === "string" ? key : undefined;
}

const KEY_PATTERN = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/** Whether `key` has the shape {@link newStorageKey} gives (a UUID and an optional extension). */
export function storageKeyIsValid(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A new random key: a UUID plus `.extension` when that is 1–8 lower-case letters or digits. */
export function newStorageKey(extension: string): string {
  const safeExt = /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : "";
  return `${randomUUID()}${safeExt}`;
}

/** The MIME type of an allowed upload kind with the key's extension; else `application/octet-stream`. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  const kind = UPLOAD_KINDS.find((candidate) =>
    (candidate.extensions as readonly string[]).includes(extension),
  );
  return kind?.mime ?? "application/octet-stream";
}
