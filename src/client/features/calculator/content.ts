import { MONTHS_DEFAULT } from "@common/calculator";
import type { TextField } from "./page-state-keys";

/**
 * Static content of the calculator page (ADR 0007): the default inputs and the fields' input
 * attributes. Labels live in the i18n catalog (locales/en-calculator.ts).
 *
 * Defaults describe a mid-size US grocery store, so the page opens with believable figures:
 * - cartSize $45: a typical grocery basket (US supermarket averages run about $40 to $60);
 * - monthlyReceipts 40,000: about 1,300 transactions a day, 30 days a month;
 * - monthsSinceLaunch 1: the slider's default (docs/product.md#9-constants);
 * - Lost Revenue over 12 months, 8 customer-experience employees per store at $16 an hour,
 *   across a 10-store chain;
 * - Channel Partner: a 10% partner share over a 25-store brand.
 */

/** What the user typed in each text field (parsed with `parseNumericInput`), plus the slider. */
export interface CalculatorForm {
  text: Record<TextField, string>;
  monthsSinceLaunch: number;
}

/** The page's inputs before anyone types: a mid-size grocery store (see the module comment). */
export const DEFAULT_FORM: CalculatorForm = {
  text: {
    cartSize: "45",
    monthlyReceipts: "40000",
    months: "12",
    currentPerStore: "8",
    hourlyRate: "16",
    stores: "10",
    partnerCommissionPercentage: "10",
    storesInBrand: "25",
  },
  monthsSinceLaunch: MONTHS_DEFAULT,
};

// The URL and session keys live in ./page-state-keys.ts, which the page's first-load script reads
// without the calculator's math.
export {
  CHANNEL_PARTNER_UNLOCKED_KEY,
  TEXT_FIELDS,
  type TextField,
  URL_MONTHS_PARAM,
  URL_TEXT_FIELDS,
} from "./page-state-keys";

/** `<input type="number">` attributes per field: all minimum 0; steps per docs/product.md#5-validation where given. */
export const FIELD_ATTRIBUTES: Record<TextField, { min: number; step: number | "any" }> = {
  cartSize: { min: 0, step: "any" },
  monthlyReceipts: { min: 0, step: 1 },
  months: { min: 0, step: 1 },
  currentPerStore: { min: 0, step: 1 },
  hourlyRate: { min: 0, step: "any" },
  stores: { min: 0, step: 1 },
  partnerCommissionPercentage: { min: 0, step: 0.1 },
  storesInBrand: { min: 0, step: 1 },
};
