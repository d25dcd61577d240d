import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ERROR_CODES } from "../../common/api/errors";
import { routesTagged } from "./route";

const healthSchema = z.object({ status: z.literal("ok") });
const readySchema = z.object({ status: z.literal("ready"), database: z.enum(["postgres", "pglite"]) });
const route = routesTagged("health");

/**
 * `GET /api/health`: liveness, the process is up (never touches the database).
 * `GET /api/ready`: readiness for load balancers, the database answers; 503 `NOT_READY`
 * otherwise (docs/operations.md#health-and-readiness, ADR 0011). A failed check is reported to the outage monitor, which logs
 * once per outage, not once per probe; a passing one ends the outage.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/health",
    route("public", "Liveness: the process is up", {
      operationId: "getHealth",
      response: { 200: healthSchema },
    }),
    async () => ({ status: "ok" as const }),
  );
  app.get(
    "/api/ready",
    route("public", "Readiness: the database answers; 503 NOT_READY when it does not", {
      operationId: "getReadiness",
      response: { 200: readySchema },
      errors: { 503: "The database does not answer (`NOT_READY`)." },
    }),
    async (_request, reply) => {
      try {
        await app.ctx.dbHandle.ping();
      } catch (error) {
        app.ctx.dbOutage.report(error);
        return reply.status(503).send({ error: "Database unreachable", code: ERROR_CODES.NOT_READY });
      }
      app.ctx.dbOutage.recovered();
      return { status: "ready" as const, database: app.ctx.dbHandle.kind };
    },
  );
};
