import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import { ERROR_CODES } from "../../common/api/errors";
import { frameworkErrorHeaders, rawErrorResponse } from "./errors";

/** What a refused request target is told. */
export const REQUEST_TARGET_MESSAGE = "The request target must be a path starting with /.";

/**
 * True when `target` is in origin form, an absolute path (RFC 9112 §3.2.1), the only form this
 * server answers (ADR 0077). Not: the absolute form `http://host/path` (meant for proxies; the
 * router strips its origin and routes the path, while every hook reading `request.url` sees no
 * `/api`), the authority form `host:443` (CONNECT) and the asterisk form `*` (`OPTIONS *`).
 * @param target the request target as sent, `request.url`
 */
export function isOriginForm(target: string): boolean {
  return target.startsWith("/");
}

/**
 * Refuses every request whose target is not in origin form ({@link isOriginForm}) with 400
 * `{error, code: "BAD_REQUEST"}` and `Cache-Control: no-store`, as the first hook after the
 * security headers, so no other hook or handler acts on such a request (the origin check,
 * `no-store` and the canonical-path guard all read `request.url`; ADR 0030, ADR 0077). CONNECT,
 * which Node gives to the server's `connect` listeners instead of Fastify (and closes without an
 * answer when there are none), is answered the same 400 on its socket with the headers of
 * {@link frameworkErrorHeaders}: this server is no proxy.
 * @param publicUrl PUBLIC_URL, for the security headers of the CONNECT answer
 */
export function installRequestTargetGuard(app: FastifyInstance, publicUrl: string): void {
  app.addHook("onRequest", async (request, reply) => {
    if (isOriginForm(request.url)) return;
    return reply
      .status(400)
      .header("Cache-Control", "no-store")
      .send({ error: REQUEST_TARGET_MESSAGE, code: ERROR_CODES.BAD_REQUEST });
  });
  const headers = frameworkErrorHeaders({ publicUrl });
  app.server.on("connect", (_request: IncomingMessage, socket: Duplex) => {
    app.log.debug("CONNECT refused");
    socket.on("error", () => socket.destroy());
    socket.end(
      rawErrorResponse(400, { error: REQUEST_TARGET_MESSAGE, code: ERROR_CODES.BAD_REQUEST }, headers),
    );
  });
}
