import type { SitemapItem } from "@astrojs/sitemap";
import { basePath, type Language, languageOfPath } from "../../common/languages";
import { findPage, PAGES, type Page, pagePathIn, sitePages } from "../../common/pages";

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
 * @param pages the page list, `PAGES` unless a test passes its own: a page with more than one
 *   language there has alternates
 */
export function pageLinks(
  pathname: string,
  site: URL | string,
  pages: readonly Page[] = PAGES,
): { canonical: string; alternates: Alternate[] } {
  const path = pagePath(pathname);
  const english = pagePath(basePath(path));
  const canonical = absolute(path, site);
  const page = findPage(english, sitePages(pages));
  if (!page || page.languages.length < 2) return { canonical, alternates: [] };
  const alternates: Alternate[] = page.languages.map((language) => ({
    hreflang: language,
    href: absolute(pagePath(pagePathIn(page, language)), site),
  }));
  alternates.push({ hreflang: "x-default", href: absolute(english, site) });
  return { canonical, alternates };
}

/**
 * The sitemap entry of a built page (@astrojs/sitemap's `filter` and `serialize`): each page of
 * `pages` with a `sitemap` rank (the landing page, the calculator, the privacy notice and the IMU
 * demo), in each of its languages, with its en, es and x-default alternates; undefined for any
 * other page (store demos, login portals, not-found pages).
 * @param url the page's absolute URL as the integration lists it
 * @param item the integration's entry, when serializing
 * @param pages the page list, `PAGES` unless a test passes its own
 */
export function sitemapEntry(
  url: string,
  item?: SitemapItem,
  pages: readonly Page[] = PAGES,
): SitemapItem | undefined {
  const { pathname, origin } = new URL(url);
  const path = pagePath(pathname);
  const page = findPage(pagePath(basePath(path)), pages);
  if (!page?.sitemap || !page.languages.includes(languageOfPath(path))) return undefined;
  const { canonical, alternates } = pageLinks(path, origin, pages);
  return {
    ...(item ?? { url: canonical }),
    url: canonical,
    links: alternates.map((alternate) => ({ lang: alternate.hreflang, url: alternate.href })),
    changefreq: page.sitemap.changefreq as SitemapItem["changefreq"],
    priority: page.sitemap.priority,
  };
}

function absolute(path: string, site: URL | string): string {
  return new URL(path, site).href;
}
