import { createHash, randomBytes } from "node:crypto";

/**
 * Emailed and cookie tokens (docs/architecture.md#security-boundaries, docs/product.md#10-ground-rules): 32 random bytes (256 bits) from the CSPRNG,
 * sent as unpadded base64url (43 characters, RFC 4648 §5). Only the SHA-256 digest (hex) is
 * stored, so a database leak yields no usable token.
 */
export const TOKEN_BYTES = 32;

export interface IssuedToken {
  /** The value for the email link or cookie; never stored or logged. */
  raw: string;
  /** Hex SHA-256 digest of `raw`: what the database keeps. */
  hash: string;
}

/** Creates a new random token and its digest. */
export function issueToken(): IssuedToken {
  const raw = randomBytes(TOKEN_BYTES).toString("base64url");
  return { raw, hash: hashToken(raw) };
}

/** Hex SHA-256 digest of a raw token (64 characters). */
export function hashToken(raw: string): string {
  return createHash("sha256").update(raw, "utf8").digest("hex");
}
