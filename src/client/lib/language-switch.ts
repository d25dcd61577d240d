import { LANGUAGE_COOKIE, type Language, localizePath } from "@common/languages";
import { LANGUAGE_COOKIE_MAX_AGE } from "@common/limits";

/**
 * Remembering and switching the visitor's language (ADR 0022), with no framework: the React
 * menus (lib/language.ts re-exports these) and the public site's header and footer scripts
 * (src/site/scripts/header-language.ts) share this one copy, and the latter load no React.
 */

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
