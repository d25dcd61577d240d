import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_FOUND_RATE_PER_IP } from "../../../src/common/limits";
import type { AppContext } from "../../../src/server/context";
import { installErrorHandler } from "../../../src/server/http/errors";
import { rateLimitsPlugin } from "../../../src/server/http/plugins/rate-limits";
import { rateLimitBy } from "../../../src/server/http/rate-limit";

/** An app with the rate limits plugin, the error handler that shapes its 429, and one route limited to `max` requests. */
async function limitedApp(redisUrl?: string, max = 2): Promise<FastifyInstance> {
  const app = Fastify();
  // A limit counts its refusals in ctx.metrics, which this app has none of.
  app.decorate("ctx", { metrics: undefined } as unknown as AppContext);
  await app.register(rateLimitsPlugin, { redisUrl });
  installErrorHandler(app, app.notFoundLimit);
  app.get("/api/limited", { preHandler: rateLimitBy(app, "test", { max }) }, async () => ({ ok: true }));
  return app;
}

/**
 * The rate limits' counters (docs/architecture.md#scale-out): in memory without REDIS_URL, a
 * refusal is 429 RATE_LIMITED with Retry-After, and every request no route knows counts against
 * the not-found limit (ADR 0077).
 */
describe("rate limits plugin", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await limitedApp();
  });
  afterAll(() => app.close());

  it("counts a route's limit in memory and answers 429 RATE_LIMITED with Retry-After past it", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await app.inject({ method: "GET", url: "/api/limited" })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await app.inject({ method: "GET", url: "/api/limited" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Too many requests\. Please try again in \d+ minutes?\.$/),
      code: "RATE_LIMITED",
    });
  });

  it(`answers 404 to ${NOT_FOUND_RATE_PER_IP} unknown paths from one address, then 429`, async () => {
    const remoteAddress = "203.0.113.9";
    for (let i = 0; i < NOT_FOUND_RATE_PER_IP; i++) {
      const response = await app.inject({ method: "GET", url: `/api/missing-${i}`, remoteAddress });
      expect(response.statusCode).toBe(404);
    }
    const refused = await app.inject({ method: "GET", url: "/api/missing", remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    // Another address keeps its own count.
    expect(
      (await app.inject({ method: "GET", url: "/api/missing", remoteAddress: "203.0.113.10" })).statusCode,
    ).toBe(404);
  });

  it("lets requests through when Redis cannot be reached", async () => {
    // Nothing listens on port 9 here: every count fails, and a failing count lets the request through.
    const unreachable = await limitedApp("redis://127.0.0.1:9", 1);
    try {
      const statuses = [];
      for (let i = 0; i < 2; i++)
        statuses.push((await unreachable.inject({ method: "GET", url: "/api/limited" })).statusCode);
      expect(statuses).toEqual([200, 200]);
    } finally {
      await unreachable.close();
    }
  });
});
