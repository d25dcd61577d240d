import { isLanguage, LANGUAGE_COOKIE, type Language } from "@common/languages";
import { setPageLanguage } from "./i18n";
import { rememberLanguage } from "./language";

/**
 * The language of pages that have no Spanish twin (portal, sign-in, 404): the one the
 * visitor chose in the `lang` cookie (ADR 0022), or a signed-in user's stored one (ADR 0025).
 * English until the Spanish catalogs are loaded, so the SPA page hydrates in the language it was
 * prerendered in, then switches.
 */
let loaded: Language = "en";
let spanishLoaded = false;

/** The portal language that is ready to render now ("en" until Spanish has loaded). */
export function portalLanguage(): Language {
  return loaded;
}

/** The language saved in the `lang` cookie, if any (browser only). */
export function chosenLanguage(): Language | undefined {
  if (typeof document === "undefined") return undefined;
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
  const value = entry?.slice(LANGUAGE_COOKIE.length + 1);
  return isLanguage(value) ? value : undefined;
}

/**
 * Loads the Spanish portal catalogs when the cookie asks for Spanish (a separate chunk, never
 * on English visits) and resolves with the language to render: the cookie's once its catalogs
 * are in, so a choice made while the chunk loaded wins.
 */
export async function loadPortalLanguage(): Promise<Language> {
  if (chosenLanguage() === "es" && !spanishLoaded) {
    const { addSpanishPortal } = await import("~/locales/es-portal-register");
    addSpanishPortal();
    spanishLoaded = true;
  }
  const chosen = chosenLanguage();
  if (chosen === "en" || (chosen === "es" && spanishLoaded)) loaded = chosen;
  return loaded;
}

/**
 * Shows the portal in `language` (a signed-in user's stored language, ADR 0025): saves it in the
 * `lang` cookie, loads its catalogs and switches i18next. Resolves once it can render.
 */
export async function followLanguage(language: Language): Promise<void> {
  if (chosenLanguage() !== language) rememberLanguage(language);
  setPageLanguage(await loadPortalLanguage());
}

/**
 * Class on `<html>` that hides the page while the Spanish catalogs of a page without a Spanish
 * twin load (no English flash, ADR 0025); the root layout removes it once the page is in its
 * language, and {@link LANGUAGE_PENDING_SCRIPT} itself after 3 s in case the chunk never loads.
 */
export const LANGUAGE_PENDING_CLASS = "lang-pending";

/**
 * Inline script in every page's `<head>` (the same markup everywhere, so the SPA fallback, which
 * is rendered at `/`, hydrates on any path): runs before the body paints and adds
 * {@link LANGUAGE_PENDING_CLASS} when the `lang` cookie says `es` and the page the server sent is
 * not Spanish already (`<html lang="es">`: the Spanish twins and the Spanish not-found page, which
 * must paint at once, ADR 0063). Constant text, so its CSP hash (taken from the built HTML) is stable.
 */
export const LANGUAGE_PENDING_SCRIPT = `(function(){var d=document.documentElement;if(/(?:^|; )${LANGUAGE_COOKIE}=es(?:;|$)/.test(document.cookie)&&d.lang!="es"){d.classList.add("${LANGUAGE_PENDING_CLASS}");setTimeout(function(){d.classList.remove("${LANGUAGE_PENDING_CLASS}")},3000)}})()`;
