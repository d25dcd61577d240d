import type { SitemapItem } from "@astrojs/sitemap";
import { IMU_PAGE_PATH } from "../../common/client-routes";
import {
  basePath,
  isLocalized,
  LANGUAGES,
  type Language,
  languageOfPath,
  localizePath,
} from "../../common/languages";
import { PRIVACY_NOTICE_PATHS } from "../../common/privacy";

/**
 * Canonical, hreflang and sitemap URLs of the public pages (ADR 0022, ADR 0064), all built from the
 * one configured site URL (Astro's `site`, astro.config.ts). A page's URL has no trailing slash,
 * except the home pages `/` and `/es/`, as the server answers them (src/server/http/static.ts).
 */

/** One `<link rel="alternate" hreflang>` of a page. */
export interface Alternate {
  hreflang: Language | "x-default";
  href: string;
}

/** The URL path of a page as the site names it: `/calculator/` → `/calculator`, `/es` → `/es/`. */
export function pagePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed === "/es" ? "/es/" : trimmed || "/";
}

/**
 * The canonical URL and hreflang alternates of a page (en, es and x-default → English, Google's
 * "Tell Google about localized versions"); a page without a Spanish twin gets only its canonical.
 * @param pathname the page's path, English or Spanish, with or without a trailing slash
 * @param site the configured site URL (`Astro.site`)
 */
export function pageLinks(
  pathname: string,
  site: URL | string,
): { canonical: string; alternates: Alternate[] } {
  const path = pagePath(pathname);
  const english = pagePath(basePath(path));
  const canonical = absolute(path, site);
  if (!isLocalized(english)) return { canonical, alternates: [] };
  const alternates: Alternate[] = LANGUAGES.map((language) => ({
    hreflang: language,
    href: absolute(localizePath(english, language), site),
  }));
  alternates.push({ hreflang: "x-default", href: absolute(english, site) });
  return { canonical, alternates };
}

/** How often each listed page changes and how it ranks among ours (sitemaps.org); others are not listed. */
const SITEMAP_PAGES: Readonly<Record<string, Pick<SitemapItem, "changefreq" | "priority">>> = {
  "/": { changefreq: "weekly" as SitemapItem["changefreq"], priority: 1.0 },
  "/calculator": { changefreq: "monthly" as SitemapItem["changefreq"], priority: 0.8 },
  [PRIVACY_NOTICE_PATHS.en]: { changefreq: "yearly" as SitemapItem["changefreq"], priority: 0.3 },
  // The IMU demo, a public page in both languages since ADR 0080.
  [IMU_PAGE_PATH]: { changefreq: "yearly" as SitemapItem["changefreq"], priority: 0.3 },
};

/**
 * The sitemap entry of a built page (@astrojs/sitemap's `filter` and `serialize`): the landing
 * page, the calculator, the privacy notice and the IMU demo in both languages, each with its en, es and
 * x-default alternates; undefined for any other page (store demos, login portals, not-found pages).
 * @param url the page's absolute URL as the integration lists it
 * @param item the integration's entry, when serializing
 */
export function sitemapEntry(url: string, item?: SitemapItem): SitemapItem | undefined {
  const { pathname, origin } = new URL(url);
  const path = pagePath(pathname);
  const rank = SITEMAP_PAGES[pagePath(basePath(path))];
  if (!rank || (languageOfPath(path) === "es" && !isLocalized(basePath(path)))) return undefined;
  const { canonical, alternates } = pageLinks(path, origin);
  return {
    ...(item ?? { url: canonical }),
    url: canonical,
    links: alternates.map((alternate) => ({ lang: alternate.hreflang, url: alternate.href })),
    ...rank,
  };
}

function absolute(path: string, site: URL | string): string {
  return new URL(path, site).href;
}
