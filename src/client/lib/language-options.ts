import { LANGUAGE_NAMES, LANGUAGES } from "@common/languages";
import type { SelectOption } from "~/components/form-field";

/**
 * The choices of a language select (the footer's, the portal header's, Invite User's "Email
 * language"): each language of `LANGUAGES` in its own name ({@link LANGUAGE_NAMES}), with its `lang`.
 */
export function languageOptions(): SelectOption[] {
  return LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value], lang: value }));
}
