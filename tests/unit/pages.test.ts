import { existsSync } from "node:fs";
import path from "node:path";
import type { SitemapItem } from "@astrojs/sitemap";
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import {
  CLIENT_ROUTE_PATTERNS,
  isPortalPath,
  PORTAL_PATH_PREFIXES,
  portalPathPrefixes,
  SHELL_ROUTE_PATTERNS,
  SITE_PAGE_PATTERNS,
  shellPath,
  shellRoutePatterns,
  sitePagePatterns,
} from "../../src/common/client-routes";
import { LOCALIZED_PATHS } from "../../src/common/languages";
import { PAGES, type Page, pagePathIn, sitePages } from "../../src/common/pages";
import { SITE_CONFIG } from "../../src/common/site-config";
import { isClientRoute, shellFile, sitePageFile } from "../../src/server/http/static";
import { sitemapEntry } from "../../src/site/layouts/page-links";
import { languagePaths, segmentPagePaths } from "../../src/site/layouts/page-routes";
import { disallowedPaths, robotsTxt } from "../../src/site/layouts/robots";

const SITE = SITE_CONFIG.siteUrl;

/** Every path of a page: each of its languages, a portal page's parameter filled in. */
function pathsOf(page: Page): string[] {
  return page.languages.map((language) => pagePathIn(page, language).replace(/:\w+\?$/, "abc"));
}

const sitemapOf = (path: string, pages: readonly Page[] = PAGES) =>
  sitemapEntry(`${SITE}${path}`, { url: `${SITE}${path}` } as SitemapItem, pages);

/** Pages a later change might add, to show that each derived list follows the page list. */
const NEW_SITE_PAGE: Page = {
  path: "/pricing",
  kind: "site",
  languages: ["en", "es"],
  sitemap: { changefreq: "monthly", priority: 0.5 },
  robots: "allow",
  csp: "public",
};
const NEW_PORTAL_PAGE: Page = {
  path: "/billing/:invoice?",
  kind: "portal",
  languages: ["en"],
  robots: "disallow",
  csp: "portal",
};
const WITH_NEW_PAGES: readonly Page[] = [...PAGES, NEW_SITE_PAGE, NEW_PORTAL_PAGE];

/**
 * The page list (src/common/pages.ts) is the one source of the site's routes, its sitemap and
 * robots.txt, and the server's page routing and CSP (docs/product.md#2-pages, ADR 0022, ADR 0064):
 * each derived list names exactly the list's pages, and a page added to the list appears in each.
 */
