import { z } from "zod";

/**
 * Contracts of the password gates (docs/product.md#4-states "Events" and "Channel Partner", #5-validation,
 * #6-roles; issue #5). The Events dialog and the calculator's Channel Partner section each send a
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
