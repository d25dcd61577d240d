import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { isPortalPath } from "../../../common/client-routes";
import { thirdPartyHosts } from "../../../common/site-config";
import { isApiPath } from "../api-path";
import { pathOf } from "../canonical-path";
import { inlineScriptHashes, inlineScriptHashesByFile, TOKEN_PAGE } from "../static";

/**
 * The security headers of every response, and the one place that decides the
 * Content-Security-Policy of every page the server sends (ADR 0089): the policy builder
 * ({@link securityHeaders}, helmet, ADR 0031), the policy of each kind of response, the policy of
 * each built HTML file (ADR 0072), the short policy of everything that is no document (ADR 0071),
 * and `Referrer-Policy: no-referrer` on the pages whose URL carries a token.
 */

/**
 * The kinds of response that get their own security headers (ADR 0031): `public` pages may
 * load the third-party hosts of `thirdPartyHosts()`; `portal` (portal pages, API answers and
 * everything else) may not.
 */
export type HeaderKind = "public" | "portal";

/**
 * The kind of a request's response, decided from its path alone (ADR 0031): `portal` for the
 * API and the portal's pages ({@link isPortalPath}), `public` for every other path (the public
 * pages, their `/es` twins, the not-found page, static files).
 * @param url `request.url` (canonical after the guard of ADR 0030), query string allowed
 */
export function headerKind(url: string): HeaderKind {
  const path = pathOf(url);
  // A path with an escape or a dot segment is refused by the guard of ADR 0030 anyway: strictest.
  if (path.includes("%") || path.includes("/.")) return "portal";
  return isApiPath(path) || isPortalPath(path) ? "portal" : "public";
}

/**
 * The Content-Security-Policy of every response that is not an HTML document (ADR 0071): API
 * answers, scripts, stylesheets, fonts, images. A CSP governs the document it arrives with, so the
 * pages' policy (1.3 KB with its script hashes) did nothing on these but cost every request its
 * bytes: on Lighthouse's mobile link the eight requests before the landing page's first paint
 * carried 10 KB of it. This one allows nothing a script could use; inline styles and same-origin
 * images stay allowed so that an SVG opened on its own still draws as it does inside a page.
 */
export const NON_DOCUMENT_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * Whether a response is an HTML document, from its `Content-Type` header value (any parameters
 * ignored); only documents get the pages' CSP ({@link NON_DOCUMENT_CSP}).
 */
export function isHtmlDocument(contentType: unknown): boolean {
  return /^\s*text\/html\s*(;|$)/i.test(String(contentType ?? ""));
}

/**
 * The security headers every response carries, computed ONCE at start-up with helmet (a kept
 * library) and then copied onto each reply: helmet's middleware rebuilds the CSP string on every
 * request, which showed in the `GET /api/auth/me` profile (`npm run bench:api`).
 * @param options.publicUrl an `https://` URL turns on HSTS and `upgrade-insecure-requests`
 * @param options.scriptHashes `'sha256-…'` sources of the built HTML's inline scripts
 * @param options.kind `public` adds the third-party hosts to script-src, connect-src and
 *   frame-src (ADR 0031); `portal` (the default) allows no third party
 * @returns header name → value, lower-case names
 */
export function securityHeaders(options: {
  publicUrl: string;
  scriptHashes: readonly string[];
  kind?: HeaderKind;
}): Record<string, string> {
  const https = options.publicUrl.startsWith("https://");
  const third =
    options.kind === "public" ? thirdPartyHosts() : { scriptSrc: [], connectSrc: [], frameSrc: [] };
  const config: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptHashes, ...third.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...third.connectSrc],
        mediaSrc: ["'self'"],
        frameSrc: third.frameSrc.length > 0 ? third.frameSrc : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(config)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The two builds whose HTML files the server sends (ADR 0064); their inline scripts enter the policies. */
export interface PageBuilds {
  siteDir: string;
  clientDir: string;
}

/** Options of {@link securityHeadersPlugin}. */
export interface SecurityHeadersOptions {
  /** PUBLIC_URL: an `https://` one turns on HSTS and `upgrade-insecure-requests`. */
  publicUrl: string;
  /** The builds pages are served from, or undefined when the server sends no page. */
  pages?: PageBuilds;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The Content-Security-Policy of a built HTML file sent for a request (ADR 0072): the policy
     * of the request's kind, allowing that file's own inline scripts only; undefined for a file
     * that is no built page (the response keeps the policy of its kind). Set by
     * {@link securityHeadersPlugin}; the static files apply it.
     * @param file the HTML file's absolute path (without a `.br`/`.gz` suffix)
     * @param url the request's URL
     */
    pagePolicy(file: string, url: string): string | undefined;
  }
}

/**
 * The security headers plugin (ADR 0089): every response gets the header set of its kind
 * ({@link headerKind}), computed once at start-up (ADR 0031); a response that is no HTML document
 * and still carries a page policy gets {@link NON_DOCUMENT_CSP} instead, while a route that set a
 * policy of its own keeps it (ADR 0071); a page whose URL carries a token gets
 * `Referrer-Policy: no-referrer`. Decorates the instance with {@link FastifyInstance.pagePolicy}.
 * Registered first, so every answer, a guard's refusal included, carries the headers.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const { publicUrl } = options;
    const hashesByFile = options.pages
      ? inlineScriptHashesByFile(options.pages.siteDir, options.pages.clientDir)
      : new Map<string, string[]>();
    const scriptHashes = inlineScriptHashes(hashesByFile);

    // One header set per kind of response, computed once (ADR 0031).
    const headerSets = {
      public: securityHeaders({ publicUrl, scriptHashes, kind: "public" }),
      portal: securityHeaders({ publicUrl, scriptHashes, kind: "portal" }),
    };
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(headerSets[headerKind(request.url)]);
      done();
    });
    // The pages' CSP only on HTML documents; a route that set a policy of its own keeps it (ADR 0071).
    const pagePolicies = new Set(Object.values(headerSets).map((set) => set["content-security-policy"]));
    app.addHook("onSend", (request, reply, payload, done) => {
      if (
        !isHtmlDocument(reply.getHeader("content-type")) &&
        pagePolicies.has(String(reply.getHeader("content-security-policy")))
      ) {
        reply.header("content-security-policy", NON_DOCUMENT_CSP);
      }
      if (TOKEN_PAGE.test(request.url)) reply.header("Referrer-Policy", "no-referrer");
      done(null, payload);
    });

    // Each built page's policy allows its own inline scripts only (ADR 0072); computed once per page and kind.
    const documentPolicies = new Map<string, string>();
    app.decorate("pagePolicy", (file: string, url: string): string | undefined => {
      const hashes = hashesByFile.get(file);
      if (!hashes) return undefined;
      const kind = headerKind(url);
      const key = `${kind} ${file}`;
      let policy = documentPolicies.get(key);
      if (policy === undefined) {
        policy = securityHeaders({ publicUrl, scriptHashes: hashes, kind })["content-security-policy"] ?? "";
        documentPolicies.set(key, policy);
      }
      return policy;
    });
  },
  { name: "security-headers", fastify: "5.x" },
);
