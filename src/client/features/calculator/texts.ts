import type { TFunction } from "~/lib/i18n";

/**
 * The calculator's texts that depend on its state, free of React: the island renders them with the
 * page's translator, and the page builds from them, at build time, the texts its painter of shared
 * links fills in (src/site/islands/calculator/paint-texts.ts, ADR 0068).
 */

/** The slider's value as shown beside it and read out: "3 months" (`calculator.monthsValue`, plural by count). */
export function monthsValueText(t: TFunction, months: number): string {
  return t("calculator.monthsValue", { count: months });
}

/**
 * One month's sentence of the chart's description for screen readers: "Month 3 (selected): $100,913."
 * @param value the month's formatted revenue increase
 */
export function chartMonthText(t: TFunction, month: number, selected: boolean, value: string): string {
  return t(selected ? "calculator.chartSelected" : "calculator.chartDescription", { month, value });
}
