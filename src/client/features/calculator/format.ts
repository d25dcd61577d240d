/**
 * Number display of the calculator (spec §9: "Numbers show thousands separators, no decimals,
 * and shrink past 14-16 characters"; visual.md: tabular figures).
 */

/** A figure is money ($) or a plain count. */
export type FigureKind = "money" | "count";

/** Texts longer than this many characters are shown one step smaller (spec §9). */
export const SHRINK_AFTER_CHARS = 14;
/** Texts longer than this many characters are shown smallest, and may wrap (spec §9). */
export const SHRINK_MORE_AFTER_CHARS = 16;

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a figure with thousands separators and no decimals, in the given locale.
 * @param value any finite number (the calculator's results always are)
 * @param kind "money" prints US dollars ("$53,820"), "count" a bare number ("5,200")
 * @param language a BCP 47 tag, normally i18next's current language
 */
export function formatFigure(value: number, kind: FigureKind, language: string): string {
  const key = `${language}:${kind}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, {
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
      ...(kind === "money" ? { style: "currency", currency: "USD" } : {}),
    });
    formatters.set(key, formatter);
  }
  // Rounding to 0 decimals can yield "-0" (e.g. -0.4); print that as 0.
  return formatter.format(Math.round(value) === 0 ? 0 : value);
}

/** Size step of a displayed figure: "base" up to 14 characters, "small" to 16, "smallest" past 16. */
export type FigureSize = "base" | "small" | "smallest";

/**
 * How large to print a formatted figure so that it fits its tile at 390 px (spec §9).
 * @param text the formatted figure
 */
export function figureSize(text: string): FigureSize {
  if (text.length > SHRINK_MORE_AFTER_CHARS) return "smallest";
  if (text.length > SHRINK_AFTER_CHARS) return "small";
  return "base";
}
