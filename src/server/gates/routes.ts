import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ERROR_CODES } from "../../common/api/errors";
import {
  CHANNEL_PARTNER_PASS_COOKIE,
  CHANNEL_PARTNER_PASS_PATH,
  channelPartnerContentResponseSchema,
  channelPartnerGateResponseSchema,
  type Gate,
  gateOkResponseSchema,
  gatePasswordBodySchema,
  INCORRECT_PASSWORD_MESSAGE,
} from "../../common/api/gates";
import { CHANNEL_PARTNER_CONTENT_RATE_PER_IP, GATE_RATE_PER_IP } from "../../common/limits";
import { HttpError } from "../core/errors";
import { isSecure } from "../core/session-cookie";
import { rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import { CHANNEL_PARTNER_CONTENT } from "./channel-partner-content";
import { gatePassword, issuePartnerPass, partnerPassValid, passwordMatches } from "./service";

const route = routesTagged("gates");

/**
 * Password gates of docs/product.md#4-states to #6-roles (ADR 0004: checked by the server): `POST /api/gates/events` and
 * `POST /api/gates/channel-partner` with `{password}`. A right password answers 200 `{ok: true}`
 * (Channel Partner: plus the section's `content` and a pass cookie that
 * `GET /api/gates/channel-partner/content` requires, ADR 0035);
 * a wrong one 401 `{error: 'Incorrect password. Please try again.', code: 'INCORRECT_PASSWORD'}`;
 * a missing or oversized one 400; more than {@link GATE_RATE_PER_IP} checks per IP and gate in
 * 15 minutes 429. The passwords stay on the server (docs/architecture.md#security-boundaries).
 */
export const gatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const checkPassword = (gate: Gate, password: string) => {
    if (!passwordMatches(password, gatePassword(config, gate))) {
      throw new HttpError(401, ERROR_CODES.INCORRECT_PASSWORD, INCORRECT_PASSWORD_MESSAGE);
    }
  };

  app.post(
    "/api/gates/events",
    route("public", "Check the events password", {
      operationId: "unlockEvents",
      body: gatePasswordBodySchema,
      response: { 200: gateOkResponseSchema },
      errors: { 401: "Wrong password (`INCORRECT_PASSWORD`)." },
      onRequest: [rateLimitBy(app, "gate-events-ip", { max: GATE_RATE_PER_IP })],
    }),
    async (request, reply) => {
      checkPassword("events", request.body.password);
      return reply.send({ ok: true as const });
    },
  );

  // The Channel Partner section's content is confidential, so the client bundle does not carry
  // it: the right password answers with it and sets a pass cookie for re-reading it (ADR 0035).
  app.post(
    "/api/gates/channel-partner",
    route("public", "Check the channel-partner password; answers the section's content and sets its pass", {
      operationId: "unlockChannelPartner",
      body: gatePasswordBodySchema,
      response: { 200: channelPartnerGateResponseSchema },
      errors: { 401: "Wrong password (`INCORRECT_PASSWORD`)." },
      onRequest: [rateLimitBy(app, "gate-channel-partner-ip", { max: GATE_RATE_PER_IP })],
    }),
    async (request, reply) => {
      checkPassword("channel-partner", request.body.password);
      // A browser-session cookie (no Max-Age); the pass itself expires after 12 hours.
      reply.setCookie(CHANNEL_PARTNER_PASS_COOKIE, issuePartnerPass(config), {
        path: CHANNEL_PARTNER_PASS_PATH,
        httpOnly: true,
        sameSite: "strict",
        secure: isSecure(config),
      });
      return reply.send({ ok: true as const, content: CHANNEL_PARTNER_CONTENT });
    },
  );

  app.get(
    "/api/gates/channel-partner/content",
    route("public", "The channel-partner section's content, for a browser holding the pass cookie", {
      operationId: "getChannelPartnerContent",
      response: { 200: channelPartnerContentResponseSchema },
      errors: { 401: "No valid pass cookie: enter the password first (`GATE_LOCKED`)." },
      onRequest: [
        rateLimitBy(app, "gate-channel-partner-content-ip", { max: CHANNEL_PARTNER_CONTENT_RATE_PER_IP }),
      ],
    }),
    async (request, reply) => {
      if (!partnerPassValid(config, request.cookies[CHANNEL_PARTNER_PASS_COOKIE])) {
        reply.clearCookie(CHANNEL_PARTNER_PASS_COOKIE, { path: CHANNEL_PARTNER_PASS_PATH });
        throw new HttpError(401, ERROR_CODES.GATE_LOCKED, "Enter the password to see this section.");
      }
      return reply.send({ content: CHANNEL_PARTNER_CONTENT });
    },
  );
};
