import { LANGUAGES, type Language } from "@common/languages";
import type { SelectOption } from "~/components/form-field";
import type { TFunction } from "./i18n";

/** Catalog key of each language's name. */
const NAME_KEYS: Readonly<Record<Language, string>> = {
  en: "landing.nav.english",
  es: "landing.nav.spanish",
};

/**
 * A language in its own name ("English", "Español") on every page, so a reader finds hers
 * whatever the page's language (docs/product.md#2-pages "Header and footer"). Show it with
 * `lang={language}` so screen readers pronounce it in that language (WCAG 3.1.2).
 * @param t the page's translate function
 * @param language the language to name
 */
export function languageName(t: TFunction, language: Language): string {
  return t(NAME_KEYS[language]);
}

/**
 * The choices of a language select (the footer's, the portal header's, Invite User's "Email
 * language"): each language of `LANGUAGES` in its own name, with its `lang`.
 * @param t the page's translate function
 */
export function languageOptions(t: TFunction): SelectOption[] {
  return LANGUAGES.map((value) => ({ value, label: languageName(t, value), lang: value }));
}
