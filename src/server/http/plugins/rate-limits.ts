import fastifyRateLimit from "@fastify/rate-limit";
import type { preHandlerAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { NOT_FOUND_RATE_PER_IP } from "../../../common/limits";
import { rateLimitBy } from "../rate-limit";

/** Options of {@link rateLimitsPlugin}. */
export interface RateLimitsOptions {
  /** REDIS_URL: counters live in Redis when set (non-empty), in process memory otherwise. */
  redisUrl?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The per-IP limit every request no route knows counts against: the API's 404 and the
     * not-found page (ADR 0077). Set by {@link rateLimitsPlugin}.
     */
    notFoundLimit: preHandlerAsyncHookHandler;
  }
}

/**
 * The rate limits' counters (docs/architecture.md#scale-out): registers `@fastify/rate-limit`
 * with no global limit (each route names its own with `rateLimitBy`, `http/rate-limit.ts`), its
 * counters in Redis when `redisUrl` is set (a Redis that fails lets requests through rather than
 * refusing them all) and in process memory otherwise; decorates the instance with
 * {@link FastifyInstance.notFoundLimit}; disconnects from Redis when the app closes.
 * Needs `app.ctx` (a limit counts its refusals in `ctx.metrics`).
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, options) => {
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis, skipOnError: true } : {}) });
    // One per-IP count for every request no route knows: the API's 404 and the not-found page (ADR 0077).
    app.decorate("notFoundLimit", rateLimitBy(app, "not-found-ip", { max: NOT_FOUND_RATE_PER_IP }));
    if (redis) {
      app.addHook("onClose", async () => {
        redis.disconnect();
      });
    }
  },
  { name: "rate-limits", fastify: "5.x" },
);
