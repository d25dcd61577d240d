import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { type Catalog, en } from "../locales/en";

/**
 * i18next, initialised synchronously so prerendering and the first client render produce the
 * same markup. English only for now; Spanish is added as a second resource later.
 */
export const SUPPORTED_LANGUAGES = ["en", "es"] as const;

if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: "en",
    fallbackLng: "en",
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
}

/**
 * Adds feature catalogs to the English resources (deep merge, existing keys kept as they are).
 * Route modules call it when they load, before they render, so prerendering and the first
 * client render see the same texts.
 */
export function addCatalog(catalogs: { [K in keyof Catalog]?: Partial<Catalog[K]> }): void {
  i18next.addResourceBundle("en", "translation", catalogs, true, true);
}

export { i18next };
