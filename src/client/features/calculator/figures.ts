import type { CalculatorResults } from "@common/calculator";
import { clsx } from "clsx";
import type { FigureKind, FigureSize } from "./format";

/**
 * Which results the calculator shows and how their figures are styled, free of React: read by the
 * island's components (./figure.tsx) and by the page script's painter of shared links
 * (src/site/islands/calculator/paint.ts, ADR 0068), so both print a figure alike.
 */

/** A result the page shows; its label is `calculator.<name>`. */
export type FigureName = Exclude<keyof CalculatorResults, "monthsSinceLaunch">;

/** How one result is shown (docs/product.md#3-records). */
export interface FigureSpec {
  /** Name of the figure (docs/product.md#3-records); also its test id (`figure-<name>`). */
  name: FigureName;
  kind: FigureKind;
  /** The tile stands out (the section's main figure). */
  highlight?: boolean;
  /** A small "per month" line under the figure. */
  perMonth?: boolean;
}

/** The four main results (docs/product.md#3-records). */
export const MAIN_FIGURES: readonly FigureSpec[] = [
  { name: "monthlyAppVisits", kind: "count" },
  { name: "monthlyAverageAppCartSize", kind: "money" },
  { name: "monthlyIncreaseInRevenue", kind: "money", highlight: true },
  { name: "monthlyCommission", kind: "money" },
];

/** The Lost Revenue section's result (docs/product.md#3-records). */
export const LOST_REVENUE_FIGURES: readonly FigureSpec[] = [
  { name: "lostRevenue", kind: "money", highlight: true },
];

const SIZE_CLASSES: Record<FigureSize, string> = {
  base: "text-3xl",
  small: "text-2xl",
  smallest: "text-lg [overflow-wrap:anywhere]",
};

/**
 * The classes of a figure's value (`<dd>`): tabular figures, one size smaller past 14 characters
 * and smallest past 16 (docs/product.md#9-constants; `size` from `figureSize`).
 * @param highlight the tile stands out
 */
export function figureValueClass(size: FigureSize, highlight: boolean): string {
  return clsx(
    "font-semibold leading-tight tracking-tight tabular-nums",
    highlight && "text-secondary-foreground",
    SIZE_CLASSES[size],
  );
}
