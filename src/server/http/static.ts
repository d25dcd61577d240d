import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { matchPath } from "react-router";
import {
  CLIENT_ROUTE_PATTERNS,
  IMU_PATH_MARKER,
  imuPagePath,
  NOT_FOUND_PAGE_FILE,
  SHELL_ROUTE_PATTERNS,
  SITE_PAGE_PATTERNS,
  SPANISH_NOT_FOUND_PAGE_FILE,
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
import { declareContextAccess } from "../core/route-access";
import { isApiPath } from "./api-path";
import { requestLanguage } from "./language";

/** The sitemap index written by @astrojs/sitemap into the site's build (ADR 0064). */
const SITEMAP_INDEX_FILE = "sitemap-index.xml";

/** Pages whose URL carries a secret token: their responses send `Referrer-Policy: no-referrer`, so the token never reaches another site in a Referer header. */
export const TOKEN_PAGE = /^\/(verify|accept-invitation)\//;

/**
 * The `'sha256-…'` CSP sources of the inline `<script>`s of each built HTML file under `dirs`
 * (the static site's islands loader, the browser app's hydration data and language script), so
 * each page's CSP can allow exactly its own and nothing else (ADR 0072). A directory that does
 * not exist adds nothing; hashed asset folders are not searched.
 * @param dirs build directories, e.g. `build/site` and `build/client`
 * @returns absolute path of each HTML file → its hashes, in document order, without repeats
 */
export function inlineScriptHashesByFile(...dirs: string[]): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (!ASSET_DIRS.includes(entry)) walk(full);
      } else if (entry.endsWith(".html")) {
        const html = readFileSync(full, "utf8");
        const hashes = new Set<string>();
        for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
          const body = match[1] ?? "";
          if (body.trim()) hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
        }
        byFile.set(path.resolve(full), [...hashes]);
      }
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return byFile;
}

/**
 * Every `'sha256-…'` source of {@link inlineScriptHashesByFile}'s answer, once, for responses that
 * are no built file (the policy of the header sets, ADR 0031).
 * @param byFile HTML file → its hashes
 */
export function inlineScriptHashes(byFile: ReadonlyMap<string, readonly string[]>): string[] {
  return [...new Set([...byFile.values()].flat())];
}

/** Folders of hashed build output, cached for a year: the browser app's (Vite) and the static site's (Astro). */
const ASSET_DIRS = ["assets", "_astro"];

/**
 * True when the server has a page at `pathname` (docs/product.md#2-pages "Routes"): one of
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
 * The static site's file for a public page (ADR 0064): `calculator/index.html` for `/calculator`
 * or `/calculator/`, `es/index.html` for `/es`, `accelerometer/index.html` for any path containing
 * "accelerometer" (but `/es/accelerometer`, `es/accelerometer/index.html`); null when `pathname` is
 * no page of the site.
 * @param pathname a decoded URL path
 */
export function sitePageFile(pathname: string): string | null {
  const pattern = SITE_PAGE_PATTERNS.find((candidate) => matchPath(candidate, pathname) !== null);
  // Any other path containing "accelerometer" is the IMU demo's page too (docs/product.md#2-pages).
  const page = pattern?.path ?? imuPagePath(pathname);
  if (page === null) return null;
  return path.posix.join(page.slice(1), "index.html");
}

/**
 * The prerendered shell page for `pathname` (ADR 0041): `verify/index.html` for `/verify/abc`;
 * null when no shell route matches.
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

/** The two builds the server sends pages from (ADR 0064). */
export interface BuiltPages {
  /** The static site (Astro, `build/site`): public pages in both languages, the not-found pages, their assets. */
  siteDir: string;
  /** The browser app (React Router, `build/client`): the portal's shells, the SPA fallback, their assets. */
  clientDir: string;
  /**
   * The Content-Security-Policy of a built HTML file sent for a request (ADR 0072), or undefined
   * to keep the response's policy.
   * @param file the HTML file's absolute path (without a `.br`/`.gz` suffix)
   * @param url the request's URL
   */
  documentPolicy?: (file: string, url: string) => string | undefined;
  /** Counts a not-found page against the limit the API's 404 counts against (ADR 0077). */
  notFoundLimit?: preHandlerAsyncHookHandler;
}

/**
 * Serves the built pages: hashed assets cached for a year, HTML never cached; the static site's
 * page for a public path (ADR 0064); the prerendered shell of a page rendered in the browser for
 * each of its paths (ADR 0041), the SPA fallback for the app's other routes; and for any other non-API GET the site's not-found page with status 404
 * (docs/product.md#2-pages), in Spanish when the `lang` cookie says so (ADR 0063). A page that
 * exists in English and Spanish redirects (302) to the language saved in the `lang` cookie, if
 * any (ADR 0022). A file is looked up in the site first, then in the browser app. Every route here
 * is public (ADR 0017: declared for the whole encapsulated context, since `@fastify/static`
 * registers one route per file without our route options). A not-found page counts against
 * `dirs.notFoundLimit`, as the API's 404 does (ADR 0077).
 */
