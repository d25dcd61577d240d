import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import ipaddr from "ipaddr.js";
import { ERROR_CODES } from "../../common/api/errors";
import { IPV6_SITE_RATE_MULTIPLIER, RATE_LIMIT_WINDOW_MS } from "../../common/limits";
import { HttpError } from "../core/errors";
import { readSessionToken } from "../core/session-cookie";
import { hashToken } from "../core/tokens";

/** The hooks {@link rateLimitBy} made, so the route contract can list 429 where one applies (`route.ts`). */
const RATE_LIMIT_HOOKS = new WeakSet<object>();

/** True when `hook` is a limit made by {@link rateLimitBy}. */
export function isRateLimit(hook: unknown): boolean {
  return typeof hook === "function" && RATE_LIMIT_HOOKS.has(hook);
}

/**
 * A named rate limit for one route, as a preHandler (so the parsed body is available to `key`).
 * Counters live in Redis when REDIS_URL is set, in process memory otherwise (docs/architecture.md#scale-out). Every limit's numbers are in the limits registry (`src/common/limits.ts`). Exceeding it answers 429 `{error, code: "RATE_LIMITED"}` with Retry-After.
 * Several limits may guard one route: each counts independently. A per-IP limit (key {@link byIp})
 * also counts an IPv6 client's /48 at {@link IPV6_SITE_RATE_MULTIPLIER} times `max` (ADR 0034). (The plugin's own
 * `app.rateLimit()` handler runs only once per request, so a second one on a route was skipped.)
 * @param name namespaces the counter, so limits of different routes never share a count
 * @param options.max requests allowed per window; options.timeWindow window length in ms, by
 *   default {@link RATE_LIMIT_WINDOW_MS} (the window of every limit today, ADR 0016, ADR 0028)
 * @param options.key what to count by: {@link byIp} (the default), {@link byEmail},
 *   {@link byEmailAndIp} or {@link bySession}
 */
export function rateLimitBy(
  app: FastifyInstance,
  name: string,
  options: { max: number; timeWindow?: number; key?: (request: FastifyRequest) => string },
): preHandlerAsyncHookHandler {
  const keyOf = options.key ?? byIp;
  const timeWindow = options.timeWindow ?? RATE_LIMIT_WINDOW_MS;
  const limiter = app.createRateLimit({
    max: options.max,
    timeWindow,
    keyGenerator: (request) => `${name}:${keyOf(request)}`,
  });
  // A per-IP limit also counts an IPv6 client's /48, so rotating /64s inside one site gains
  // little (ADR 0034). Only IPv6 requests are counted there: IPv4 keeps its one count.
  const siteLimiter =
    keyOf === byIp
      ? app.createRateLimit({
          max: options.max * IPV6_SITE_RATE_MULTIPLIER,
          timeWindow,
          keyGenerator: (request) => `${name}/site:${ipSiteKey(request.ip)}`,
        })
      : undefined;
  const hook: preHandlerAsyncHookHandler = async (request, reply) => {
    const limiters = siteLimiter && ipSiteKey(request.ip) !== undefined ? [limiter, siteLimiter] : [limiter];
    for (const limit of limiters) {
      const result = await limit(request);
      if (result.isAllowed || !result.isExceeded) continue;
      app.ctx.metrics?.rateLimited.inc({ limit: name });
      reply.header("retry-after", result.ttlInSeconds);
      throw new HttpError(
        429,
        ERROR_CODES.RATE_LIMITED,
        `Too many requests. Please try again in ${describeWait(result.ttlInSeconds)}.`,
      );
    }
  };
  RATE_LIMIT_HOOKS.add(hook);
  return hook;
}

/**
 * "45 seconds", "1 minute", "15 minutes", "24 hours": a wait rounded up to whole minutes past a
 * minute, and to whole hours from two hours on (the sign-in code's per-address window, ADR 0060).
 */
export function describeWait(seconds: number): string {
  if (seconds < 60) {
    const whole = Math.max(1, Math.ceil(seconds));
    return `${whole} second${whole === 1 ? "" : "s"}`;
  }
  if (seconds > 7200) return `${Math.ceil(seconds / 3600)} hours`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * The rate-limit key of a client address (ADR 0016): an IPv4 address (also when written
 * IPv4-mapped, `::ffff:192.0.2.1`) counts on its own; an IPv6 address counts with its whole /64,
 * the smallest block one customer is given (RFC 6177 §2, RFC 7421), so rotating addresses inside
 * it gains nothing. Anything unparsable is used as it is.
 * @param address e.g. `203.0.113.7`, `2001:db8:1:2:a:b:c:d`
 * @returns e.g. `203.0.113.7`, `2001:db8:1:2::/64`
 */
export function ipKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  const prefix = new ipaddr.IPv6([...parts, 0, 0, 0, 0]);
  return `${prefix.toString()}/64`;
}

/**
 * The wider rate-limit key of an IPv6 client (ADR 0034): its /48, one site's allocation (RFC 6177
 * §3). IPv4 addresses, IPv4-mapped ones included, and anything unparsable have none.
 * @param address e.g. `2001:db8:1:2:a:b:c:d`
 * @returns e.g. `2001:db8:1::/48`, or undefined
 */
export function ipSiteKey(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return undefined;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0, 0]).toString()}/48`;
}

/**
 * Rate-limit key function: the client's IP as Fastify resolved it (honouring TRUST_PROXY),
 * grouped by {@link ipKey}.
 */
export function byIp(request: FastifyRequest): string {
  return ipKey(request.ip);
}

/**
 * Rate-limit key function: the email address of the request body, trimmed and lower-cased, read
 * before validation (limits count before validation work, ADR 0013). Empty when there is none.
 */
export function byEmail(request: FastifyRequest): string {
  return String((request.body as { email?: unknown } | undefined)?.email ?? "")
    .trim()
    .toLowerCase();
}

/**
 * Rate-limit key function: the pair (email, client IP), `ann@example.com|203.0.113.7`, so a
 * stranger's requests for someone's address cannot use up that person's own allowance (ADR 0016).
 */
export function byEmailAndIp(request: FastifyRequest): string {
  return `${byEmail(request)}|${byIp(request)}`;
}

/**
 * Rate-limit key function for signed-in calls: the session token's SHA-256 (under the configured
 * cookie name), else the client's IP grouped like {@link byIp}. The digest, not the token: counters may
 * live in Redis, which must not hold live sessions.
 */
export function bySession(request: FastifyRequest): string {
  const session = readSessionToken(request);
  return session ? `session:${hashToken(session.raw)}` : byIp(request);
}
