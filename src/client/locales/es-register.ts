import { addCatalog } from "~/lib/i18n";
import type { FeatureCatalogs } from "./en";
import { es } from "./es";
import { esErrors } from "./es-errors";
import { esLandingDialogs } from "./es-landing-dialogs";
import type { Translation } from "./types";

/**
 * Registers the Spanish texts a Spanish page needs: the base catalog (header, footer, landing),
 * the public dialogs (Get Started, Jobs, Events, opened from every public page) and the page's
 * own feature catalogs, and the server error messages (`errors`, ADR 0026). Only the Spanish route modules (routes/es/*) import this module, so no
 * English page downloads Spanish texts (ADR 0022).
 * @param features the page's feature catalogs in Spanish, e.g. `{ calculator: esCalculator }`
 */
export function addSpanish(
  features: { [K in keyof FeatureCatalogs]?: Translation<FeatureCatalogs[K]> } = {},
): void {
  addCatalog({ ...es, landing: { ...es.landing, ...esLandingDialogs }, errors: esErrors }, "es");
  // A second call, so a feature that adds to a base key (the portal's `common` words) is merged
  // into it rather than replacing it, as a spread into one tree would.
  addCatalog(features, "es");
}