export async function serveClient(app: FastifyInstance, dirs: BuiltPages): Promise<void> {
  await app.register(async (scope) => {
    declareContextAccess(scope, "public");
    await clientRoutes(scope, dirs);
  });
}

async function clientRoutes(app: FastifyInstance, dirs: BuiltPages): Promise<void> {
  const site = path.resolve(dirs.siteDir);
  const client = path.resolve(dirs.clientDir);
  const roots = [site, client].filter((dir) => existsSync(dir));
  await app.register(fastifyStatic, {
    root: roots,
    wildcard: false,
    index: false,
    cacheControl: false,
    // `.br`/`.gz` copies written at build time (scripts/compress-assets.mjs), when the client accepts them.
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (ASSET_DIRS.some((dir) => filePath.includes(`${path.sep}${dir}${path.sep}`))) {
        reply.header("Cache-Control", "public, max-age=31536000, immutable");
      } else {
        reply.header("Cache-Control", "no-cache");
      }
      // A page's own policy, allowing its own inline scripts only (ADR 0072).
      const file = filePath.replace(/\.(br|gz)$/, "");
      const policy = file.endsWith(".html")
        ? dirs.documentPolicy?.(path.resolve(file), reply.request.url)
        : undefined;
      if (policy) reply.header("Content-Security-Policy", policy);
    },
  });
  /** A file of one build, as `[file, root]` for `sendFile`, or null when that build lacks it. */
  const found = (root: string, file: string): readonly [string, string] | null => {
    const full = path.join(root, file);
    return full.startsWith(root) && existsSync(full) && statSync(full).isFile() ? [file, root] : null;
  };
  const fallback = found(client, "__spa-fallback.html") ?? found(client, "index.html");
  // The not-found page in each language, built by the site (ADR 0063): Spanish paints in Spanish
  // with no script; English when the build has no Spanish one; the SPA fallback without a site.
  const notFound = found(site, NOT_FOUND_PAGE_FILE) ?? fallback;
  const notFoundPages = { en: notFound, es: found(site, SPANISH_NOT_FOUND_PAGE_FILE) ?? notFound } as const;

  // Hidden from the OpenAPI document: it answers pages, not API calls.
  const pageRoute = { config: { access: "public" }, schema: { hide: true } } as const;
  // The sitemap was /sitemap.xml before the site's sitemap came from Astro's integration, which
  // names it /sitemap-index.xml (ADR 0064); search consoles that registered the old address
  // follow a permanent redirect.
  if (found(site, SITEMAP_INDEX_FILE)) {
    app.get("/sitemap.xml", pageRoute, async (_request, reply) =>
      reply.header("Cache-Control", "public, max-age=86400").redirect(`/${SITEMAP_INDEX_FILE}`, 301),
    );
  }
  app.get("/*", pageRoute, async (request, reply) => {
    const pathname = decodePath(request.url.split("?")[0] ?? "/");
    // API paths and missing files (anything with an extension) are real 404s, not a page.
    if (pathname !== null && (isApiPath(pathname) || /\.[a-z0-9]+$/i.test(pathname))) {
      return reply.callNotFound();
    }
    reply.header("Cache-Control", "no-cache");
    const sitePage = pathname === null ? null : sitePageFile(pathname);
    const page =
      pathname === null || !isClientRoute(pathname)
        ? null
        : sitePage !== null
          ? found(site, sitePage)
          : (found(client, path.join(path.normalize(pathname), "index.html")) ??
            // Any path of a page rendered in the browser gets that page's shell, titled (ADR 0041).
            appShell(client, pathname, found) ??
            fallback);
    if (pathname === null || page === null) {
      // Its language follows the `lang` cookie, as the portal's does (ADR 0025, ADR 0063).
      reply.header("Vary", "Cookie");
      const notFoundPage = notFoundPages[requestLanguage(request)];
      if (notFoundPage === null) return reply.callNotFound();
      await dirs.notFoundLimit?.call(app, request, reply);
      return reply.code(404).sendFile(...notFoundPage);
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
    return reply.sendFile(...page);
  });
}

/** The browser app's prerendered shell for `pathname` (ADR 0041), when the build has it. */
function appShell(
  client: string,
  pathname: string,
  found: (root: string, file: string) => readonly [string, string] | null,
): readonly [string, string] | null {
  const shell = shellFile(pathname);
  return shell === null ? null : found(client, shell);
}
