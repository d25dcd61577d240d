import type { enAccount } from "./en-account";
import type { enCalculator } from "./en-calculator";
import type { enErrors } from "./en-errors";
import type { enImuDemo } from "./en-imu-demo";
import { enLanding } from "./en-landing";
import type { enLandingDialogs } from "./en-landing-dialogs";
import type { enLeads } from "./en-leads";
import type { enLoginPortals } from "./en-login-portals";
import type { enPortal } from "./en-portal";
import type { enPortalCommon } from "./en-portal-common";
import type { enPrivacy } from "./en-privacy";
import type { enRetailerDemo } from "./en-retailer-demo";

/**
 * English catalog: the keys every page needs (brand, common, the public site's header, footer and
 * landing page, the not-found page); the portal's roles and its few common words are in
 * `en-portal-common.ts`. Each feature's catalog (`en-*.ts`) is registered by
 * the route module that shows it (`addCatalog`, lib/i18n.ts), so `/` does not download the portal,
 * calculator or demo texts (first-load budget, ADR 0008); the key paths are the same (`calculator.x`, …).
 * Every user-facing string goes through i18next with these keys (docs/architecture.md#client);
 * the texts quoted in (docs/product.md#2-pages, #4-states, #5-validation, #8-messages appear here word for word.
 */
export const en = {
  brand: {
    name: "AisleIQ",
    title: "AisleIQ — A refreshingly simple AI Retail APP Platform",
    description: "A refreshingly simple AI Retail APP & Staffing Platform.",
  },
  common: {
    loading: "Loading...",
    home: "Home",
    cancel: "Cancel",
    close: "Close",
    error: "Error",
    skipToContent: "Skip to content",
    /** Under an empty required field after a submit (the form's toast says the rest). */
    fieldRequired: "This field is required.",
    /** Shown beside an interactive part whose code could not load (src/site/directives/interaction.ts). */
    islandLoad: {
      offline: "You seem to be offline. This part of the page will load as soon as the connection is back.",
      unreachable: "This part of the page could not load. Please try again in a moment.",
    },
  },
  notFound: {
    title: "404 Page Not Found",
    text: "Did you forget to add the page to the router?",
    home: "Go to Homepage",
  },
  landing: enLanding,
} as const;

/** The whole English catalog: the base above plus every feature catalog. */
export type Catalog = Omit<typeof en, "landing" | "common"> &
  Omit<typeof enPortalCommon, "common"> & {
    common: typeof en.common & typeof enPortalCommon.common;
  } & FeatureCatalogs & {
    landing: typeof enLanding & typeof enLandingDialogs;
  };

/** Feature catalogs, registered at run time by the routes that use them. */
export interface FeatureCatalogs extends Mutable<typeof enAccount> {
  calculator: typeof enCalculator;
  retailerDemo: typeof enRetailerDemo;
  imuDemo: typeof enImuDemo;
  portal: typeof enPortal;
  leads: typeof enLeads;
  loginPortals: typeof enLoginPortals;
  errors: typeof enErrors;
  privacy: typeof enPrivacy;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
