import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pageLanguage } from "@common/languages";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { type Catalog, en } from "../locales/en";

/**
 * i18next, initialised synchronously so prerendering and the first client render produce the
 * same markup. English is always loaded; a page's Spanish catalogs are added by its Spanish route
 * module (routes/es/*), so English pages never download them (ADR 0022). The page's language
 * comes from its path (`/es/…` is Spanish); the root layout keeps i18next on it.
 */
export const SUPPORTED_LANGUAGES = LANGUAGES;

if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: typeof window === "undefined" ? DEFAULT_LANGUAGE : pageLanguage(window.location.pathname),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
}

/**
 * Adds feature catalogs to a language's resources (deep merge, existing keys kept as they are).
 * Route modules call it when they load, before they render, so prerendering and the first
 * client render see the same texts.
 * @param catalogs a part of the catalog tree, e.g. `{ calculator: esCalculator }`
 * @param language the language the texts are in (default English)
 */
export function addCatalog(
  catalogs: { [K in keyof Catalog]?: unknown },
  language: Language = DEFAULT_LANGUAGE,
): void {
  i18next.addResourceBundle(language, "translation", catalogs, true, true);
}

/**
 * Puts i18next on `language` if it is not already (synchronous: resources are in memory).
 * Called by the root layout with the language of the current path, before the page renders.
 */
export function setPageLanguage(language: Language): void {
  if (i18next.language !== language) void i18next.changeLanguage(language);
}

export { i18next };
