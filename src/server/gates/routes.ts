import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ERROR_CODES } from "../../common/api/errors";
import {
  GATES,
  gateOkResponseSchema,
  gatePasswordBodySchema,
  INCORRECT_PASSWORD_MESSAGE,
} from "../../common/api/gates";
import { GATE_RATE_PER_IP } from "../../common/limits";
import { HttpError } from "../http/errors";
import { rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import { gatePassword, passwordMatches } from "./service";

const route = routesTagged("gates", 400, 401, 429);

/**
 * Password gates of docs/product.md#4-states to #6-roles (issue #5): `POST /api/gates/events` and
 * `POST /api/gates/channel-partner` with `{password}`. A right password answers 200 `{ok: true}`;
 * a wrong one 401 `{error: 'Incorrect password. Please try again.', code: 'INCORRECT_PASSWORD'}`;
 * a missing or oversized one 400; more than {@link GATE_RATE_PER_IP} checks per IP and gate in
 * 15 minutes 429. The passwords stay on the server (docs/architecture.md#security-boundaries).
 */
export const gatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  for (const gate of GATES) {
    app.post(
      `/api/gates/${gate}`,
      route("public", `Check the ${gate} password`, {
        body: gatePasswordBodySchema,
        response: { 200: gateOkResponseSchema },
        onRequest: [rateLimitBy(app, `gate-${gate}-ip`, { max: GATE_RATE_PER_IP })],
      }),
      async (request, reply) => {
        if (!passwordMatches(request.body.password, gatePassword(config, gate))) {
          throw new HttpError(401, ERROR_CODES.INCORRECT_PASSWORD, INCORRECT_PASSWORD_MESSAGE);
        }
        return reply.send({ ok: true as const });
      },
    );
  }
};
