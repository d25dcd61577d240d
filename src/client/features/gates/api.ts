import { ERROR_CODES } from "@common/api/errors";
import {
  type ChannelPartnerContent,
  type ChannelPartnerContentResponse,
  channelPartnerContentSchema,
  type Gate,
  type GateOkResponse,
  gatePasswordBodySchema,
} from "@common/api/gates";
import { ApiError, apiRequest } from "~/lib/api";

/**
 * How a password check ended. `failure` is what was thrown (an ApiError when the server
 * answered), for the caller's message.
 */
export type GateCheckResult =
  /** `content`: what the gate unlocks, when the server sends any (Channel Partner, ADR 0035). */
  | { outcome: "unlocked"; content?: ChannelPartnerContent }
  /** The server's `INCORRECT_PASSWORD`, or a password the body schema refuses (it cannot be right). */
  | { outcome: "incorrect" }
  /** `RATE_LIMITED`: too many checks from this address for a while. */
  | { outcome: "rate-limited"; failure: unknown }
  /** Anything else: another error answer, no answer, or the check could not load. */
  | { outcome: "failed"; failure: unknown };

/**
 * `POST /api/gates/{gate}` `{password}` (docs/product.md#2-pages "Events dialogs", #4-states; ADR 0004): checks a
 * gate's password on the server, which alone knows it. The password is validated with the
 * shared body schema first, so an empty or overlong one is `incorrect` without a request. The
 * answer is told apart by the error's `code`, never by its status.
 * @param gate "events" or "channel-partner"
 * @param password the password as typed (not trimmed)
 */
export async function checkGatePassword(gate: Gate, password: string): Promise<GateCheckResult> {
  const parsed = gatePasswordBodySchema.safeParse({ password });
  if (!parsed.success) return { outcome: "incorrect" };
  try {
    const body = await apiRequest<GateOkResponse & { content?: unknown }>(
      "POST",
      `/api/gates/${gate}`,
      parsed.data,
    );
    const content = channelPartnerContentSchema.safeParse(body.content);
    return content.success ? { outcome: "unlocked", content: content.data } : { outcome: "unlocked" };
  } catch (failure) {
    const code = failure instanceof ApiError ? failure.body?.code : undefined;
    if (code === ERROR_CODES.INCORRECT_PASSWORD) return { outcome: "incorrect" };
    if (code === ERROR_CODES.RATE_LIMITED) return { outcome: "rate-limited", failure };
    return { outcome: "failed", failure };
  }
}

/**
 * `GET /api/gates/channel-partner/content` (ADR 0035): the Channel Partner section's content
 * again, for a browser that gave the password earlier in this browser session (the server's
 * HttpOnly pass cookie proves it).
 * @returns the content, or null when the server refuses (no or expired pass) or cannot be reached
 */
export async function readChannelPartnerContent(): Promise<ChannelPartnerContent | null> {
  try {
    const body = await apiRequest<ChannelPartnerContentResponse>("GET", "/api/gates/channel-partner/content");
    const content = channelPartnerContentSchema.safeParse(body.content);
    return content.success ? content.data : null;
  } catch {
    return null;
  }
}
