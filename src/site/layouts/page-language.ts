import { addCatalog, setPageLanguage } from "../../client/lib/i18n";
import type { FeatureCatalogs } from "../../client/locales/en";
import { addSpanish } from "../../client/locales/es-register";
import type { Translation } from "../../client/locales/types";
import type { Language } from "../../common/languages";

/**
 * Puts the translator on a page's language and registers the texts the page renders (ADR 0022,
 * ADR 0064). Called first in a page's frontmatter, so its title, meta tags and React components
 * render in its language; the build renders one page at a time (astro.config.ts,
 * `build.concurrency` 1) because the translator is one module-wide state.
 * @param language the page's language: `es` for the pages under `/es/`
 * @param english the page's own English feature catalogs, e.g. `{ calculator: enCalculator }`
 * @param spanish the same catalogs in Spanish (used on Spanish pages only)
 */
export function setupPage(
  language: Language,
  english: { [K in keyof FeatureCatalogs]?: FeatureCatalogs[K] } = {},
  spanish: { [K in keyof FeatureCatalogs]?: Translation<FeatureCatalogs[K]> } = {},
): void {
  addCatalog(english);
  if (language === "es") addSpanish(spanish);
  setPageLanguage(language);
}
