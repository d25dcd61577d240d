import { Button } from "~/components/ui/button";
import type { TFunction } from "~/lib/i18n";

/** Texts of a {@link Pager}, already translated by the section that shows it. */
export interface PagerTexts {
  /** Accessible name of the `<nav>`, e.g. "Users pages". */
  label: string;
  /** The "1–20 of 45" line for the shown rows (1-based `from`/`to`). */
  range: (values: { from: number; to: number; total: number }) => string;
  previous: string;
  next: string;
}

/**
 * The {@link PagerTexts} of a section whose catalog namespace (e.g. "portal.users") has
 * `pagination`, `range` (with `from`, `to`, `total`), `previous` and `next`.
 */
export function pagerTexts(t: TFunction, namespace: string): PagerTexts {
  return {
    label: t(`${namespace}.pagination`),
    range: (values) => t(`${namespace}.range`, values),
    previous: t(`${namespace}.previous`),
    next: t(`${namespace}.next`),
  };
}

/**
 * Previous/Next paging controls under an admin list (Users, User audit, Leads): a `<nav>` with
 * the shown range and two buttons, rendered only when `total` exceeds one page. Buttons are
 * disabled at either end and while a page loads (`busy`).
 * @param offset index (0-based) of the first shown row
 * @param shown how many rows the current page shows
 * @param total how many rows match in all
 * @param pageSize rows per page
 * @param size button size: `sm-touch` (44 px on phones) unless a section asks for `sm`
 */
export function Pager({
  offset,
  shown,
  total,
  pageSize,
  busy,
  onPrevious,
  onNext,
  texts,
  size = "sm-touch",
}: {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  texts: PagerTexts;
  size?: "sm" | "sm-touch";
}) {
  if (total <= pageSize) return null;
  return (
    <nav aria-label={texts.label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        {texts.range({ from: offset + 1, to: Math.min(offset + shown, total), total })}
      </p>
      <div className="flex gap-2">
        <Button size={size} variant="outline" disabled={offset === 0 || busy} onClick={onPrevious}>
          {texts.previous}
        </Button>
        <Button size={size} variant="outline" disabled={offset + pageSize >= total || busy} onClick={onNext}>
          {texts.next}
        </Button>
      </div>
    </nav>
  );
}
