import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { METRICS_RATE_PER_IP } from "../../common/limits";
import { unauthorized } from "../core/errors";
import { rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";

const route = routesTagged("metrics");

/** True when the request's `Authorization: Bearer …` equals `token` (compared in constant time). */
export function hasBearerToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header);
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` (docs/operations.md#metrics, ADR 0053): the Prometheus text of `app.ctx.metrics`,
 * only with `Authorization: Bearer <METRICS_TOKEN>`; 401 otherwise. Registered only when
 * METRICS_TOKEN is set. Declared `public` for the session-based access control (a scraper has
 * no session): the token is its own check, after a per-IP limit that counts every attempt.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const token = config.METRICS_TOKEN;
  const metrics = app.ctx.metrics;
  if (!token || !metrics) return;

  app.get(
    "/metrics",
    route("public", "Prometheus metrics; needs Authorization: Bearer METRICS_TOKEN", {
      operationId: "getMetrics",
      response: {
        200: {
          description: "Prometheus text exposition format 0.0.4",
          content: { "text/plain": { schema: z.string() } },
        },
      },
      errors: { 401: "No `Authorization: Bearer METRICS_TOKEN`, or a wrong token (`UNAUTHENTICATED`)." },
      onRequest: [
        rateLimitBy(app, "metrics-ip", { max: METRICS_RATE_PER_IP }),
        async (request, reply) => {
          if (hasBearerToken(request, token)) return;
          reply.header("www-authenticate", 'Bearer realm="metrics"');
          throw unauthorized("Metrics need Authorization: Bearer <METRICS_TOKEN>.");
        },
      ],
    }),
    async (_request, reply) => {
      const { contentType, body } = await metrics.render();
      return reply
        .type(contentType)
        .serializer((payload: unknown) => String(payload))
        .send(body);
    },
  );
};
