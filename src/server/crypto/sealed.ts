import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Sealed values: small secrets kept in the database encrypted with a key that lives outside it
 * and outside every backup (ADR 0074). AES-256-GCM (NIST SP 800-38D), a random 96-bit IV per
 * value, and a caller-given context (e.g. the table and row id) as associated data, so a sealed
 * value opens only where it was sealed: copied to another row, it fails to open.
 *
 * A sealed value is one ASCII string, `v1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url parts): the
 * id of the key that sealed it travels with it, so a keyring of the current key and earlier
 * ones opens values sealed before a rotation.
 */

/** Bytes of a data key: AES-256. */
export const DATA_KEY_BYTES = 32;

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The 32 bytes a key variable holds, given as base64 (standard or URL-safe, e.g.
 * `openssl rand -base64 32`) or as 64 hex digits (`openssl rand -hex 32`).
 * @returns the key bytes, or undefined when `value` is neither form of exactly 32 bytes
 */
export function decodeDataKey(value: string): Buffer | undefined {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined;
  const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === DATA_KEY_BYTES ? bytes : undefined;
}

/** A new random data key, base64 (what `openssl rand -base64 32` prints). */
export function generateDataKey(): string {
  return randomBytes(DATA_KEY_BYTES).toString("base64");
}

/** Why a sealed value did not open. */
export type OpenFailure =
  /** Sealed with a key the keyring does not hold (its id is in `keyId`). */
  | "unknown-key"
  /** Not a sealed value, damaged, or sealed under another context (moved from another row). */
  | "invalid";

/** A sealed value that did not open; the message names the key id, never a key or a plaintext. */
export class SealedOpenError extends Error {
  constructor(
    readonly reason: OpenFailure,
    readonly keyId: string | undefined,
  ) {
    super(
      reason === "unknown-key"
        ? `sealed with data key ${keyId}, which is neither DATA_ENCRYPTION_KEY nor DATA_ENCRYPTION_KEY_PREVIOUS`
        : `does not open with data key ${keyId ?? "?"}: damaged, or not sealed for this record`,
    );
    this.name = "SealedOpenError";
  }
}

/** The public id of a key: 12 hex digits of a SHA-256 of it (names the key, reveals nothing of it). */
function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("aisleiq data key id\0").update(key).digest("hex").slice(0, 12);
}

/**
 * The data keys of an installation: the current one seals, it and the previous ones open.
 * Build one with {@link Keyring.fromValues}; see `crypto/data-keys.ts` for the app's keyring.
 */
export class Keyring {
  private readonly keys = new Map<string, Buffer>();
  /** Id of the key that seals. */
  readonly currentId: string;

  /**
   * @param current the key that seals (32 bytes)
   * @param previous keys that still open values sealed before a rotation
   * @throws when a key is not 32 bytes
   */
  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== DATA_KEY_BYTES) throw new Error(`a data key must be ${DATA_KEY_BYTES} bytes`);
      const id = keyIdOf(key);
      if (!this.keys.has(id)) this.keys.set(id, Buffer.from(key));
    }
    this.currentId = keyIdOf(current);
  }

  /**
   * A keyring from key variables' values ({@link decodeDataKey} forms).
   * @throws when a value is not a 32-byte key (the message names no value)
   */
  static fromValues(current: string, previous: ReadonlyArray<string | undefined> = []): Keyring {
    const decode = (value: string) => {
      const key = decodeDataKey(value);
      if (!key)
        throw new Error("a data key must be 32 bytes, base64 or hex (e.g. `openssl rand -base64 32`)");
      return key;
    };
    return new Keyring(decode(current), previous.filter((value): value is string => !!value).map(decode));
  }

  /** Whether a value sealed with key `keyId` can be opened. */
  has(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /**
   * Encrypts `plaintext` with the current key.
   * @param context what the value belongs to, e.g. `email_outbox:42`: {@link open} must be given
   *   the same, so the value cannot be moved elsewhere
   * @returns the sealed value (ASCII, about 4/3 of the plaintext's UTF-8 bytes plus 50)
   */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.keys.get(this.currentId) as Buffer, iv);
    cipher.setAAD(associatedData(this.currentId, context));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, this.currentId, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
      .join(".");
  }

  /**
   * Decrypts a value {@link seal} made, with whichever key of the ring sealed it.
   * @param context the context it was sealed with
   * @throws SealedOpenError "unknown-key" when the ring lacks its key; "invalid" when it is not
   *   a sealed value, was altered, or was sealed under another context
   */
  open(sealed: string, context: string): string {
    const parts = sealed.split(".");
    const [version, keyId, iv, body, tag] = parts;
    if (parts.length !== 5 || version !== VERSION || !keyId || iv === undefined || !tag || body === undefined)
      throw new SealedOpenError("invalid", keyId);
    const key = this.keys.get(keyId);
    if (!key) throw new SealedOpenError("unknown-key", keyId);
    try {
      const ivBytes = Buffer.from(iv, "base64url");
      const tagBytes = Buffer.from(tag, "base64url");
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new Error("bad lengths");
      const decipher = createDecipheriv("aes-256-gcm", key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(keyId, context));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    } catch {
      throw new SealedOpenError("invalid", keyId);
    }
  }

  /** The id of the key a sealed value names, or undefined when it is not a sealed value. */
  static keyIdOf(sealed: string): string | undefined {
    const [version, keyId] = sealed.split(".");
    return version === VERSION && keyId ? keyId : undefined;
  }
}

/** What GCM authenticates besides the ciphertext: format, key id and the caller's context. */
function associatedData(keyId: string, context: string): Buffer {
  return Buffer.from(`${VERSION}.${keyId}.${context}`, "utf8");
}
