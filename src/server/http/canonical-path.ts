import type { FastifyInstance } from "fastify";
import { ERROR_CODES } from "../../common/api/errors";

/** `%XX` spelling an unreserved character (RFC 3986 §2.3: ALPHA, DIGIT, `-`, `.`, `_`, `~`). */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/i;

/** A `.` or `..` segment (RFC 3986 §3.3), raw or with its dots percent-encoded. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i;

/**
 * The path part of a request target: everything before the first `?` or `#`, where the router
 * (find-my-way) also stops.
 * @param url `request.url`, e.g. `/api/leads?page=2`
 */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * True when the path of `url` is in the form the router matches literally (ADR 0030): no
 * percent-encoded unreserved character (`/%61pi`, `/ap%69`, `%2e`) and no `.` or `..` segment
 * (`/./api`, `/x/../api`). Every literal segment of our routes is made of unreserved characters,
 * so for such a path the raw text and the router's decoded path agree on every literal segment:
 * `isApiPath(request.url)` and the other path tests see what the router routed.
 * @param url `request.url`, query string allowed (it is not examined)
 */
export function isCanonicalPath(url: string): boolean {
  const path = pathOf(url);
  return !ENCODED_UNRESERVED.test(path) && !DOT_SEGMENT.test(path);
}

/**
 * The path of `url` in canonical form, for logging what a refused request aimed at: encoded
 * unreserved characters decoded (RFC 3986 §6.2.2.2) and dot segments removed (RFC 3986 §5.2.4).
 * Other percent-encodings stay as they are. The query string is dropped.
 * @param url `request.url` or a path
 * @returns an absolute path, `/` at least
 */
export function canonicalPath(url: string): string {
  const decoded = pathOf(url).replace(/%[0-9a-f]{2}/gi, (encoded) =>
    ENCODED_UNRESERVED.test(encoded) ? String.fromCharCode(Number.parseInt(encoded.slice(1), 16)) : encoded,
  );
  const out: string[] = [];
  const segments = decoded.split("/").slice(1);
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === "..") out.pop();
    if (segment === "." || segment === "..") {
      if (last) out.push("");
      return;
    }
    out.push(segment);
  });
  return `/${out.join("/")}`;
}

/**
 * Refuses, as the first hook after the security headers, any request whose path is not
 * canonical ({@link isCanonicalPath}) with 400 `{error, code: "BAD_REQUEST"}` and
 * `Cache-Control: no-store` (ADR 0030). Browsers never send such paths (they resolve dot
 * segments and do not encode letters), so only crafted requests meet it; after it, every hook
 * (origin check, access, `no-store`, Referrer-Policy, log redaction) may read `request.url`.
 */
export function installCanonicalPathGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (isCanonicalPath(request.url)) return;
    return reply.status(400).header("Cache-Control", "no-store").send({
      error: "The request path is not in canonical form: send it without dot segments or encoded letters.",
      code: ERROR_CODES.BAD_REQUEST,
    });
  });
}
