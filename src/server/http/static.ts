import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { matchPath } from "react-router";
import {
  CLIENT_ROUTE_PATTERNS,
  IMU_PATH_MARKER,
  NOT_FOUND_PRERENDER_PATH,
  SHELL_ROUTE_PATTERNS,
  SPANISH_NOT_FOUND_PRERENDER_PATH,
  shellPath,
} from "../../common/client-routes";
import {
  basePath,
  isLanguage,
  isLocalized,
  LANGUAGE_COOKIE,
  languageOfPath,
  localizePath,
} from "../../common/languages";
import { declareContextAccess } from "../auth/access";
import { isApiPath } from "./api-path";
import { requestLanguage } from "./language";

/** Pages whose URL carries a secret token: their responses send `Referrer-Policy: no-referrer`, so the token never reaches another site in a Referer header. */
export const TOKEN_PAGE = /^\/(verify|accept-invitation)\//;

/**
 * Collects `'sha256-…'` CSP sources for every inline `<script>` in the built HTML, so the CSP
 * can allow exactly those (React Router's hydration data) and nothing else.
 */
export function inlineScriptHashes(clientDir: string): string[] {
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== "assets") walk(full);
      } else if (entry.endsWith(".html")) {
        const html = readFileSync(full, "utf8");
        for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
          const body = match[1] ?? "";
          if (body.trim()) hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
        }
      }
    }
  };
  walk(clientDir);
  return [...hashes];
}

/**
 * True when the browser app has a page at `pathname` (docs/product.md#2-pages "Routes"): one of
 * {@link CLIENT_ROUTE_PATTERNS}, matched with React Router's own `matchPath` (so case, optional
 * segments, splats and trailing slashes behave as in the browser), or any path containing
 * "accelerometer".
 * @param pathname a decoded URL path, e.g. "/verify/abc"
 */
export function isClientRoute(pathname: string): boolean {
  if (pathname.toLowerCase().includes(IMU_PATH_MARKER)) return true;
  return CLIENT_ROUTE_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/**
 * The prerendered shell page for `pathname` (ADR 0041): `verify/index.html` for `/verify/abc`,
 * `accelerometer/index.html` for `/accelerometer/live`; null when no shell route matches.
 * @param pathname a decoded URL path
 */
export function shellFile(pathname: string): string | null {
  const pattern = SHELL_ROUTE_PATTERNS.find((candidate) => matchPath(candidate, pathname) !== null);
  return pattern === undefined ? null : path.join(shellPath(pattern).slice(1), "index.html");
}

/** `decodeURIComponent` that answers null for a malformed escape such as "%E0%A4%A" instead of throwing. */
function decodePath(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Serves the built client: hashed assets cached for a year, HTML never cached, prerendered
 * pages by path, the prerendered shell of a page rendered in the browser for each of its paths
 * (ADR 0041), the SPA fallback page for the app's other routes, and for any other non-API
 * GET the prerendered not-found page with status 404 (docs/product.md#2-pages; the SPA fallback
 * when the build has no not-found page), in Spanish when the `lang` cookie says so (ADR 0063). A
 * page that exists in English and Spanish redirects (302) to the language saved in the `lang`
 * cookie, if any (ADR 0022). Every route here is public (ADR 0017: declared for the whole
 * encapsulated context, since `@fastify/static` registers one route per file without our route
 * options).
 */
export async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(async (scope) => {
    declareContextAccess(scope, "public");
    await clientRoutes(scope, clientDir);
  });
}

async function clientRoutes(app: FastifyInstance, clientDir: string): Promise<void> {
  const root = path.resolve(clientDir);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    // `.br`/`.gz` copies written at build time (scripts/compress-assets.mjs), when the client accepts them.
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header("Cache-Control", "public, max-age=31536000, immutable");
      } else {
        reply.header("Cache-Control", "no-cache");
      }
    },
  });
  const fallback =
    ["__spa-fallback.html", "index.html"].find((name) => existsSync(path.join(root, name))) ?? "index.html";

  const notFoundFile = path.join(NOT_FOUND_PRERENDER_PATH.slice(1), "index.html");
  const notFoundPage = existsSync(path.join(root, notFoundFile)) ? notFoundFile : fallback;
  // The not-found page in each language: Spanish already prerendered, so it paints in Spanish
  // with no script (ADR 0063); English when the build has no Spanish one.
  const spanishNotFoundFile = path.join(SPANISH_NOT_FOUND_PRERENDER_PATH.slice(1), "index.html");
  const notFoundPages = {
    en: notFoundPage,
    es: existsSync(path.join(root, spanishNotFoundFile)) ? spanishNotFoundFile : notFoundPage,
  } as const;

  // Hidden from the OpenAPI document: it answers pages, not API calls.
  const pageRoute = { config: { access: "public" }, schema: { hide: true } } as const;
  app.get("/*", pageRoute, async (request, reply) => {
    const pathname = decodePath(request.url.split("?")[0] ?? "/");
    // API paths and missing files (anything with an extension) are real 404s, not the SPA page.
    if (pathname !== null && (isApiPath(pathname) || /\.[a-z0-9]+$/i.test(pathname))) {
      return reply.callNotFound();
    }
    reply.header("Cache-Control", "no-cache");
    if (pathname === null || !isClientRoute(pathname)) {
      // Its language follows the `lang` cookie, as the portal's does (ADR 0025, ADR 0063).
      reply.header("Vary", "Cookie");
      return reply.code(404).sendFile(notFoundPages[requestLanguage(request)]);
    }
    if (TOKEN_PAGE.test(pathname)) reply.header("Referrer-Policy", "no-referrer");
    if (isLocalized(basePath(pathname))) {
      // A page that exists in both languages follows the visitor's saved choice (ADR 0022).
      reply.header("Vary", "Cookie");
      const chosen = request.cookies?.[LANGUAGE_COOKIE];
      if (isLanguage(chosen) && chosen !== languageOfPath(pathname)) {
        const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        return reply
          .header("Cache-Control", "no-cache")
          .redirect(`${localizePath(pathname, chosen)}${query}`, 302);
      }
    }
    const safe = path.normalize(pathname).replace(/^(\.\.[/\\])+/, "");
    const candidates = [path.join(safe, "index.html"), safe];
    for (const candidate of candidates) {
      const full = path.join(root, candidate);
      if (full.startsWith(root) && existsSync(full) && statSync(full).isFile()) {
        return reply.sendFile(candidate);
      }
    }
    // Any path of a page rendered in the browser gets that page's shell, titled (ADR 0041).
    const shell = shellFile(pathname);
    if (shell !== null && existsSync(path.join(root, shell))) return reply.sendFile(shell);
    return reply.sendFile(fallback);
  });
}
