import { isLanguage, LANGUAGE_COOKIE, type Language, localizePath } from "@common/languages";
import { LANGUAGE_COOKIE_MAX_AGE } from "@common/limits";
import { useTranslation } from "~/lib/react-i18n";

/**
 * The page's language and a path helper for links (ADR 0022): links on a
 * Spanish page go to the Spanish twin of their target when there is one (`/es/calculator`).
 * @returns `language` ("en" | "es") and `localize(path)` → that path in the page's language
 */
export function useLanguage(): { language: Language; localize: (path: string) => string } {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  return { language, localize: (path: string) => localizePath(path, language) };
}

/** Saves `language` in the `lang` cookie (1 year, SameSite=Lax, Secure on HTTPS; ADR 0022). */
export function rememberLanguage(language: Language): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie, read by the server's redirect
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Remembers `language` in the `lang` cookie (1 year, SameSite=Lax, Secure on HTTPS) and loads
 * the current page in that language (a full load, so the page's catalog and `<html lang>` come
 * from the prerendered file). Pages without a Spanish twin reload in place.
 * @param language the visitor's choice
 */
export function switchLanguage(language: Language): void {
  rememberLanguage(language);
  const { pathname, search, hash } = window.location;
  const target = localizePath(pathname, language);
  if (target === pathname) window.location.reload();
  else window.location.assign(`${target}${search}${hash}`);
}
