import { en } from "../../src/client/locales/en";
import { enAccount } from "../../src/client/locales/en-account";
import { enCalculator } from "../../src/client/locales/en-calculator";
import { enErrors } from "../../src/client/locales/en-errors";
import { enImuDemo } from "../../src/client/locales/en-imu-demo";
import { enLanding } from "../../src/client/locales/en-landing";
import { enLandingDialogs } from "../../src/client/locales/en-landing-dialogs";
import { enLeads } from "../../src/client/locales/en-leads";
import { enLoginPortals } from "../../src/client/locales/en-login-portals";
import { enPortal } from "../../src/client/locales/en-portal";
import { enPortalCommon } from "../../src/client/locales/en-portal-common";
import { enPrivacy } from "../../src/client/locales/en-privacy";
import { enRetailerDemo } from "../../src/client/locales/en-retailer-demo";
import { es } from "../../src/client/locales/es";
import { esAccount } from "../../src/client/locales/es-account";
import { esCalculator } from "../../src/client/locales/es-calculator";
import { esErrors } from "../../src/client/locales/es-errors";
import { esImuDemo } from "../../src/client/locales/es-imu-demo";
import { esLanding } from "../../src/client/locales/es-landing";
import { esLandingDialogs } from "../../src/client/locales/es-landing-dialogs";
import { esLeads } from "../../src/client/locales/es-leads";
import { esLoginPortals } from "../../src/client/locales/es-login-portals";
import { esPortal } from "../../src/client/locales/es-portal";
import { esPortalCommon } from "../../src/client/locales/es-portal-common";
import { esPrivacy } from "../../src/client/locales/es-privacy";
import { esRetailerDemo } from "../../src/client/locales/es-retailer-demo";

/** A catalog tree: strings, nested. */
export type Tree = { readonly [key: string]: string | Tree };

/**
 * Every English catalog file (`src/client/locales/en*.ts`) with its Spanish twin, or `null`
 * while the twin is not written yet (ADR 0022).
 */
export const CATALOG_PAIRS: Record<string, { en: Tree; es: Tree | null }> = {
  en: { en, es },
  "en-landing": { en: enLanding, es: esLanding },
  "en-landing-dialogs": { en: enLandingDialogs, es: esLandingDialogs },
  "en-calculator": { en: enCalculator, es: esCalculator },
  "en-imu-demo": { en: enImuDemo, es: esImuDemo },
  "en-login-portals": { en: enLoginPortals, es: esLoginPortals },
  "en-retailer-demo": { en: enRetailerDemo, es: esRetailerDemo },
  "en-account": { en: enAccount, es: esAccount },
  "en-leads": { en: enLeads, es: esLeads },
  "en-portal": { en: enPortal, es: esPortal },
  "en-portal-common": { en: enPortalCommon, es: esPortalCommon },
  "en-errors": { en: enErrors, es: esErrors },
  "en-privacy": { en: enPrivacy, es: esPrivacy },
};

/** Every leaf of a catalog tree as `[dotted.key, value]`. */
export function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}
