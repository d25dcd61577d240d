import { type ReactNode, useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useTranslation } from "~/lib/react-i18n";
import { CHART_HEIGHT, LABEL_SPACE, revenueChartModel } from "./chart-model";
import { formatFigure } from "./format";
import { chartMonthText } from "./texts";

/**
 * A plain-SVG bar chart of the monthly revenue increase for months 1 to 7 since launch, with the
 * selected month highlighted and its value printed (ADR 0007); its geometry is
 * `revenueChartModel` (./chart-model.ts). Horizontal positions are
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
  const { bars, label } = revenueChartModel(cartSize, monthlyReceipts, selectedMonth);
  const description = bars
    .map((bar) => chartMonthText(t, bar.month, bar.selected, formatFigure(bar.value, "money", i18n.language)))
    .join(" ");

  // The selected month's value, drawn after every bar so that the next bar never covers it, with
  // a halo in the page colour where it crosses one.
  let selectedLabel: ReactNode = null;
  if (label) {
    selectedLabel = (
      <text
        x={label.x}
        y={label.y}
        textAnchor={label.anchor}
        fontSize={12}
        fontWeight={600}
        fill="var(--foreground)"
        stroke="var(--background)"
        strokeWidth={4}
        strokeLinejoin="round"
        paintOrder="stroke"
        className="tabular-nums"
      >
        {formatFigure(label.value, "money", i18n.language)}
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
          data-revenue-chart=""
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
          {bars.map((bar) => (
            <g key={bar.month} data-selected={bar.selected || undefined}>
              <rect x={bar.x} width={bar.width} y={bar.y} height={bar.height} rx={4} fill={bar.fill} />
              <text
                x={bar.centre}
                y={CHART_HEIGHT - 6}
                textAnchor="middle"
                fontSize={12}
                fill={bar.labelFill}
                fontWeight={bar.labelWeight}
              >
                {t("calculator.chartMonth", { month: bar.month })}
              </text>
            </g>
          ))}
          {selectedLabel}
        </svg>
      </CardContent>
    </Card>
  );
}
