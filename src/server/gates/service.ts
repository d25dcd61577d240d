import { createHash, createHmac, scryptSync, timingSafeEqual } from "node:crypto";
import type { Gate } from "../../common/api/gates";
import { CHANNEL_PARTNER_PASS_TTL_MS } from "../../common/limits";
import type { AppConfig } from "../config";

/**
 * Whether `given` equals `expected`, in time that does not depend on where they differ or on
 * their lengths: both are hashed with SHA-256 first, so `timingSafeEqual` always compares two
 * 32-byte digests (it throws on unequal lengths, which would leak the password's length).
 * @param given the password a visitor typed
 * @param expected the configured password
 */
export function passwordMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The configured password of a gate (docs/architecture.md#configuration).
 * @returns EVENTS_PASSWORD for "events", CHANNEL_PARTNER_PASSWORD for "channel-partner"
 */
export function gatePassword(config: AppConfig, gate: Gate): string {
  return gate === "events" ? config.EVENTS_PASSWORD : config.CHANNEL_PARTNER_PASSWORD;
}

/** Keys of Channel Partner passes, one per configured password (derived once: scrypt is slow on purpose). */
const passKeys = new Map<string, Buffer>();

/**
 * The key that signs Channel Partner passes (ADR 0035): derived from CHANNEL_PARTNER_PASSWORD
 * with scrypt, so every process agrees without a new secret, changing the password voids every
 * pass, and a pass gives no cheap way to guess the password offline.
 */
function passKey(config: AppConfig): Buffer {
  const password = gatePassword(config, "channel-partner");
  let key = passKeys.get(password);
  if (!key) {
    key = scryptSync(password, "aisleiq channel-partner pass", 32);
    passKeys.set(password, key);
  }
  return key;
}

function passSignature(config: AppConfig, expiresAt: number): string {
  return createHmac("sha256", passKey(config)).update(`channel-partner:${expiresAt}`).digest("base64url");
}

/**
 * Issues a Channel Partner pass (ADR 0035): `<expiry ms>.<HMAC-SHA256 of it>`, valid until
 * `now + CHANNEL_PARTNER_PASS_TTL_MS`. Holds nothing secret itself.
 * @param now the current time in ms
 */
export function issuePartnerPass(config: AppConfig, now: number = Date.now()): string {
  const expiresAt = now + CHANNEL_PARTNER_PASS_TTL_MS;
  return `${expiresAt}.${passSignature(config, expiresAt)}`;
}

/**
 * Whether `pass` is a Channel Partner pass this server issued that has not expired (ADR 0035).
 * Compared in constant time; false for anything missing or malformed.
 */
export function partnerPassValid(
  config: AppConfig,
  pass: string | undefined,
  now: number = Date.now(),
): boolean {
  const match = pass ? /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(pass) : null;
  if (!match?.[1] || !match[2]) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt <= now) return false;
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(passSignature(config, expiresAt));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
