import { pagePathIn, sitePages } from "./pages";
import { trimSlashes } from "./text";

/**
 * The site's languages and which public pages exist in each (ADR 0022).
 * English pages live at their plain path; their Spanish twins at the same path under `/es`
 * (`/es/` for `/`). Shared by the route table, the prerender list, the client's language menus,
 * the server's cookie redirect and the sitemap test, so they cannot drift.
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * Each language in its own name (its autonym), the same on every page, so a reader finds hers
 * whatever language the page is in; show it with `lang={language}` so screen readers say it in
 * that language (WCAG 2.2 SC 3.1.2). Fixed data, not a translation: no catalog holds it.
 */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: "English", es: "Español" };

/**
 * The locale every `Intl` formatter uses for each language (ADR 0040): money, numbers,
 * percentages and dates. Spanish is United States Spanish: our prices are US dollars, which
 * es-US writes "$53,820" (Spain's "es" writes "53.820 $", Mexico's "USD 53,820").
 */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { en: "en-US", es: "es-US" };

/**
 * The `Intl` locale of a language (ADR 0040): {@link INTL_LOCALES} for ours, any other BCP 47
 * tag as given.
 * @param language "en", "es" or another BCP 47 tag
 */
export function intlLocale(language: string): string {
  return isLanguage(language) ? INTL_LOCALES[language] : language;
}

/** Name of the cookie that remembers the visitor's choice (value `en` or `es`, 1 year, SameSite=Lax). */
export const LANGUAGE_COOKIE = "lang";

/** Public pages prerendered in both languages (English paths): the site's pages of `PAGES` with a Spanish twin. */
export const LOCALIZED_PATHS: readonly string[] = localizedPages().map((page) => page.path);

/** The site's pages of `PAGES` with a Spanish twin. */
function localizedPages() {
  return sitePages().filter((page) => page.languages.includes("es"));
}

/** True when `value` is one of {@link LANGUAGES}. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a pathname is in: `es` for `/es` and anything under `/es/`, else `en`. */
export function languageOfPath(pathname: string): Language {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

/**
 * The language a page is shown in: Spanish only for the Spanish twin of a localized page
 * (`/es/calculator`); any other path, `/es/unknown` included, is English (its texts are).
 */
export function pageLanguage(pathname: string): Language {
  return languageOfPath(pathname) === "es" && isLocalized(basePath(pathname)) ? "es" : "en";
}

/** The English path of a pathname: `/es/calculator` → `/calculator`, `/es/` → `/`. */
export function basePath(pathname: string): string {
  if (languageOfPath(pathname) !== "es") return pathname;
  const rest = pathname.slice(3);
  return rest === "" ? "/" : rest;
}

/** True when the English path (a trailing slash ignored) has a Spanish twin. */
export function isLocalized(pathname: string): boolean {
  // trimSlashes, not /\/+$/: this runs on every page request, with any path (linear time).
  const path = pathname.length > 1 ? trimSlashes(pathname) : pathname;
  return LOCALIZED_PATHS.includes(path);
}

/**
 * The path of a page in `language`: `localizePath("/calculator", "es")` is `/es/calculator`,
 * `localizePath("/", "es")` is `/es/`. Paths without a Spanish twin (the portal's) and
 * English requests come back as their English path.
 * @param pathname an English or Spanish pathname
 */
export function localizePath(pathname: string, language: Language): string {
  const base = basePath(pathname);
  if (language === "en" || !isLocalized(base)) return base;
  return base === "/" ? "/es/" : `/es${base}`;
}

/**
 * Every prerendered Spanish path (`/es`, `/es/calculator`, …). The home page is prerendered as
 * `/es` (React Router renders only the shell for `/es/`) into `es/index.html`, served at `/es/`.
 */
export const SPANISH_PATHS: readonly string[] = localizedPages().map((page) => pagePathIn(page, "es"));
