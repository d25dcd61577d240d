import { isLanguage, LANGUAGE_COOKIE, type Language } from "@common/languages";

/**
 * The language of pages that have no Spanish twin (portal, sign-in, IMU page, 404): the one the
 * visitor chose in the `lang` cookie (ADR 0022). English until the Spanish catalogs are loaded,
 * so the SPA page hydrates in the language it was prerendered in, then switches.
 */
let loaded: Language = "en";

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
 * on English visits) and resolves with the language to render.
 */
export async function loadPortalLanguage(): Promise<Language> {
  if (chosenLanguage() === "es" && loaded !== "es") {
    const { addSpanishPortal } = await import("~/locales/es-portal-register");
    addSpanishPortal();
    loaded = "es";
  } else if (chosenLanguage() === "en") {
    loaded = "en";
  }
  return loaded;
}
