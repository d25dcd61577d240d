import type { Language } from "./languages";
import { LOGIN_PORTALS } from "./login-portals";
import { PRIVACY_NOTICE_PATHS } from "./privacy";
import { RETAILER_DEMO_SLUGS } from "./retailer-demo-slugs";

/**
 * Every page of the product (docs/product.md#2-pages), the one list the site's routes
 * (src/site/pages), the sitemap (src/site/layouts/page-links.ts), robots.txt, the server's page
 * routing and CSP (src/common/client-routes.ts, src/server/http/static.ts) and the dev proxy
 * (scripts/dev.mjs) derive from, so they cannot drift. `tests/unit/pages.test.ts` checks each.
 */

/**
 * What serves a page:
 * - `site`: a public page of the static site (Astro, ADR 0064) with a view of its own;
 * - `login-portal`: a placeholder login portal of the static site (`LOGIN_PORTALS`);
 * - `demo`: a retailer's store-demo registration page of the static site (ADR 0006);
 * - `portal`: a page of the account portal, rendered in the browser from its prerendered shell
 *   (ADR 0041, ADR 0064);
 * - `not-found`: the not-found page, sent with status 404 for unknown paths (ADR 0063); no route.
 */
export type PageKind = "site" | "login-portal" | "demo" | "portal" | "not-found";

/** How often a page changes and how it ranks among ours, for its sitemap entry (sitemaps.org). */
export interface SitemapRank {
  changefreq: "weekly" | "monthly" | "yearly";
  priority: number;
}

/** One page of the product. */
export interface Page {
  /**
   * Its English path; a portal page's in React Router's path syntax (`/verify/:token?`). A page in
   * Spanish too has its twin at the same path under `/es` (ADR 0022); the not-found page's is no
   * route (`/404` answers 404 like any unknown path).
   */
  path: string;
  kind: PageKind;
  /** The languages it exists in: `["en", "es"]` for a page with a Spanish twin (ADR 0022). */
  languages: readonly Language[];
  /** Match the path's letters exactly (a demo's slug, `findRetailerDemo`); otherwise any case. */
  caseSensitive?: boolean;
  /** Its sitemap entry in each language (ADR 0064); absent for a page the sitemap leaves out. */
  sitemap?: SitemapRank;
  /** `disallow` keeps crawlers out of it (robots.txt): the portal's pages. */
  robots: "allow" | "disallow";
  /** Which Content-Security-Policy it gets (ADR 0031): `portal` allows no third-party host. */
  csp: "public" | "portal";
}

const BOTH: readonly Language[] = ["en", "es"];

/** The pages, in the order the sitemap and the route lists name them. */
export const PAGES: readonly Page[] = [
  {
    path: "/",
    kind: "site",
    languages: BOTH,
    sitemap: { changefreq: "weekly", priority: 1.0 },
    robots: "allow",
    csp: "public",
  },
  {
    path: "/calculator",
    kind: "site",
    languages: BOTH,
    sitemap: { changefreq: "monthly", priority: 0.8 },
    robots: "allow",
    csp: "public",
  },
  // The IMU demo, a public page in both languages since ADR 0080.
  {
    path: "/accelerometer",
    kind: "site",
    languages: BOTH,
    sitemap: { changefreq: "yearly", priority: 0.3 },
    robots: "allow",
    csp: "public",
  },
  {
    path: PRIVACY_NOTICE_PATHS.en,
    kind: "site",
    languages: BOTH,
    sitemap: { changefreq: "yearly", priority: 0.3 },
    robots: "allow",
    csp: "public",
  },
  ...LOGIN_PORTALS.map(
    (portal): Page => ({
      path: portal.path,
      kind: "login-portal",
      languages: BOTH,
      robots: "allow",
      csp: "public",
    }),
  ),
  ...RETAILER_DEMO_SLUGS.map(
    (slug): Page => ({
      path: `/${slug}`,
      kind: "demo",
      languages: BOTH,
      caseSensitive: true,
      robots: "allow",
      csp: "public",
    }),
  ),
  ...[
    "/admin/login",
    "/admin/dashboard",
    "/dashboard",
    "/sign-in",
    "/verify/:token?",
    "/accept-invitation/:token?",
  ].map((path): Page => ({ path, kind: "portal", languages: ["en"], robots: "disallow", csp: "portal" })),
  { path: "/404", kind: "not-found", languages: BOTH, robots: "allow", csp: "public" },
];

/** The pages of the static site (src/site/pages): every kind but the portal's and the not-found page. */
export function sitePages(pages: readonly Page[] = PAGES): Page[] {
  return pages.filter((page) => page.kind === "site" || page.kind === "login-portal" || page.kind === "demo");
}

/**
 * A page's path in `language`: its English path, or the same under `/es` (`/es` for `/`, as the
 * site's build names it; ADR 0022).
 */
export function pagePathIn(page: Page, language: Language): string {
  if (language === "en") return page.path;
  return page.path === "/" ? `/${language}` : `/${language}${page.path}`;
}

/** The page at English `path` (exactly as listed), or undefined. */
export function findPage(path: string, pages: readonly Page[] = PAGES): Page | undefined {
  return pages.find((page) => page.path === path);
}
