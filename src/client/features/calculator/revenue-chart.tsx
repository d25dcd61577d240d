import { calculate, MONTHS_MAX, MONTHS_MIN } from "@common/calculator";
import { type ReactNode, useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useTranslation } from "~/lib/react-i18n";
import { formatFigure } from "./format";

const CHART_HEIGHT = 180;
const LABEL_SPACE = 24;
const VALUE_SPACE = 24;
const MONTHS = Array.from({ length: MONTHS_MAX - MONTHS_MIN + 1 }, (_, i) => MONTHS_MIN + i);

/**
 * A plain-SVG bar chart of the monthly revenue increase for months 1 to 7 since launch, with the
 * selected month highlighted and its value printed (ADR 0007). Horizontal positions are
 * percentages, so the chart fills any width while its text stays the same size. Screen readers
 * get the title and a description listing every month's value.
 * @param inputs the main calculator inputs, already parsed; the month is varied here
 */
export function RevenueChart({
  cartSize,
  monthlyReceipts,
  selectedMonth,
}: {
  cartSize: number;
  monthlyReceipts: number;
  selectedMonth: number;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const values = MONTHS.map(
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
  const slot = 100 / MONTHS.length;
  const description = MONTHS.map((month, i) =>
    t(month === selectedMonth ? "calculator.chartSelected" : "calculator.chartDescription", {
      month,
      value: formatFigure(values[i] ?? 0, "money", i18n.language),
    }),
  ).join(" ");

  // The selected month's value, drawn after every bar so that the next bar never covers it, with
  // a halo in the page colour where it crosses one. It grows inward near the edges, so a long
  // figure is never cut off.
  const selectedIndex = MONTHS.indexOf(selectedMonth);
  let selectedLabel: ReactNode = null;
  if (selectedIndex >= 0) {
    const value = values[selectedIndex] ?? 0;
    const height = max > 0 ? Math.max(0, (value / max) * plotHeight) : 0;
    const anchor = selectedIndex < 2 ? "start" : selectedIndex > MONTHS.length - 3 ? "end" : "middle";
    const offset = anchor === "start" ? 0.18 : anchor === "end" ? 0.82 : 0.5;
    selectedLabel = (
      <text
        x={`${slot * selectedIndex + slot * offset}%`}
        y={CHART_HEIGHT - LABEL_SPACE - height - 8}
        textAnchor={anchor}
        fontSize={12}
        fontWeight={600}
        fill="var(--foreground)"
        stroke="var(--background)"
        strokeWidth={4}
        strokeLinejoin="round"
        paintOrder="stroke"
        className="tabular-nums"
      >
        {formatFigure(value, "money", i18n.language)}
      </text>
    );
  }

  return (
    <Card className="calc-chart">
      <CardHeader>
        <CardTitle>{t("calculator.chartTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        <svg
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          width="100%"
          height={CHART_HEIGHT}
          className="overflow-visible"
        >
          <title id={titleId}>{t("calculator.chartTitle")}</title>
          <desc id={descId}>{description}</desc>
          <line
            x1="0"
            x2="100%"
            y1={CHART_HEIGHT - LABEL_SPACE}
            y2={CHART_HEIGHT - LABEL_SPACE}
            stroke="var(--border)"
          />
          {MONTHS.map((month, i) => {
            const value = values[i] ?? 0;
            const height = max > 0 ? Math.max(0, (value / max) * plotHeight) : 0;
            const selected = month === selectedMonth;
            const centre = `${slot * i + slot / 2}%`;
            return (
              <g key={month} data-selected={selected || undefined}>
                <rect
                  x={`${slot * i + slot * 0.18}%`}
                  width={`${slot * 0.64}%`}
                  y={CHART_HEIGHT - LABEL_SPACE - height}
                  height={height}
                  rx={4}
                  fill={selected ? "var(--primary)" : "#c7d2fe"}
                />
                <text
                  x={centre}
                  y={CHART_HEIGHT - 6}
                  textAnchor="middle"
                  fontSize={12}
                  fill={selected ? "var(--foreground)" : "var(--muted-foreground)"}
                  fontWeight={selected ? 600 : 400}
                >
                  {t("calculator.chartMonth", { month })}
                </text>
              </g>
            );
          })}
          {selectedLabel}
        </svg>
      </CardContent>
    </Card>
  );
}
