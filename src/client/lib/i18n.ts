import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "../locales/en";

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

export { i18next };
