import { intlLocale } from "@common/languages";

/**
 * Number display of the calculator (docs/product.md#9-constants "figures": thousands separators, no
 * decimals, smaller type past 14 to 16 characters), in tabular figures.
 */

/** A figure is money ($) or a plain count. */
export type FigureKind = "money" | "count";

/** Texts longer than this many characters are shown one step smaller (docs/product.md#9-constants). */
export const SHRINK_AFTER_CHARS = 14;
/** Texts longer than this many characters are shown smallest, and may wrap (docs/product.md#9-constants). */
export const SHRINK_MORE_AFTER_CHARS = 16;

const formatters = new Map<string, Intl.NumberFormat>();

/** Beyond this magnitude the English fast path hands over to Intl (digits stay exact below it). */
const FAST_PATH_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Formats a figure with thousands separators and no decimals, in the given locale.
 * English takes a fast path that prints exactly what
 * `Intl.NumberFormat("en")` prints (a property test checks this): the first `Intl.NumberFormat`
 * in a page starts ICU's number formatting, about 30 ms on our test VM, which Lighthouse's 4×
 * CPU throttling turns into a 120 ms long task on /calculator's first load.
 * @param value any finite number (the calculator's results always are)
 * @param kind "money" prints US dollars ("$53,820", Spanish the same), "count" a bare number
 *   ("5,200", Spanish the same)
 * @param language "en" or "es" (formatted in its locale of ADR 0040, es-US for Spanish), or
 *   another BCP 47 tag; normally i18next's current language
 */
export function formatFigure(value: number, kind: FigureKind, language: string): string {
  const locale = intlLocale(language);
  if ((locale === "en" || locale === "en-US") && Math.abs(value) < FAST_PATH_LIMIT) {
    return formatEnglish(value, kind);
  }
  const key = `${locale}:${kind}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
      // Group 4-digit numbers too ("5,200", docs/product.md#9-constants: thousands separators),
      // and print the dollar as "$", not "US$".
      useGrouping: "always",
      ...(kind === "money" ? { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol" } : {}),
    });
    formatters.set(key, formatter);
  }
  // Rounding to 0 decimals can yield "-0" (e.g. -0.4); print that as 0.
  return formatter.format(Math.round(value) === 0 ? 0 : value);
}

/**
 * Intl's "en" output for a figure rounded half away from zero: "-" then "$" for money, digits
 * grouped in threes with commas; a value that rounds to 0 prints unsigned.
 */
function formatEnglish(value: number, kind: FigureKind): string {
  // The same "-0" rule as the Intl path: a value that Math.round takes to 0 prints as 0.
  const magnitude = Math.round(value) === 0 ? 0 : Math.round(Math.abs(value));
  const sign = value < 0 && magnitude !== 0 ? "-" : "";
  const grouped = String(magnitude).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${kind === "money" ? "$" : ""}${grouped}`;
}

/** Size step of a displayed figure: "base" up to 14 characters, "small" to 16, "smallest" past 16. */
export type FigureSize = "base" | "small" | "smallest";

/**
 * How large to print a formatted figure so that it fits its tile at 390 px (docs/product.md#9-constants).
 * @param text the formatted figure
 */
export function figureSize(text: string): FigureSize {
  if (text.length > SHRINK_MORE_AFTER_CHARS) return "smallest";
  if (text.length > SHRINK_AFTER_CHARS) return "small";
  return "base";
}
