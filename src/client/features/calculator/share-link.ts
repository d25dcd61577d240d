import { type CalculateInputs, clampMonths, parseNumericInput } from "@common/calculator";
import { type CalculatorForm, DEFAULT_FORM, URL_MONTHS_PARAM, URL_TEXT_FIELDS } from "./content";

/**
 * The calculator's state in a link (ADR 0007), free of React: read by the island's form hook
 * (./use-calculator-form.ts) and by the page script's painter of shared links
 * (src/site/islands/calculator/paint.ts, ADR 0068), so both read a link by the same rules.
 */

/** Longest text read from the query string into a field; longer values are cut. */
const MAX_PARAM_LENGTH = 32;

/**
 * Reads a form from a query string: each field name (docs/product.md#3-records) present replaces its default (ADR 0007).
 * @param search e.g. "?cartSize=52&monthsSinceLaunch=3"; unknown parameters are ignored
 * @returns the form; months since launch are put on the slider (1 to 7)
 */
export function formFromSearch(search: string, defaults: CalculatorForm = DEFAULT_FORM): CalculatorForm {
  const params = new URLSearchParams(search);
  const text = { ...defaults.text };
  for (const field of URL_TEXT_FIELDS) {
    const value = params.get(field);
    if (value !== null) text[field] = value.slice(0, MAX_PARAM_LENGTH);
  }
  const months = params.get(URL_MONTHS_PARAM);
  return {
    text,
    monthsSinceLaunch: months === null ? defaults.monthsSinceLaunch : clampMonths(parseNumericInput(months)),
  };
}

/**
 * Writes a form's shareable fields into a URL's query string, keeping any other parameters.
 * The gated partner percentage is never written (ADR 0007).
 * @returns the new URL as a path + query + hash string
 */
export function urlWithForm(href: string, form: CalculatorForm): string {
  const url = new URL(href);
  for (const field of URL_TEXT_FIELDS) url.searchParams.set(field, form.text[field]);
  url.searchParams.set(URL_MONTHS_PARAM, String(form.monthsSinceLaunch));
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The inputs of `calculate` (src/common/calculator.ts) for a form: each text parsed with
 * `parseNumericInput` (docs/product.md#5-validation: non-numeric → 0), the slider as it is.
 */
export function calculatorInputs(form: CalculatorForm): CalculateInputs {
  return {
    cartSize: parseNumericInput(form.text.cartSize),
    monthlyReceipts: parseNumericInput(form.text.monthlyReceipts),
    monthsSinceLaunch: form.monthsSinceLaunch,
    months: parseNumericInput(form.text.months),
    currentPerStore: parseNumericInput(form.text.currentPerStore),
    hourlyRate: parseNumericInput(form.text.hourlyRate),
    stores: parseNumericInput(form.text.stores),
    partnerCommissionPercentage: parseNumericInput(form.text.partnerCommissionPercentage),
    storesInBrand: parseNumericInput(form.text.storesInBrand),
  };
}