describe("the page list", () => {
  it("names each path once", () => {
    const paths = PAGES.flatMap((page) => page.languages.map((language) => pagePathIn(page, language)));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("gives the server exactly its pages: the site's in each language, the portal's shells", () => {
    const site = sitePages();
    expect(SITE_PAGE_PATTERNS.map((pattern) => pattern.path).sort()).toEqual(
      site.flatMap((page) => page.languages.map((language) => pagePathIn(page, language))).sort(),
    );
    expect([...SHELL_ROUTE_PATTERNS].sort()).toEqual(
      PAGES.filter((page) => page.kind === "portal")
        .map((page) => page.path)
        .sort(),
    );
    expect(CLIENT_ROUTE_PATTERNS).toEqual([
      ...SITE_PAGE_PATTERNS,
      ...SHELL_ROUTE_PATTERNS.map((pattern) => ({ path: pattern })),
    ]);
    expect(LOCALIZED_PATHS).toEqual(
      site.filter((page) => page.languages.includes("es")).map((page) => page.path),
    );
    for (const page of site) {
      for (const language of page.languages) {
        const pagePath = pagePathIn(page, language);
        expect(isClientRoute(pagePath), pagePath).toBe(true);
        expect(sitePageFile(pagePath), pagePath).toBe(path.posix.join(pagePath.slice(1), "index.html"));
        expect(shellFile(pagePath), pagePath).toBeNull();
      }
    }
    for (const page of PAGES.filter((candidate) => candidate.kind === "portal")) {
      for (const pagePath of pathsOf(page)) {
        expect(isClientRoute(pagePath), pagePath).toBe(true);
        expect(sitePageFile(pagePath), pagePath).toBeNull();
        expect(shellFile(pagePath), pagePath).toBe(path.join(shellPath(page.path).slice(1), "index.html"));
      }
    }
    // The not-found page is sent for unknown paths with status 404, so its own path is no page.
    for (const pagePath of ["/404", "/es/404", "/pricing", "/es/dashboard"]) {
      expect(isClientRoute(pagePath), pagePath).toBe(false);
    }
  });

  it("gives the portal's pages, and only them, the CSP without third-party hosts", () => {
    for (const page of PAGES) {
      for (const pagePath of pathsOf(page))
        expect(isPortalPath(pagePath), pagePath).toBe(page.csp === "portal");
    }
    expect([...PORTAL_PATH_PREFIXES].sort()).toEqual(
      ["/accept-invitation", "/admin", "/dashboard", "/sign-in", "/verify"].sort(),
    );
  });

  it("lists in the sitemap exactly the ranked pages, in each of their languages", () => {
    for (const page of PAGES) {
      for (const pagePath of pathsOf(page)) {
        const entry = sitemapOf(pagePath);
        if (page.sitemap) {
          expect(entry, pagePath).toMatchObject({
            url: `${SITE}${pagePath === "/es" ? "/es/" : pagePath}`,
            ...page.sitemap,
          });
        } else {
          expect(entry, pagePath).toBeUndefined();
        }
      }
    }
    expect(PAGES.filter((page) => page.sitemap).map((page) => page.path)).toEqual([
      "/",
      "/calculator",
      "/accelerometer",
      "/privacy",
    ]);
  });

  it("keeps crawlers out of exactly the portal's pages and the API", () => {
    const sitemap = `${SITE}/sitemap-index.xml`;
    // The file crawlers read, word for word (a contract: search consoles cache it).
    expect(robotsTxt(sitemap)).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin/",
        "Disallow: /dashboard",
        "Disallow: /sign-in",
        "Disallow: /verify/",
        "Disallow: /accept-invitation/",
        "Disallow: /api/",
        "",
        `Sitemap: ${sitemap}`,
        "",
      ].join("\n"),
    );
    const rules = disallowedPaths();
    const blocked = (pagePath: string) => rules.some((rule) => pagePath.startsWith(rule));
    for (const page of PAGES) {
      for (const pagePath of pathsOf(page)) {
        // Spanish twins of portal pages do not exist; robots.txt matches the English paths.
        if (page.languages.length === 1) expect(blocked(pagePath), pagePath).toBe(page.robots === "disallow");
        else expect(blocked(pagePath), pagePath).toBe(false);
      }
    }
  });

  it("builds a route for each page of the static site in each of its languages", () => {
    for (const page of sitePages().filter((candidate) => candidate.kind === "site")) {
      const file = page.path === "/" ? "index" : page.path.slice(1);
      expect(existsSync(`src/site/pages/[...lang]/${file}.astro`), page.path).toBe(true);
      expect(languagePaths(page.path)).toEqual(
        page.languages.map((language) => ({
          params: { lang: language === "en" ? undefined : language },
          props: { language },
        })),
      );
    }
    const segmentPages = segmentPagePaths().map(
      ({ params }) => `/${params.lang ? `${params.lang}/` : ""}${params.page}`,
    );
    expect(segmentPages.sort()).toEqual(
      sitePages()
        .filter((page) => page.kind === "demo" || page.kind === "login-portal")
        .flatMap((page) => page.languages.map((language) => pagePathIn(page, language)))
        .sort(),
    );
    for (const { props } of segmentPagePaths()) expect(props.demo ?? props.portal).toBeDefined();
    // The Spanish not-found page; the English one is Astro's own 404.astro.
    expect(languagePaths("/404", ["en"])).toEqual([{ params: { lang: "es" }, props: { language: "es" } }]);
  });

  it("adds a page added to the list to the routes, the sitemap, robots.txt and the server's routing", () => {
    expect(languagePaths("/pricing")).toEqual([]);
    expect(languagePaths("/pricing", [], WITH_NEW_PAGES)).toHaveLength(2);
    expect(sitemapOf("/pricing")).toBeUndefined();
    expect(sitemapOf("/es/pricing", WITH_NEW_PAGES)).toMatchObject({
      url: `${SITE}/es/pricing`,
      priority: 0.5,
      links: [
        { lang: "en", url: `${SITE}/pricing` },
        { lang: "es", url: `${SITE}/es/pricing` },
        { lang: "x-default", url: `${SITE}/pricing` },
      ],
    });
    const patterns = sitePagePatterns(WITH_NEW_PAGES);
    for (const pagePath of ["/pricing", "/es/pricing/"]) {
      expect(
        patterns.some((pattern) => matchPath(pattern, pagePath) !== null),
        pagePath,
      ).toBe(true);
    }
    expect(shellRoutePatterns(WITH_NEW_PAGES)).toContain("/billing/:invoice?");
    expect(portalPathPrefixes(WITH_NEW_PAGES)).toContain("/billing");
    expect(robotsTxt("x", WITH_NEW_PAGES)).toContain("Disallow: /billing/\n");
    expect(robotsTxt("x", WITH_NEW_PAGES)).not.toContain("pricing");
  });
});
