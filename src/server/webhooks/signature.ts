import { createHmac, timingSafeEqual } from "node:crypto";
import { WEBHOOK_TOLERANCE_SECONDS } from "../../common/limits";

/**
 * The CRM webhook's signature (docs/operations.md#crm-webhook, ADR 0051), Stripe's scheme: the
 * `AisleIQ-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256>` where the HMAC, keyed
 * with LEAD_WEBHOOK_SECRET, is of the timestamp, a dot and the raw request body
 * (`${t}.${body}`). The timestamp is also sent alone as `AisleIQ-Timestamp`. A receiver
 * recomputes the HMAC over the body bytes it received, compares in constant time and refuses a
 * timestamp more than {@link WEBHOOK_TOLERANCE_SECONDS} from its clock (a replay).
 */

/** The header carrying the signature. */
export const SIGNATURE_HEADER = "AisleIQ-Signature";
/** The header carrying the signed timestamp alone (unix seconds). */
export const TIMESTAMP_HEADER = "AisleIQ-Timestamp";

/**
 * Signs one delivery.
 * @param secret LEAD_WEBHOOK_SECRET
 * @param timestamp unix time in whole seconds
 * @param body the exact bytes (as a string) of the request body
 * @returns the `AisleIQ-Signature` value, `t=1767225600,v1=5f0c…` (64 hex digits)
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

/**
 * Verifies a delivery as a receiver should: parses `t` and every `v1` of the header, recomputes
 * the HMAC of `${t}.${body}`, compares in constant time, and checks that `t` is within
 * `toleranceSeconds` of `nowSeconds`.
 * @returns true when one `v1` matches and the timestamp is fresh
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(
    createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex"),
    "utf8",
  );
  return signatures.some((signature) => timingSafeEqual(Buffer.from(signature, "utf8"), expected));
}
