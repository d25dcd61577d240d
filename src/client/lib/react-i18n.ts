import { type ReactNode, useCallback, useSyncExternalStore } from "react";
import { i18next, type TFunction } from "./i18n";

/**
 * The React side of the app's translator (ADR 0023): components import `useTranslation` from
 * `~/lib/react-i18n`. The names follow react-i18next's, which the code was first written
 * against, but the package is not installed and the lint forbids importing it; only what is
 * exported here exists.
 */

const getLanguage = () => i18next.language;

/**
 * The translate function and the translator for a component; the component re-renders when the
 * language changes (`setPageLanguage`, the portal's Spanish catalogs loading).
 * @returns `t` (see lib/i18n.ts for the lookup rules) and `i18n` (`i18n.language` is "en" | "es")
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18next } {
  const language = useSyncExternalStore(i18next.subscribe, getLanguage, getLanguage);
  // A new function per language, so memoised values that depend on `t` are recomputed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `language` is the cache key on purpose
  const t = useCallback<TFunction>((key, options) => i18next.t(key, options), [language]);
  return { t, i18n: i18next };
}

/**
 * A provider for component tests that wrap the tree as react-i18next required: the translator
 * is a module singleton, so it only renders its children.
 */
export function I18nextProvider({ children }: { i18n?: unknown; children?: ReactNode }): ReactNode {
  return children;
}
