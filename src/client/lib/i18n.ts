import { DEFAULT_LANGUAGE, type Language, pageLanguage } from "@common/languages";
import rosetta from "rosetta";
import interpolate from "templite";
import { type Catalog, en } from "../locales/en";

/**
 * The app's translator (ADR 0023): `rosetta` (a kept ~300-byte library) holds the catalogs per
 * language, switches the locale, finds keys by dot path (`landing.hero.title`) and fills
 * `{{name}}` placeholders (unescaped, React escapes when rendering; a missing option becomes an
 * empty string). This module adds what rosetta lacks, with i18next's rules, so catalogs and
 * `t()` calls are the ones written for i18next:
 * - with a numeric `count`, `key_<plural category>` (Intl.PluralRules of the language) is used,
 *   then `key_other`, then `key`;
 * - a key missing in the page's language falls back to English, then to `defaultValue`, then to
 *   the key itself (an empty text counts as missing: rosetta answers "" for a missing key);
 * - adding catalogs deep-merges them (rosetta's `set()` merges only the top level).
 * English is always loaded; a page's Spanish catalogs are added by its Spanish route module
 * (routes/es/*), so English pages never download them (ADR 0022). The page's language comes from
 * its path (`/es/…` is Spanish); the root layout keeps the translator on it.
 */

/** A catalog tree: nested objects whose leaves are strings. */
type Tree = { [key: string]: string | Tree };
/** Options of `t()`: interpolation values, `count` for plurals, `defaultValue` for missing keys. */
export type TranslateOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
/** Looks up a text by key in the current language (see the module comment for the rules). */
export type TFunction = (key: string, options?: TranslateOptions) => string;

const catalogs = rosetta<Tree>();
const listeners = new Set<() => void>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** `incoming` deep-merged over `current`, as a new tree (neither argument is changed). */
function merged(current: string | Tree | undefined, incoming: string | Tree): string | Tree {
  if (typeof incoming !== "object" || typeof current !== "object") return incoming;
  const result: Tree = { ...current };
  for (const [key, value] of Object.entries(incoming)) result[key] = merged(current[key], value);
  return result;
}

/** The text at a dot path of a language's catalog, placeholders filled; undefined if missing. */
function lookup(language: string, key: string, options: TranslateOptions | undefined): string | undefined {
  // rosetta answers "" for a missing key and the subtree for a key that names a branch.
  const text: unknown = catalogs.t(key, options ?? {}, language);
  return typeof text === "string" && text !== "" ? text : undefined;
}

/** The plural category of `count` in `language` ("one", "other", …). */
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** Finds the text of `key` in one language, plural forms first when `count` is given. */
function resolve(language: string, key: string, options: TranslateOptions | undefined): string | undefined {
  const count = options?.count;
  if (typeof count === "number") {
    return (
      lookup(language, `${key}_${pluralCategory(language, count)}`, options) ??
      lookup(language, `${key}_other`, options) ??
      lookup(language, key, options)
    );
  }
  return lookup(language, key, options);
}

/**
 * The translator object. Named `i18next` because route modules and tests use it as they used
 * i18next (`i18next.t` in `meta`, `i18next.language`); only the members below exist.
 */
export const i18next = {
  /** The current language ("en" | "es"): rosetta's locale. */
  get language(): Language {
    return catalogs.locale() as Language;
  },
  /** Always true: catalogs are in memory, nothing loads asynchronously. */
  isInitialized: true,
  /** See {@link TFunction} and the module comment. */
  t: ((key, options) => {
    const language = i18next.language;
    return (
      resolve(language, key, options) ??
      (language === DEFAULT_LANGUAGE ? undefined : resolve(DEFAULT_LANGUAGE, key, options)) ??
      // The same placeholder rule as rosetta's texts (templite is rosetta's own interpolation).
      interpolate(options?.defaultValue ?? key, options ?? {})
    );
  }) as TFunction,
  /**
   * Switches the language and re-renders every component that uses `useTranslation()`.
   * @returns a resolved promise (i18next's signature; the switch itself is synchronous)
   */
  changeLanguage(language: Language): Promise<void> {
    if (i18next.language !== language) {
      catalogs.locale(language);
      for (const listener of listeners) listener();
    }
    return Promise.resolve();
  },
  /**
   * i18next's way of adding texts, kept for code and tests written against it: the same as
   * {@link addCatalog} (one namespace, "translation"; always a deep merge that replaces texts).
   */
  addResourceBundle(
    language: Language,
    _namespace: "translation",
    tree: object,
    _deep?: boolean,
    _overwrite?: boolean,
  ): void {
    addCatalog(tree, language);
  },
  /**
   * Calls `listener` after each language change.
   * @returns a function that removes the listener
   */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

catalogs.set(DEFAULT_LANGUAGE, en as unknown as Tree);
catalogs.locale(typeof window === "undefined" ? DEFAULT_LANGUAGE : pageLanguage(window.location.pathname));

/**
 * Adds feature catalogs to a language's resources (deep merge; a text already there is replaced).
 * Route modules call it when they load, before they render, so prerendering and the first
 * client render see the same texts. Adding texts does not re-render anything.
 * @param tree a part of the catalog tree, e.g. `{ calculator: esCalculator }`
 * @param language the language the texts are in (default English)
 */
export function addCatalog(
  tree: { [K in keyof Catalog]?: unknown },
  language: Language = DEFAULT_LANGUAGE,
): void {
  const table = catalogs.table(language) ?? {};
  const additions: Tree = {};
  for (const [key, value] of Object.entries(tree as Tree)) additions[key] = merged(table[key], value);
  catalogs.set(language, additions);
}

/**
 * Puts the translator on `language` if it is not already (synchronous: resources are in memory).
 * Called by the root layout with the language of the current path, before the page renders.
 */
export function setPageLanguage(language: Language): void {
  if (i18next.language !== language) void i18next.changeLanguage(language);
}
