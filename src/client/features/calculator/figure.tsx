import { clsx } from "clsx";
import { useTranslation } from "~/lib/react-i18n";
import { type FigureKind, type FigureSize, figureSize, formatFigure } from "./format";

const SIZE_CLASSES: Record<FigureSize, string> = {
  base: "text-3xl",
  small: "text-2xl",
  smallest: "text-lg [overflow-wrap:anywhere]",
};

/**
 * One result: a label and its figure, formatted in the i18n language with thousands separators
 * and no decimals, in tabular figures, one size smaller past 14 characters and smallest past 16
 * (docs/product.md#9-constants), so it never overflows its tile. Render inside a `<dl>`.
 */
export function Figure({
  label,
  value,
  kind,
  name,
  note,
  highlight = false,
}: {
  label: string;
  value: number;
  kind: FigureKind;
  /** Name of the figure (docs/product.md#3-records); also its test id (`figure-<name>`). */
  name: string;
  /** A small line under the figure, e.g. "per month". */
  note?: string;
  highlight?: boolean;
}) {
  const { i18n } = useTranslation();
  const text = formatFigure(value, kind, i18n.language);
  const size = figureSize(text);
  return (
    <div
      className={clsx(
        "calc-figure flex min-w-0 flex-col gap-1 rounded-xl border p-4",
        highlight ? "border-primary/30 bg-secondary" : "bg-muted/40",
      )}
    >
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd
        data-testid={`figure-${name}`}
        data-size={size}
        className={clsx(
          "font-semibold leading-tight tracking-tight tabular-nums",
          highlight && "text-secondary-foreground",
          SIZE_CLASSES[size],
        )}
      >
        {text}
      </dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}
