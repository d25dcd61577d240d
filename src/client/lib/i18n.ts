import { DEFAULT_LANGUAGE, type Language, pageLanguage } from "@common/languages";
import { type Catalog, en } from "../locales/en";

/**
 * The app's translator: a small typed replacement for i18next (ADR 0023), which cost 18 KiB gzip
 * of the first load of every page for the few features we use. It keeps i18next's contract for
 * those features, so catalogs and `t()` calls are unchanged:
 * - keys are dot paths into nested catalogs (`landing.hero.title`);
 * - `{{name}}` is replaced by the option of that name, unescaped (React escapes when rendering);
 *   a missing option becomes an empty string;
 * - with a numeric `count`, `key_<plural category>` (Intl.PluralRules of the language) is used,
 *   then `key_other`, then `key`;
 * - a key missing in the page's language falls back to English, then to `defaultValue`, then to
 *   the key itself.
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

const resources: Record<string, Tree> = { [DEFAULT_LANGUAGE]: {} };
const listeners = new Set<() => void>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** Deep-merges `source` into `target`; strings in `source` replace the ones in `target`. */
function merge(target: Tree, source: Tree): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof value === "object" && value !== null) {
      const branch: Tree = typeof current === "object" ? current : {};
      merge(branch, value);
      target[key] = branch;
    } else {
      target[key] = value;
    }
  }
}

/** The string at a dot path of a language's catalog, if there is one. */
function lookup(language: string, key: string): string | undefined {
  let node: string | Tree | undefined = resources[language];
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
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
function resolve(language: string, key: string, count: number | undefined): string | undefined {
  if (typeof count === "number") {
    return (
      lookup(language, `${key}_${pluralCategory(language, count)}`) ??
      lookup(language, `${key}_other`) ??
      lookup(language, key)
    );
  }
  return lookup(language, key);
}

/** Replaces each `{{name}}` (spaces and i18next's `-` prefix allowed) by `options[name]`. */
function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{\s*-?\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = options?.[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

/**
 * The translator object. Named `i18next` because route modules and tests use it as they used
 * i18next (`i18next.t` in `meta`, `i18next.language`); only the members below exist.
 */
export const i18next = {
  /** The current language ("en" | "es"). */
  language: (typeof window === "undefined"
    ? DEFAULT_LANGUAGE
    : pageLanguage(window.location.pathname)) as Language,
  /** Always true: catalogs are in memory, nothing loads asynchronously. */
  isInitialized: true,
  /** See {@link TFunction} and the module comment. */
  t: ((key, options) => {
    const count = typeof options?.count === "number" ? options.count : undefined;
    const text =
      resolve(i18next.language, key, count) ??
      (i18next.language === DEFAULT_LANGUAGE ? undefined : resolve(DEFAULT_LANGUAGE, key, count)) ??
      options?.defaultValue ??
      key;
    return interpolate(text, options);
  }) as TFunction,
  /**
   * Switches the language and re-renders every component that uses `useTranslation()`.
   * @returns a resolved promise (i18next's signature; the switch itself is synchronous)
   */
  changeLanguage(language: Language): Promise<void> {
    if (i18next.language !== language) {
      i18next.language = language;
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
    catalogs: object,
    _deep?: boolean,
    _overwrite?: boolean,
  ): void {
    addCatalog(catalogs, language);
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

merge(resources[DEFAULT_LANGUAGE] as Tree, en as unknown as Tree);

/**
 * Adds feature catalogs to a language's resources (deep merge; a text already there is replaced).
 * Route modules call it when they load, before they render, so prerendering and the first
 * client render see the same texts. Adding texts does not re-render anything.
 * @param catalogs a part of the catalog tree, e.g. `{ calculator: esCalculator }`
 * @param language the language the texts are in (default English)
 */
export function addCatalog(
  catalogs: { [K in keyof Catalog]?: unknown },
  language: Language = DEFAULT_LANGUAGE,
): void {
  resources[language] ??= {};
  merge(resources[language] as Tree, catalogs as Tree);
}

/**
 * Puts the translator on `language` if it is not already (synchronous: resources are in memory).
 * Called by the root layout with the language of the current path, before the page renders.
 */
export function setPageLanguage(language: Language): void {
  if (i18next.language !== language) void i18next.changeLanguage(language);
}
