import { MONTHS_MAX, MONTHS_MIN } from "@common/calculator";
import { CHART_MONTHS } from "~/features/calculator/chart-model";
import { chartMonthText, monthsValueText } from "~/features/calculator/texts";
import type { TFunction } from "~/lib/i18n";

/**
 * The texts the painter of shared links (./paint.ts, ADR 0068) writes, rendered at build time by
 * the page's translator into the page (`data-paint-texts` on the calculator's wake marker), so
 * the page's script carries no catalog and no plural rules: the slider's value for each month
 * (1 to 7), and each month's sentence of the chart's description, selected or not, with
 * {@link VALUE_SLOT} where the month's figure goes.
 */
export interface PaintTexts {
  /** "1 month" … "7 months", by month − 1. */
  months: string[];
  /** "Month 3: {value}.", by month − 1. */
  chart: string[];
  /** "Month 3 (selected): {value}.", by month − 1. */
  chartSelected: string[];
}

/** Where a month's formatted figure goes in a chart sentence. */
export const VALUE_SLOT = "{value}";

/** The attribute of the wake marker that holds the texts (JSON). */
export const PAINT_TEXTS_ATTRIBUTE = "data-paint-texts";

/**
 * The page's texts for the painter, in the translator's current language (called at build time).
 * @param t the translator of the page being built
 */
export function paintTexts(t: TFunction): PaintTexts {
  const months = Array.from({ length: MONTHS_MAX - MONTHS_MIN + 1 }, (_, i) => MONTHS_MIN + i);
  return {
    months: months.map((month) => monthsValueText(t, month)),
    chart: CHART_MONTHS.map((month) => chartMonthText(t, month, false, VALUE_SLOT)),
    chartSelected: CHART_MONTHS.map((month) => chartMonthText(t, month, true, VALUE_SLOT)),
  };
}

/**
 * Reads the texts back from the page.
 * @param json the attribute's value
 * @returns the texts, or null when absent or not of the expected shape (the page then hydrates
 *   the island instead of painting)
 */
export function readPaintTexts(json: string | null): PaintTexts | null {
  if (json === null) return null;
  try {
    const texts = JSON.parse(json) as Partial<PaintTexts> | null;
    const list = (value: unknown, length: number): value is string[] =>
      Array.isArray(value) && value.length === length && value.every((text) => typeof text === "string");
    const monthCount = MONTHS_MAX - MONTHS_MIN + 1;
    return texts !== null &&
      list(texts.months, monthCount) &&
      list(texts.chart, CHART_MONTHS.length) &&
      list(texts.chartSelected, CHART_MONTHS.length)
      ? (texts as PaintTexts)
      : null;
  } catch {
    return null;
  }
}

/** A chart sentence with its month's figure in place of {@link VALUE_SLOT}. */
export function withValue(template: string, value: string): string {
  return template.split(VALUE_SLOT).join(value);
}
