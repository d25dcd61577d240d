import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { errorResponses } from "./errors";

const healthSchema = z.object({ status: z.literal("ok") });
const readySchema = z.object({ status: z.literal("ready"), database: z.enum(["postgres", "pglite"]) });

/** `GET /api/health`: the process is up. `GET /api/ready`: the database answers (issue #2). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary: "Liveness: the process is up",
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: "ok" as const }),
  );
  app.get(
    "/api/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary: "Readiness: the database answers; 503 NOT_READY when it does not",
        response: { 200: readySchema, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      try {
        await app.ctx.dbHandle.ping();
        return { status: "ready" as const, database: app.ctx.dbHandle.kind };
      } catch (error) {
        request.log.warn({ err: error }, "readiness check failed");
        return reply.status(503).send({ error: "Database unreachable", code: "NOT_READY" });
      }
    },
  );
};
