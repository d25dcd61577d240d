import type { CalculatorResults } from "@common/calculator";
import { clsx } from "clsx";
import { useTranslation } from "~/lib/react-i18n";
import { type FigureName, type FigureSpec, figureValueClass } from "./figures";
import { figureSize, formatFigure } from "./format";

export type { FigureSpec };

/**
 * A list of results (`<dl>`), one {@link Figure} each, read from `results` by name.
 * @param figures which results, in order, and how each is shown
 * @param results every figure, from `calculate` (src/common/calculator.ts)
 * @param className the list's classes (its grid)
 * @param labels labels by figure, in place of the catalog's `calculator.<name>` (the Channel
 *   Partner section's labels come from the server, ADR 0035)
 */
export function Figures({
  figures,
  results,
  className,
  labels,
}: {
  figures: readonly FigureSpec[];
  results: CalculatorResults;
  className: string;
  labels?: Partial<Record<FigureName, string>>;
}) {
  return (
    <dl className={className}>
      {figures.map((figure) => (
        <Figure key={figure.name} {...figure} label={labels?.[figure.name]} value={results[figure.name]} />
      ))}
    </dl>
  );
}

/**
 * One result: a label and its figure, formatted in the i18n language with thousands separators
 * and no decimals, in tabular figures, one size smaller past 14 characters and smallest past 16
 * (docs/product.md#9-constants), so it never overflows its tile. Render inside a `<dl>`.
 */
function Figure({
  name,
  kind,
  highlight = false,
  perMonth = false,
  label,
  value,
}: FigureSpec & { label?: string | undefined; value: number }) {
  const { t, i18n } = useTranslation();
  const text = formatFigure(value, kind, i18n.language);
  const size = figureSize(text);
  return (
    <div
      className={clsx(
        "calc-figure flex min-w-0 flex-col gap-1 rounded-xl border p-4",
        highlight ? "border-primary/30 bg-secondary" : "bg-muted/40",
      )}
    >
      <dt className="text-sm font-medium text-muted-foreground">{label ?? t(`calculator.${name}`)}</dt>
      <dd
        data-testid={`figure-${name}`}
        data-figure={name}
        data-size={size}
        className={figureValueClass(size, highlight)}
      >
        {text}
      </dd>
      {perMonth ? <dd className="text-xs text-muted-foreground">{t("calculator.perMonth")}</dd> : null}
    </div>
  );
}
