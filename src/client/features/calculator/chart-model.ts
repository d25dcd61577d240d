import { calculate, MONTHS_MAX, MONTHS_MIN } from "@common/calculator";

/**
 * The geometry of the calculator's bar chart (ADR 0007), free of React: drawn by the island's
 * ./revenue-chart.tsx and written into the static chart by the page script's painter of shared
 * links (src/site/islands/calculator/paint.ts, ADR 0068), so both place every bar alike.
 */

/** Height of the chart's SVG, px. */
export const CHART_HEIGHT = 180;
/** Room under the bars for the month labels, px. */
export const LABEL_SPACE = 24;
const VALUE_SPACE = 24;
/** The months the chart shows, 1 to 7. */
export const CHART_MONTHS = Array.from({ length: MONTHS_MAX - MONTHS_MIN + 1 }, (_, i) => MONTHS_MIN + i);
/** Width of one month's slot, % of the chart. */
const SLOT = 100 / CHART_MONTHS.length;

/** One month's bar and label. */
export interface ChartBar {
  month: number;
  /** The month's monthly revenue increase (`calculate`). */
  value: number;
  selected: boolean;
  /** The bar's left edge, its width and the label's centre, as SVG lengths in %. */
  x: string;
  width: string;
  centre: string;
  /** The bar's top and height, px (0 high when no month has a positive value). */
  y: number;
  height: number;
  /** Fill of the bar; fill and weight of the month label (the selected month stands out). */
  fill: string;
  labelFill: string;
  labelWeight: number;
}

/** The selected month's value printed over its bar; it grows inward near the edges. */
export interface ChartValueLabel {
  value: number;
  x: string;
  y: number;
  anchor: "start" | "middle" | "end";
}

/**
 * The bars of the monthly revenue increase for months 1 to 7 since launch with the other inputs
 * as given, and the selected month's value label.
 * @param cartSize the parsed average receipt
 * @param monthlyReceipts the parsed monthly receipts
 * @param selectedMonth the slider's month (1 to 7); no label when outside them
 */
export function revenueChartModel(
  cartSize: number,
  monthlyReceipts: number,
  selectedMonth: number,
): { bars: ChartBar[]; label: ChartValueLabel | null } {
  const values = CHART_MONTHS.map(
    (month) =>
      calculate({
        cartSize,
        monthlyReceipts,
        monthsSinceLaunch: month,
        months: 0,
        currentPerStore: 0,
        hourlyRate: 0,
        stores: 0,
        partnerCommissionPercentage: 0,
        storesInBrand: 0,
      }).monthlyIncreaseInRevenue,
  );
  const max = Math.max(...values.map((value) => Math.max(0, value)));
  const plotHeight = CHART_HEIGHT - LABEL_SPACE - VALUE_SPACE;
  const heightOf = (value: number) => (max > 0 ? Math.max(0, (value / max) * plotHeight) : 0);
  const bars = CHART_MONTHS.map((month, i): ChartBar => {
    const value = values[i] ?? 0;
    const height = heightOf(value);
    const selected = month === selectedMonth;
    return {
      month,
      value,
      selected,
      x: `${SLOT * i + SLOT * 0.18}%`,
      width: `${SLOT * 0.64}%`,
      centre: `${SLOT * i + SLOT / 2}%`,
      y: CHART_HEIGHT - LABEL_SPACE - height,
      height,
      fill: selected ? "var(--primary)" : "#c7d2fe",
      labelFill: selected ? "var(--foreground)" : "var(--muted-foreground)",
      labelWeight: selected ? 600 : 400,
    };
  });
  const selectedIndex = CHART_MONTHS.indexOf(selectedMonth);
  if (selectedIndex < 0) return { bars, label: null };
  const value = values[selectedIndex] ?? 0;
  const anchor = selectedIndex < 2 ? "start" : selectedIndex > CHART_MONTHS.length - 3 ? "end" : "middle";
  const offset = anchor === "start" ? 0.18 : anchor === "end" ? 0.82 : 0.5;
  return {
    bars,
    label: {
      value,
      x: `${SLOT * selectedIndex + SLOT * offset}%`,
      y: CHART_HEIGHT - LABEL_SPACE - heightOf(value) - 8,
      anchor,
    },
  };
}
