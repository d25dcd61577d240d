import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
  preHandlerAsyncHookHandler,
} from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODE_LIST, ERROR_CODES, type ErrorCode } from "../../common/api/errors";
import { RETRY_AFTER_SECONDS, SHUTDOWN_DRAIN_MS, SHUTDOWN_QUIET_CONNECTION_MS } from "../../common/limits";
import { HttpError } from "../core/errors";
import { isConnectionError, safeError } from "../db/faults";
import { securityHeaders } from "./plugins/security-headers";

/** {@link apiErrorSchema} before it is registered as a component (for writing the component itself). */
export const apiErrorBodySchema = z.object({
  error: z.string().describe("What went wrong, in words a person can read (English)."),
  code: z.enum(ERROR_CODE_LIST).describe("The machine code: branch on this (src/common/api/errors.ts)."),
  field: z
    .string()
    .optional()
    .describe("The request field at fault, dotted (`items.2.name`), on validation errors."),
  file: z.string().optional().describe("The uploaded file the error is about."),
});
/**
 * The `{error, code, field?, file?}` body of every error answer (common/api/errors.ts
 * `ApiErrorBody`): `code` is one of the registry's codes, so the OpenAPI document lists them all
 * (ADR 0026). Registered as the document's one `ApiError` component, which every error response
 * refers to (ADR 0054).
 */
export const apiErrorSchema = apiErrorBodySchema.meta({
  id: "ApiError",
  description: "The body of every error answer.",
});

/**
 * Response schemas for error statuses, each the `{error, code}` body, for routes declared
 * without `route()` (which adds a route's statuses itself, `http/route.ts`).
 */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/** Codes of the 4xx errors Fastify and its plugins raise themselves, by status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: ERROR_CODES.BAD_REQUEST,
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  405: ERROR_CODES.METHOD_NOT_ALLOWED,
  406: ERROR_CODES.NOT_ACCEPTABLE,
  409: ERROR_CODES.CONFLICT,
  410: ERROR_CODES.GONE,
  413: ERROR_CODES.PAYLOAD_TOO_LARGE,
  415: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
  429: ERROR_CODES.RATE_LIMITED,
};

/**
 * Installs the one error handler: expected errors keep their status and message; validation
 * errors become 400 with the first issue's message; anything else is logged and answered as a
 * 500 whose body never carries the internal message. And the not-found handler: 404
 * `{error, code: "NOT_FOUND"}`, after `notFoundLimit` (a `rateLimitBy` hook, ADR 0077) when given.
 */
export function installErrorHandler(app: FastifyInstance, notFoundLimit?: preHandlerAsyncHookHandler): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      // Every 503 tells the client when to come back (RFC 9110 §10.2.3), whatever raised it.
      if (error.statusCode === 503 && !reply.hasHeader("retry-after")) {
        reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      }
      return reply
        .status(error.statusCode)
        .send({ error: error.message, code: error.code, ...(error.file ? { file: error.file } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The message alone is what people see (ADR 0013: no "email: " prefix); the field's
      // dotted path travels beside it for clients that want to mark the input.
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".");
      const message = first?.message ?? "Invalid request";
      return reply
        .status(400)
        .send({ error: message, code: ERROR_CODES.VALIDATION, ...(field ? { field } : {}) });
    }
    if (isConnectionError(error)) return replyDatabaseUnavailable(app, error, reply);
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        error: error.message || "Bad request",
        code: STATUS_CODES[status] ?? ERROR_CODES.BAD_REQUEST,
      });
    }
    logUnexpectedError(request, error);
    return reply
      .status(500)
      .send({ error: "Something went wrong on our side. Please try again.", code: ERROR_CODES.INTERNAL });
  });

  // A request no route knows counts against its own per-IP limit first (ADR 0077).
  app.setNotFoundHandler(notFoundLimit ? { preHandler: notFoundLimit } : {}, (request, reply) => {
    reply.status(404).send({
      error: `No route for ${request.method} ${request.url.split("?")[0]}`,
      code: ERROR_CODES.NOT_FOUND,
    });
  });
}

/** The 503 message while the database is unreachable. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable. Please try again in a few seconds.";
/** The 503 message for requests that arrive while the server shuts down. */
export const SHUTTING_DOWN_MESSAGE = "The server is restarting. Please try again in a few seconds.";

/**
 * Answers a connection-class database error (see `isConnectionError`) with 503
 * `{error, code: "SERVICE_UNAVAILABLE"}` and `Retry-After`, and reports it to the app's outage
 * monitor, which logs once per outage instead of once per request (ADR 0011).
 */
function replyDatabaseUnavailable(app: FastifyInstance, error: unknown, reply: FastifyReply) {
  app.ctx?.dbOutage?.report(error);
  return reply
    .status(503)
    .header("retry-after", String(RETRY_AFTER_SECONDS))
    .send({ error: DATABASE_UNAVAILABLE_MESSAGE, code: ERROR_CODES.SERVICE_UNAVAILABLE });
}

/**
 * Logs an error that became a 500 without its query text or parameters: Drizzle's "Failed
 * query: … params: …" message carries names, emails and links, so the log gets the driver's
 * code, severity and message instead (ADR 0011; see `safeError`).
 */
function logUnexpectedError(request: FastifyRequest, error: unknown): void {
  request.log.error({ err: safeError(error) }, "unhandled error");
}

