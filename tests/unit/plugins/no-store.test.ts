import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noStorePlugin } from "../../../src/server/http/plugins/no-store";

/** The no-store rule: every API answer, whatever its status, is `Cache-Control: no-store`; nothing else is touched. */
describe("no-store plugin", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(noStorePlugin);
    app.get("/api/thing", async () => ({ ok: true }));
    app.get("/api/cached", async (_request, reply) =>
      reply.header("cache-control", "public, max-age=60").send({}),
    );
    app.get("/api/broken", async () => {
      throw new Error("boom");
    });
    app.get("/page", async (_request, reply) =>
      reply.header("cache-control", "no-cache").type("text/html").send("<p>"),
    );
    app.get("/plain", async () => "plain");
  });
  afterAll(() => app.close());

  it.each([
    ["/api/thing", 200],
    ["/api/cached", 200],
    ["/api/broken", 500],
    ["/api/nothing-here", 404],
    ["/api/thing?x=1", 200],
  ])("answers %s (%i) with no-store", async (url, status) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(status);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("leaves the caching of pages and other paths alone", async () => {
    expect((await app.inject({ method: "GET", url: "/page" })).headers["cache-control"]).toBe("no-cache");
    expect((await app.inject({ method: "GET", url: "/plain" })).headers["cache-control"]).toBeUndefined();
  });
});
