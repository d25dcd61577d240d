import type { FastifyPluginAsync } from "fastify";

/** `GET /api/health`: the process is up. `GET /api/ready`: the database answers (issue #2). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/health", { config: { access: "public" } }, async () => ({ status: "ok" }));
  app.get("/api/ready", { config: { access: "public" } }, async (request, reply) => {
    try {
      await app.ctx.dbHandle.ping();
      return { status: "ready", database: app.ctx.dbHandle.kind };
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed");
      return reply.status(503).send({ error: "Database unreachable", code: "NOT_READY" });
    }
  });
};
