/**
 * The calculator's field names and where the page keeps its state between visits, read by the
 * calculator island and by the page's first-load script (src/site/islands/calculator/wake.ts),
 * which must not pull in the calculator's math with content.ts (every public page loads that
 * script).
 */

/** Every text input of the page, under the names of docs/product.md#3-records. */
export const TEXT_FIELDS = [
  "cartSize",
  "monthlyReceipts",
  "months",
  "currentPerStore",
  "hourlyRate",
  "stores",
  "partnerCommissionPercentage",
  "storesInBrand",
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The gated Channel Partner percentage, which a shared link deliberately leaves out (ADR 0007). */
type GatedField = "partnerCommissionPercentage";

/** Fields kept in the URL query string so a shared link reopens with the same figures (ADR 0007). */
export const URL_TEXT_FIELDS: readonly Exclude<TextField, GatedField>[] = TEXT_FIELDS.filter(
  (field): field is Exclude<TextField, GatedField> => field !== "partnerCommissionPercentage",
);
/** Query parameter of the months-since-launch slider. */
export const URL_MONTHS_PARAM = "monthsSinceLaunch";

/**
 * sessionStorage key saying this browser session gave the Channel Partner password, so the page
 * asks the server for the section's content again (docs/product.md#4-states). Only a hint: the
 * server's pass cookie decides (ADR 0035).
 */
export const CHANNEL_PARTNER_UNLOCKED_KEY = "aisleiq.channelPartnerUnlocked";

/**
 * Set on the document element (`<html>`) once the page's script has written a shared link's
 * figures into the calculator's static HTML (src/site/islands/calculator/paint.ts, ADR 0068): the
 * island then renders the link's form from its first render, so hydration finds what it renders.
 */
export const CALCULATOR_PAINTED_ATTRIBUTE = "data-calculator-painted";
