import { createHash, timingSafeEqual } from "node:crypto";
import type { Gate } from "../../common/api/gates";
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