/**
 * Security headers for the error responses Fastify or Node write before any hook runs (bad URL,
 * a request head Node cannot parse): the headers every other response carries, with a CSP that
 * allows nothing, since the body is JSON.
 */
export function frameworkErrorHeaders(options: { publicUrl: string }): Record<string, string> {
  return {
    ...securityHeaders({ publicUrl: options.publicUrl, scriptHashes: [] }),
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "cache-control": "no-store",
  };
}

/** Status, code and message for an error Node's HTTP parser raised on a socket (`clientError`). */
function clientErrorAnswer(code: string | undefined): { status: number; code: ErrorCode; error: string } {
  if (code === "HPE_HEADER_OVERFLOW") {
    return {
      status: 431,
      code: ERROR_CODES.HEADERS_TOO_LARGE,
      error: "The request headers are too large.",
    };
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT" || code === "ERR_HTTP_HEADERS_TIMEOUT") {
    return { status: 408, code: ERROR_CODES.REQUEST_TIMEOUT, error: "The request took too long to arrive." };
  }
  return { status: 400, code: ERROR_CODES.BAD_REQUEST, error: "The request could not be understood." };
}

/**
 * Fastify server options that give Fastify's and Node's own errors the API's `{error, code}`
 * shape and security headers (docs/product.md#10-ground-rules: every refusal is a 4xx with `{error, code}`):
 * - `frameworkErrors`: a URL Fastify cannot decode (400 BAD_REQUEST) or too long a path
 *   parameter (414), which Fastify answers before any hook;
 * - `clientErrorHandler`: what Node's HTTP parser refuses on the raw socket (431 header too large,
 *   408 request timeout, 400 malformed request), written as a complete HTTP/1.1 response;
 * - `return503OnClosing: false`: the shutdown 503 comes from {@link installShutdownGate} instead.
 */
export function frameworkErrorOptions(options: {
  publicUrl: string;
}): Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler" | "return503OnClosing"> {
  const headers = frameworkErrorHeaders(options);
  return {
    return503OnClosing: false,
    frameworkErrors(error, _request, frameworkReply) {
      const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
      (frameworkReply as FastifyReply)
        .status(tooLong ? 414 : 400)
        .headers(headers)
        .send(
          tooLong
            ? { error: "The request URL is too long.", code: ERROR_CODES.URI_TOO_LONG }
            : { error: "The request URL is not valid.", code: ERROR_CODES.BAD_REQUEST },
        );
    },
    clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
      // A reset connection has nobody left to answer (Node's http docs, "Event: 'clientError'").
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      const answer = clientErrorAnswer(error.code);
      this.log.debug({ code: error.code, status: answer.status }, "client error");
      // A response already being written on this socket cannot be followed by another one.
      const busy = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
      if (!socket.writable || busy) {
        socket.destroy();
        return;
      }
      socket.end(rawErrorResponse(answer.status, { error: answer.error, code: answer.code }, headers));
    },
  };
}

/**
 * A complete HTTP/1.1 error response, `{error, code}` as JSON with `Connection: close`, for an
 * answer written on the raw socket where Fastify has no reply (a parser error, a CONNECT).
 * @param status 400, 408 or 431
 * @param headers the security headers of {@link frameworkErrorHeaders}
 */
export function rawErrorResponse(
  status: number,
  answer: { error: string; code: ErrorCode },
  headers: Record<string, string>,
): string {
  const body = JSON.stringify(answer);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Bad Request"}`,
    "content-type: application/json; charset=utf-8",
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/**
 * Answers requests that arrive while the server shuts down (on a kept-alive connection, or
 * pipelined behind one in flight) with 503 `{error, code: "SERVICE_UNAVAILABLE"}`, `Retry-After`
 * and `Connection: close`, after helmet's headers are set. Register after helmet.
 */
export function installShutdownGate(app: FastifyInstance): void {
  let closing = false;
  // Every connection, with how many requests it is answering and since when it carries none.
  const connections = new Map<Socket, { busy: number; quietSince: number }>();
  app.server.on("connection", (socket: Socket) => {
    connections.set(socket, { busy: 0, quietSince: Date.now() });
    socket.once("close", () => connections.delete(socket));
  });
  app.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.busy++;
    response.once("close", () => {
      state.busy--;
      state.quietSince = Date.now();
    });
  });
  app.addHook("preClose", async () => {
    closing = true;
    // Node's server.close() (next) drops every connection without a request in progress at
    // once, also one whose next request is already on its way: that client gets a reset. So
    // the listener stays open while kept-alive connections close one by one: a busy one after
    // the 503 with Connection: close its next request gets (below), a quiet one once quiet long
    // enough that nothing is on its way. An answer in flight keeps its connection, so a request
    // pipelined behind it is still answered. Bounded by SHUTDOWN_DRAIN_MS; Node closes the rest.
    const deadline = Date.now() + SHUTDOWN_DRAIN_MS;
    while (connections.size > 0 && Date.now() < deadline) {
      const now = Date.now();
      for (const [socket, state] of connections) {
        if (state.busy === 0 && now - state.quietSince >= SHUTDOWN_QUIET_CONNECTION_MS) socket.destroy();
      }
      if (connections.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    return reply
      .status(503)
      .header("connection", "close")
      .header("retry-after", String(RETRY_AFTER_SECONDS))
      .send({ error: SHUTTING_DOWN_MESSAGE, code: ERROR_CODES.SERVICE_UNAVAILABLE });
  });
}
