import { Button } from "~/components/ui/button";
import type { TFunction } from "~/lib/i18n";
import { useTranslation } from "~/lib/react-i18n";

/** Texts of a {@link Pager}, translated from the section's catalog namespace ({@link pagerTexts}). */
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
function pagerTexts(t: TFunction, namespace: string): PagerTexts {
  return {
    label: t(`${namespace}.pagination`),
    range: (values) => t(`${namespace}.range`, values),
    previous: t(`${namespace}.previous`),
    next: t(`${namespace}.next`),
  };
}

/** What the pager reads of its list's React Query: `data.total` (rows matching in all) and `isFetching`. */
export interface PagerQuery {
  data?: { total: number } | null;
  isFetching: boolean;
}

/**
 * Previous/Next paging controls under an admin list (Users, User audit, Leads) that reads one page
 * at a time through a React Query: a `<nav>` with the shown range and two buttons, rendered only
 * when the query's `total` exceeds one page. Buttons are disabled at either end and while the
 * query fetches; they ask for the page before or after the shown one.
 * @param query the list's React Query result: `data.total` (rows matching in all) and `isFetching`
 * @param page the shown page, 1-based
 * @param shown how many rows the shown page has
 * @param pageSize rows per page
 * @param onPage called with the page to show next
 * @param texts the section's catalog namespace (e.g. "portal.users"), as {@link pagerTexts}
 * @param size button size: `sm-touch` (44 px on phones) unless a section asks for `sm`
 */
export function Pager({
  query,
  page,
  shown,
  pageSize,
  onPage,
  texts: namespace,
  size = "sm-touch",
}: {
  query: PagerQuery;
  page: number;
  shown: number;
  pageSize: number;
  onPage: (page: number) => void;
  texts: string;
  size?: "sm" | "sm-touch";
}) {
  const { t } = useTranslation();
  const total = query.data?.total ?? 0;
  if (total <= pageSize) return null;
  const texts = pagerTexts(t, namespace);
  const offset = (page - 1) * pageSize;
  const busy = query.isFetching;
  return (
    <nav aria-label={texts.label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        {texts.range({ from: offset + 1, to: Math.min(offset + shown, total), total })}
      </p>
      <div className="flex gap-2">
        <Button
          size={size}
          variant="outline"
          disabled={offset === 0 || busy}
          onClick={() => onPage(page - 1)}
        >
          {texts.previous}
        </Button>
        <Button
          size={size}
          variant="outline"
          disabled={offset + pageSize >= total || busy}
          onClick={() => onPage(page + 1)}
        >
          {texts.next}
        </Button>
      </div>
    </nav>
  );
}
