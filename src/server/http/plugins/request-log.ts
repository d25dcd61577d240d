import { type FastifyServerOptions, LogController } from "fastify";
import fp from "fastify-plugin";
import { TOKEN_PATTERN } from "../../../common/validation";
import { canonicalPath, pathOf } from "../canonical-path";

/**
 * The request target as logged: its path in canonical form (ADR 0030, so `/%76erify/…` or
 * `/x/../verify/…` cannot smuggle a token past the patterns), with the rest of a sign-in or
 * invitation page path and every token-shaped segment redacted, and the query string kept
 * (no secrets in logs, docs/architecture.md#security-boundaries). An absolute-form target
 * (`http://host/verify/…`) is logged as its path.
 */
export function redactUrl(target: string): string {
  // An absolute-form target (refused, ADR 0077) is logged by its path, redacted the same way.
  const url = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  const redacted = canonicalPath(url)
    .replace(/^\/(verify|accept-invitation)\/.+/, "/$1/[redacted]")
    .split("/")
    .map((segment) => (TOKEN_PATTERN.test(segment) ? "[redacted]" : segment))
    .join("/");
  return redacted + url.slice(pathOf(url).length);
}

/**
 * The Fastify server options of logging and request ids: pino at `level`, cookies, the
 * Authorization header and Set-Cookie redacted, the request target logged by {@link redactUrl};
 * each request's id is Fastify's own counter (`reqId` on every line of the request), never taken
 * from a client's header; Fastify's own request-and-response pair of lines is off, since
 * {@link requestLogPlugin} writes one line per request.
 * @param options.level LOG_LEVEL
 * @param options.stream where log lines go instead of stdout (tests read what the server logs)
 */
export function requestLogOptions(options: {
  level: string;
  stream?: { write(line: string): void };
}): Pick<FastifyServerOptions, "logger" | "logController" | "requestIdHeader"> {
  return {
    logger: {
      level: options.level,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
      ...(options.stream ? { stream: options.stream } : {}),
    },
    requestIdHeader: false,
    // One line per request, written on response by requestLogPlugin: half the lines of Fastify's request-and-response pair, on the hot path.
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** Options of {@link requestLogPlugin}. */
export interface RequestLogOptions {
  /**
   * Called once per answered request before its log line (the request-duration metric, ADR 0053):
   * the method, the route pattern (`unmatched` when no route matched), the status and seconds.
   */
  observe?: (method: string, route: string, status: number, seconds: number) => void;
}

/**
 * Writes one `info` line, "request", per answered request: method, redacted URL
 * ({@link redactUrl}), status and response time in ms (one decimal); with the request's `reqId`.
 * Use with {@link requestLogOptions}.
 */
export const requestLogPlugin = fp<RequestLogOptions>(
  async (app, options) => {
    const { observe } = options;
    app.addHook("onResponse", (request, reply, done) => {
      observe?.(
        request.method,
        request.is404 ? "unmatched" : (request.routeOptions.url ?? "unmatched"),
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        "request",
      );
      done();
    });
  },
  { name: "request-log", fastify: "5.x" },
);
