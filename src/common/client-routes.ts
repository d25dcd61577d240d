import { LANGUAGES } from "./languages";
import { PAGES, type Page, pagePathIn, sitePages } from "./pages";

/** One route of the browser app, in React Router's path syntax (`:param`, `:param?`, `*`). */
export interface ClientRoutePattern {
  path: string;
  /** Match the letters' case exactly (React Router ignores case by default). */
  caseSensitive?: boolean;
}

/**
 * The pages rendered in the browser (the account portal; ADR 0064): the `portal` pages of
 * `PAGES`, in React Router's path syntax. The build prerenders each one's shell at
 * {@link shellPath} (ADR 0041): the loading screen under the page's own `<title>` and meta tags,
 * so the HTML the server sends is titled before any script runs. The server answers every path of
 * the pattern with it.
 * @param pages the page list, `PAGES` unless a test passes its own
 */
export function shellRoutePatterns(pages: readonly Page[] = PAGES): string[] {
  return pages.filter((page) => page.kind === "portal").map((page) => page.path);
}

/** {@link shellRoutePatterns} of `PAGES`. */
export const SHELL_ROUTE_PATTERNS: readonly string[] = shellRoutePatterns();

/**
 * The path a shell page is prerendered at (ADR 0041): the pattern less a trailing optional
 * parameter or splat, e.g. `/verify/:token?` → `/verify`.
 * @param pattern one of {@link SHELL_ROUTE_PATTERNS}
 */
export function shellPath(pattern: string): string {
  return pattern.replace(/\/(?::\w+\?|\*)$/, "") || "/";
}

/** Any path containing this (any case) shows the IMU demo (docs/product.md#2-pages), whatever the route. */
export const IMU_PATH_MARKER = "accelerometer";

/** The IMU demo's own page of the static site (ADR 0080); `/es/accelerometer` is its Spanish twin. */
export const IMU_PAGE_PATH = "/accelerometer";

/**
 * The IMU demo's page for any path containing {@link IMU_PATH_MARKER} (docs/product.md#2-pages):
 * the English one, as a path with no Spanish twin is in English (`pageLanguage`, ADR 0022;
 * `/es/accelerometer` itself is a page of {@link SITE_PAGE_PATTERNS}); null for any other path.
 * @param pathname a decoded URL path, e.g. `/shop/Accelerometer/live`
 */
export function imuPagePath(pathname: string): string | null {
  return pathname.toLowerCase().includes(IMU_PATH_MARKER) ? IMU_PAGE_PATH : null;
}

/**
 * The public pages of the static site (src/site/pages, ADR 0064) in React Router's path syntax,
 * matched with `matchPath`: each English page of `sitePages` and its Spanish twin (ADR 0022).
 * Demo slugs match case-sensitively, as their page does (`findRetailerDemo`).
 * @param pages the page list, `PAGES` unless a test passes its own
 */
export function sitePagePatterns(pages: readonly Page[] = PAGES): ClientRoutePattern[] {
  const site = sitePages(pages);
  // English pages first, then their Spanish twins.
  return LANGUAGES.flatMap((language) =>
    site
      .filter((page) => page.languages.includes(language))
      .map((page) => ({ path: pagePathIn(page, language), caseSensitive: page.caseSensitive === true })),
  );
}

/** {@link sitePagePatterns} of `PAGES`. */
export const SITE_PAGE_PATTERNS: readonly ClientRoutePattern[] = sitePagePatterns();

/**
 * Every path the server answers with a page and status 200 (docs/product.md#2-pages): the pages of
 * the static site and those of the browser app (src/client/routes.ts less its catch-all). Any
 * other path gets 404 and the not-found page (docs/product.md#2-pages);
 * `tests/unit/client-routes.test.ts` keeps the browser app's part equal to its route table.
 */
export const CLIENT_ROUTE_PATTERNS: readonly ClientRoutePattern[] = [
  ...SITE_PAGE_PATTERNS,
  ...SHELL_ROUTE_PATTERNS.map((path) => ({ path })),
];

/**
 * The not-found page's file in the static site's build (src/site/pages/404.astro; Astro writes
 * its 404 page as `404.html`), served for unknown paths; `/404` is itself an unknown path.
 */
export const NOT_FOUND_PAGE_FILE = "404.html";

/**
 * The Spanish not-found page's file in the static site's build (src/site/pages/[...lang]/404.astro;
 * ADR 0063), served for unknown paths when the `lang` cookie says `es`; `/es/404` is itself an
 * unknown path.
 */
export const SPANISH_NOT_FOUND_PAGE_FILE = "es/404/index.html";

/**
 * First segments of the account portal's pages (docs/product.md#2-pages): those of the pages of
 * `PAGES` whose CSP is `portal` (the routes under `portal-layout.tsx` in src/client/routes.ts, and
 * `/sign-in`), pages that load no third-party script, frame or connection, so they get the CSP
 * without third-party hosts (ADR 0031).
 * @param pages the page list, `PAGES` unless a test passes its own
 */
export function portalPathPrefixes(pages: readonly Page[] = PAGES): string[] {
  const prefixes = pages
    .filter((page) => page.csp === "portal")
    .map((page) => `/${page.path.split("/")[1] ?? ""}`);
  return [...new Set(prefixes)];
}

/** {@link portalPathPrefixes} of `PAGES`: `/admin`, `/dashboard`, `/sign-in`, … */
export const PORTAL_PATH_PREFIXES: readonly string[] = portalPathPrefixes();

/**
 * True when `pathname` is a page of the account portal or anything under one of
 * {@link PORTAL_PATH_PREFIXES} (a prefix matches whole segments: `/admin/login`, not
 * `/administrator`), in either language (`/es/…`). Case-insensitive, like the page routes.
 * @param pathname a decoded path without query string, e.g. `/admin/login`
 */
export function isPortalPath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/^\/es(?=\/|$)/, "") || "/";
  return PORTAL_PATH_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`),
  );
}
