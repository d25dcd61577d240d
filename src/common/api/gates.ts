import { z } from "zod";

/**
 * Contracts of the password gates (docs/product.md#4-states "Events" and "Channel Partner", #5-validation,
 * #6-roles; ADR 0004). The Events dialog and the calculator's Channel Partner section each send a
 * password to `POST /api/gates/{gate}`; the server compares it with EVENTS_PASSWORD or
 * CHANNEL_PARTNER_PASSWORD. The client validates with the same body schema.
 */

/** The gates, as they appear in the URL path `/api/gates/{gate}`. */
export const GATES = ["events", "channel-partner"] as const;
export type Gate = (typeof GATES)[number];

import { GATE_PASSWORD_MAX_LENGTH } from "../limits";
import { safeText } from "./fields";

/** Error message of a wrong password, word for word from docs/product.md#5-validation and #8-messages. */
export const INCORRECT_PASSWORD_MESSAGE = "Incorrect password. Please try again.";

/** Request body: the password as typed (not trimmed: spaces may be part of it). */
export const gatePasswordBodySchema = z.object({
  password: safeText({
    max: GATE_PASSWORD_MAX_LENGTH,
    tooLong: "Password is too long",
    required: "Password is required",
    trim: false,
  }).min(1, "Password is required"),
});
export type GatePasswordBody = z.infer<typeof gatePasswordBodySchema>;

/** Response body of a right password. */
export const gateOkResponseSchema = z.object({ ok: z.literal(true) });
export type GateOkResponse = z.infer<typeof gateOkResponseSchema>;

/** The Channel Partner section's labels in one language: its two inputs and two figures. */
export const channelPartnerLabelsSchema = z.object({
  partnerCommissionPercentage: z.string(),
  storesInBrand: z.string(),
  commissionPerStore: z.string(),
  totalPartnerCommission: z.string(),
});
export type ChannelPartnerLabels = z.infer<typeof channelPartnerLabelsSchema>;

/**
 * The Channel Partner section's confidential content, in every page language (ADR 0035): served
 * only after the server accepted the password, never shipped in the client bundle.
 */
export const channelPartnerContentSchema = z.object({
  en: channelPartnerLabelsSchema,
  es: channelPartnerLabelsSchema,
});
export type ChannelPartnerContent = z.infer<typeof channelPartnerContentSchema>;

/**
 * Response body of the right Channel Partner password: `{ok: true}` as for every gate, plus the
 * section's content (ADR 0035). The answer also sets the pass cookie {@link CHANNEL_PARTNER_PASS_COOKIE}.
 */
export const channelPartnerGateResponseSchema = gateOkResponseSchema.extend({
  content: channelPartnerContentSchema,
});
export type ChannelPartnerGateResponse = z.infer<typeof channelPartnerGateResponseSchema>;

/** Response body of `GET /api/gates/channel-partner/content` with a valid pass (ADR 0035). */
export const channelPartnerContentResponseSchema = z.object({ content: channelPartnerContentSchema });
export type ChannelPartnerContentResponse = z.infer<typeof channelPartnerContentResponseSchema>;

/**
 * The HttpOnly cookie that proves, for the browser session, that this browser gave the Channel
 * Partner password (ADR 0035); sent only to `/api/gates/channel-partner`.
 */
export const CHANNEL_PARTNER_PASS_COOKIE = "aisleiq_partner_pass";
export const CHANNEL_PARTNER_PASS_PATH = "/api/gates/channel-partner";
