import { addCatalog } from "~/lib/i18n";
import { es } from "~/locales/es";
import { esLandingDialogs } from "~/locales/es-landing-dialogs";

/**
 * Registers the Spanish texts the dialogs show: their own (Get Started, Jobs, Events) and the
 * base words they use (Close, "opens in a new tab"). A chunk of its own, loaded only on Spanish
 * pages (ADR 0022: English pages never download Spanish texts).
 */
export function addSpanishDialogTexts(): void {
  addCatalog({ common: es.common, landing: { ...es.landing, ...esLandingDialogs } }, "es");
}
