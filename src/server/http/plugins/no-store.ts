import fp from "fastify-plugin";
import { isApiPath } from "../api-path";

/**
 * The no-store rule: every answer under `/api/` carries `Cache-Control: no-store`, whatever its
 * status, so no browser or proxy keeps account data; pages and static files set their own
 * caching (`http/static.ts`).
 */
export const noStorePlugin = fp(
  async (app) => {
    app.addHook("onSend", async (request, reply) => {
      if (isApiPath(request.url)) reply.header("Cache-Control", "no-store");
    });
  },
  { name: "no-store", fastify: "5.x" },
);
