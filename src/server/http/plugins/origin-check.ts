import fp from "fastify-plugin";
import { ERROR_CODES } from "../../../common/api/errors";
import { isApiPath } from "../api-path";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Options of {@link originCheckPlugin}. */
export interface OriginCheckOptions {
  /** PUBLIC_URL, whose origin a browser's state-changing API request must come from. */
  publicUrl: string;
}

/**
 * Rejects state-changing API requests sent by a browser from another origin (CSRF defence,
 * docs/architecture.md#security-boundaries; OWASP CSRF cheat sheet, "Verifying origin with standard headers"). A request is
 * refused with 403 when its `Origin` header names a different origin than PUBLIC_URL or the
 * request's own host, or, without `Origin`, when `Sec-Fetch-Site` says `cross-site`.
 * Requests with neither header (curl, server-to-server) carry no ambient browser cookies and pass.
 */
export const originCheckPlugin = fp<OriginCheckOptions>(
  async (app, options) => {
    const trusted = new URL(options.publicUrl).origin;
    app.addHook("onRequest", async (request, reply) => {
      if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
      const origin = request.headers.origin;
      if (origin !== undefined) {
        const own = `${request.protocol}://${request.host}`;
        if (origin === trusted || origin === own) return;
      } else if (request.headers["sec-fetch-site"] !== "cross-site") {
        return;
      }
      return reply
        .status(403)
        .send({ error: "Cross-origin requests are not allowed.", code: ERROR_CODES.CROSS_ORIGIN });
    });
  },
  { name: "origin-check", fastify: "5.x" },
);
