import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { ERROR_CODES } from "../../common/api/errors";
import { HttpError } from "./errors";

/**
 * A named rate limit for one route, as a preHandler (so the parsed body is available to `key`).
 * Counters live in Redis when REDIS_URL is set, in process memory otherwise (architecture doc,
 * "Scale-out path"). Exceeding it answers 429 `{error, code: "RATE_LIMITED"}`.
 * @param name namespaces the counter, so limits of different routes never share a count
 * @param options.max requests allowed per window; options.timeWindow window length in ms
 * @param options.key what to count by; defaults to the client IP
 */
export function rateLimitBy(
  app: FastifyInstance,
  name: string,
  options: { max: number; timeWindow: number; key?: (request: FastifyRequest) => string },
): preHandlerAsyncHookHandler {
  const keyOf = options.key ?? ((request: FastifyRequest) => request.ip);
  return app.rateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${name}:${keyOf(request)}`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        ERROR_CODES.RATE_LIMITED,
        `Too many requests. Please try again in ${context.after}.`,
      ),
  }) as preHandlerAsyncHookHandler;
}
