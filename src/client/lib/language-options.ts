import { LANGUAGES } from "@common/languages";
import type { SelectOption } from "~/components/form-field";
import type { TFunction } from "./i18n";

/**
 * The choices of a language select (the portal header's, Invite User's "Email language"): each
 * language of `LANGUAGES`, named in the page's language ("English", "Spanish" / "Inglés", "Español").
 * @param t the page's translate function
 */
export function languageOptions(t: TFunction): SelectOption[] {
  return LANGUAGES.map((value) => ({
    value,
    label: t(value === "es" ? "landing.nav.spanish" : "landing.nav.english"),
  }));
}
