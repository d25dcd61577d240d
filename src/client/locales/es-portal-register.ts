import { esAccount } from "./es-account";
import { esLeads } from "./es-leads";
import { esPortal } from "./es-portal";
import { esPortalCommon } from "./es-portal-common";
import { addSpanish } from "./es-register";
import { esRetailerDemo } from "./es-retailer-demo";

/**
 * Registers the Spanish texts of the signed-in portal and the other single-language pages
 * (account screens, portal, leads, demo registrations; the IMU page
 * is a page of the site in both languages, ADR 0080). Loaded on demand by
 * lib/portal-language.ts when the `lang` cookie asks for Spanish (ADR 0022).
 */
export function addSpanishPortal(): void {
  addSpanish({
    ...esAccount,
    ...esPortalCommon,
    portal: esPortal,
    leads: esLeads,
    retailerDemo: esRetailerDemo,
  });
}
