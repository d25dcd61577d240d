import { SPANISH_PATHS } from "./languages";
import { LOGIN_PORTALS } from "./login-portals";
import { PRIVACY_NOTICE_PATHS } from "./privacy";
import { RETAILER_DEMO_SLUGS } from "./retailer-demo-slugs";

/** One route of the browser app, in React Router's path syntax (`:param`, `:param?`, `*`). */
export interface ClientRoutePattern {
  path: string;
  /** Match the letters' case exactly (React Router ignores case by default). */
  caseSensitive?: boolean;
}

/**
 * The pages rendered in the browser (the account portal; ADR 0064), in React
 * Router's path syntax. The build prerenders each one's shell at {@link shellPath} (ADR 0041):
 * the loading screen under the page's own `<title>` and meta tags, so the HTML the server sends
 * is titled before any script runs. The server answers every path of the pattern with it.
 */
export const SHELL_ROUTE_PATTERNS: readonly string[] = [
  "/admin/login",
  "/sign-in",
  "/verify/:token?",
  "/accept-invitation/:token?",
  "/dashboard",
  "/admin/dashboard",
];

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
 * matched with `matchPath`: each English page and its Spanish twin (ADR 0022). Demo slugs match
 * case-sensitively, as their page does (`findRetailerDemo`).
 */
export const SITE_PAGE_PATTERNS: readonly ClientRoutePattern[] = [
  { path: "/" },
  { path: "/calculator" },
  { path: PRIVACY_NOTICE_PATHS.en },
  { path: IMU_PAGE_PATH },
  ...RETAILER_DEMO_SLUGS.map((slug) => ({ path: `/${slug}`, caseSensitive: true })),
  ...LOGIN_PORTALS.map((portal) => ({ path: portal.path })),
  ...SPANISH_PATHS.map((path) => ({
    path,
    caseSensitive: RETAILER_DEMO_SLUGS.some((slug) => path === `/es/${slug}`),
  })),
];

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
 * The Spanish not-found page's file in the static site's build (src/site/pages/es/404.astro;
 * ADR 0063), served for unknown paths when the `lang` cookie says `es`; `/es/404` is itself an
 * unknown path.
 */
export const SPANISH_NOT_FOUND_PAGE_FILE = "es/404/index.html";

/**
 * First segments of the account portal's pages (docs/product.md#2-pages; the routes under
 * `portal-layout.tsx` in src/client/routes.ts, and `/sign-in`): pages that load no third-party
 * script, frame or connection, so they get the CSP without third-party hosts (ADR 0031).
 */
export const PORTAL_PATH_PREFIXES = [
  "/admin",
  "/dashboard",
  "/verify",
  "/accept-invitation",
  "/sign-in",
] as const;

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
