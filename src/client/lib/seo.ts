import { basePath, isLocalized, languageOfPath, localizePath } from "@common/languages";
import { SITE_CONFIG } from "@common/site-config";
import { trimSlashes } from "@common/text";

/** Absolute URL of a site path, e.g. `https://aisleiq.com/es/calculator`. */
export function siteUrl(path: string): string {
  return `${SITE_CONFIG.siteUrl}${path}`;
}

/**
 * Canonical URL and `hreflang` alternates (en, es, x-default → English) of a page, as React
 * Router meta descriptors (ADR 0022; Google's "Tell Google about localized versions").
 * Pages without a Spanish twin get only their canonical link.
 * @param pathname the page's current pathname, English or Spanish
 */
export function languageLinks(pathname: string) {
  const english = normalise(basePath(pathname));
  const canonical = localizePath(english, languageOfPath(pathname));
  const links: { tagName: "link"; rel: string; href: string; hrefLang?: string }[] = [
    { tagName: "link", rel: "canonical", href: siteUrl(canonical) },
  ];
  if (!isLocalized(english)) return links;
  links.push(
    { tagName: "link", rel: "alternate", hrefLang: "en", href: siteUrl(english) },
    { tagName: "link", rel: "alternate", hrefLang: "es", href: siteUrl(localizePath(english, "es")) },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: siteUrl(english) },
  );
  return links;
}

function normalise(path: string): string {
  return path.length > 1 ? trimSlashes(path) : path;
}
