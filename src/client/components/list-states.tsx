import { clsx } from "clsx";
import { Download, type LucideIcon, RefreshCw } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Pager, type PagerQuery } from "~/components/pager";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/react-i18n";

/**
 * The error state of an admin list (Users, User audit, Leads): an alert with the failure text
 * and a Retry button.
 * @param message e.g. "Could not load users."
 * @param retry the button's text; `onRetry` refetches
 * @param size button size: `sm-touch` (44 px on phones) unless a section asks for `sm`
 */
export function ListLoadFailed({
  message,
  retry,
  onRetry,
  size = "sm-touch",
}: {
  message: string;
  retry: string;
  onRetry: () => void;
  size?: "sm" | "sm-touch";
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-destructive/40 p-4"
    >
      <p className="text-destructive">{message}</p>
      <Button size={size} variant="outline" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

/**
 * The loading/empty state of an admin list: a dashed box with an icon and one line of text.
 * @param icon decorative icon (hidden from assistive technology)
 * @param live announce changes of the text politely (sections whose text follows a search)
 */
export function ListEmpty({
  icon: Icon,
  live,
  children,
}: {
  icon: LucideIcon;
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-dashed border-border p-6 text-muted-foreground">
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <p aria-live={live ? "polite" : undefined}>{children}</p>
    </div>
  );
}

/** Where a paged list is (see {@link Pager}): the page shown, rows per page, how to ask for another. */
export interface ListPaging {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  size?: "sm" | "sm-touch";
}

/** The React Query result a list body reads. */
interface ListQuery {
  isError: boolean;
  isPending: boolean;
  isPlaceholderData?: boolean;
  isFetching?: boolean;
  data?: unknown;
  refetch: () => unknown;
}

type ListBodyProps = {
  texts: string;
  count: number;
  icon: LucideIcon;
  q?: string;
  live?: boolean;
  retry?: boolean;
  retrySize?: "sm" | "sm-touch";
  keepRows?: boolean;
  children: ReactNode;
} & ({ query: ListQuery; paging?: undefined } | { query: ListQuery & PagerQuery; paging: ListPaging });

/**
 * What a list shows under its header, by the state of its query: the failure, else the empty
 * state while the first page loads or when there are no rows, else the rows (`children`).
 * The texts come from the section's catalog namespace `texts` (e.g. "portal.users"), which has
 * `loadFailed` and `empty`, `retry` when the section has a Retry button and `noMatches` (given
 * `{ q }`) when it has a search.
 * @param query the section's React Query result: `isError`, `isPending`, `data`, `refetch`
 * @param count how many rows there are
 * @param icon, live as {@link ListEmpty}
 * @param q the current search; when not empty, `noMatches` replaces `empty`
 * @param retry show the failure with a Retry button ({@link ListLoadFailed}, of `retrySize`),
 *   else as a plain error line ({@link ListLoadError})
 * @param keepRows keep showing the rows already loaded when a refetch fails
 * @param paging for a searchable list read one page at a time: the {@link ListPaging} of its
 *   {@link Pager}, which follows the body (whatever state it shows) with the same query, count
 *   and texts; while another page or search loads, the rows shown stay, dimmed (the query's
 *   `isPlaceholderData`), in a region marked busy (`isFetching`)
 */
export function ListBody(props: ListBodyProps) {
  if (!props.paging) return <ListBodyContent {...props} />;
  return (
    <>
      <ListBodyContent {...props} />
      <Pager query={props.query} shown={props.count} texts={props.texts} {...props.paging} />
    </>
  );
}

/** What ListBody shows above its pager: the failure, the empty state or the rows. */
function ListBodyContent({
  texts,
  query,
  count,
  icon,
  q,
  live,
  retry,
  retrySize,
  keepRows,
  paging,
  children,
}: ListBodyProps) {
  const { t } = useTranslation();
  if (query.isError && !(keepRows && query.data)) {
    const message = t(`${texts}.loadFailed`);
    return retry ? (
      <ListLoadFailed
        message={message}
        retry={t(`${texts}.retry`)}
        onRetry={() => void query.refetch()}
        size={retrySize}
      />
    ) : (
      <ListLoadError>{message}</ListLoadError>
    );
  }
  if (count === 0) {
    return (
      <ListEmpty icon={icon} live={live}>
        {query.isPending ? t("common.loading") : q ? t(`${texts}.noMatches`, { q }) : t(`${texts}.empty`)}
      </ListEmpty>
    );
  }
  return paging ? (
    <ListRows placeholder={query.isPlaceholderData === true} busy={query.isFetching === true}>
      {children}
    </ListRows>
  ) : (
    children
  );
}

/**
 * The error line of a list without a Retry button (Background Checks, My Checks, Demo Registrations):
 * a paragraph announced as an alert in the destructive colour.
 * @param children the failure text, e.g. "Could not load background checks."
 */
export function ListLoadError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-destructive">
      {children}
    </p>
  );
}

/**
 * The header row of an admin list's wide-screen table: one column header per label, each with
 * a right gap except the last.
 * @param columns the column labels, left to right
 */
export function ListTableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="text-muted-foreground">
      <tr className="border-b border-border">
        {columns.map((label, index) => (
          <th
            key={label}
            scope="col"
            className={index < columns.length - 1 ? "py-2 pr-4 font-medium" : "py-2 font-medium"}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The fields of `Row` whose value can be shown as it is (text, numbers). */
type PlainField<Row> = { [Key in keyof Row]: Row[Key] extends ReactNode ? Key : never }[keyof Row];

/** One column of a list's wide-screen table ({@link ListTable}). */
export interface ListColumn<Row> {
  /** The column header, also the column's React key. */
  header: string;
  /** The cell's content for `row`, or the name of a field shown as it is (e.g. `"email"`). */
  cell: ((row: Row) => ReactNode) | PlainField<Row>;
  /** Classes of the cell besides its padding, e.g. `whitespace-nowrap` or `font-medium`. */
  className?: string;
}

/** From which breakpoint a list shows its table instead of its cards. */
const WIDE = {
  md: { table: "hidden w-full text-left text-sm md:table", cards: "md:hidden" },
  lg: { table: "hidden w-full text-left text-sm lg:table", cards: "lg:hidden" },
} as const;

/**
 * The rows of an admin list in both layouts: a table on wide screens (from `wide`, `md` unless a
 * section asks for `lg`) and a list of cards on phones; only one of them is shown at a time.
 * @param rows the records, each with a unique `id` (the React key of its row and card)
 * @param columns the table's columns, left to right; every cell but the last has a right gap
 * @param card the content of a record's phone card (see {@link ListCards})
 * @param rowClassName classes added to every table row, e.g. `align-top`
 * @param cardClassName classes added to every card, e.g. `gap-2 text-sm`
 */
export function ListTable<Row extends { id: number | string }>({
  rows,
  columns,
  card,
  wide = "md",
  rowClassName,
  cardClassName,
}: {
  rows: readonly Row[];
  columns: ListColumn<Row>[];
  card: (row: Row) => ReactNode;
  wide?: keyof typeof WIDE;
  rowClassName?: string;
  cardClassName?: string;
}) {
  const last = columns.length - 1;
  return (
    <>
      <table className={WIDE[wide].table}>
        <ListTableHead columns={columns.map((column) => column.header)} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={clsx("border-b border-border last:border-0", rowClassName)}>
              {columns.map((column, index) => (
                <td
                  key={column.header}
                  className={clsx(index < last ? "py-3 pr-4" : "py-3", column.className)}
                >
                  {typeof column.cell === "function" ? column.cell(row) : (row[column.cell] as ReactNode)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ListCards rows={rows} card={card} className={WIDE[wide].cards} cardClassName={cardClassName} />
    </>
  );
}

/**
 * A list of records as bordered cards, 12 px apart: the phone layout of {@link ListTable}, and
 * the only layout of short lists such as My Checks.
 * @param rows the records, each with a unique `id` (the card's React key)
 * @param card the content of a record's card (the card itself is a `grid`)
 * @param className classes added to the list, e.g. `md:hidden`
 * @param cardClassName classes added to every card, e.g. its gap and text size
 * @param cardTestId optional `data-testid` of every card
 */
export function ListCards<Row extends { id: number | string }>({
  rows,
  card,
  className,
  cardClassName,
  cardTestId,
}: {
  rows: readonly Row[];
  card: (row: Row) => ReactNode;
  className?: string;
  cardClassName?: string;
  cardTestId?: string;
}) {
  return (
    <ul className={clsx("grid gap-3", className)}>
      {rows.map((row) => (
        <li
          key={row.id}
          className={clsx("grid rounded-xl border border-border p-4", cardClassName)}
          data-testid={cardTestId}
        >
          {card(row)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The wrapper of a searchable list's rows while a new page or search loads: the previous rows stay,
 * dimmed (`placeholder`), and the region is marked busy (`busy`). Used by {@link ListBody}'s `paged`.
 */
function ListRows({
  placeholder,
  busy,
  children,
}: {
  placeholder: boolean;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <div className={placeholder ? "opacity-60 transition-opacity" : undefined} aria-busy={busy}>
      {children}
    </div>
  );
}

/**
 * A button acting on one row of an admin list (Review, Edit, Resend …): outlined, or red and
 * borderless for a destructive action (Delete, Revoke); 44 px tall on phones (`sm-touch`).
 * Other props (`aria-label`, `onClick`, `disabled` …) go to the button.
 */
export function RowAction({
  destructive,
  ...button
}: Omit<ComponentProps<typeof Button>, "size" | "variant" | "className" | "asChild"> & {
  destructive?: boolean;
}) {
  return destructive ? (
    <Button {...button} size="sm-touch" variant="ghost" className="text-destructive" />
  ) : (
    <Button {...button} size="sm-touch" variant="outline" />
  );
}

/**
 * The header actions of a list that can be exported (Leads, Demo Registrations), both small
 * outlined buttons, 44 px tall on phones: Refresh, which refetches the list's query (disabled
 * while it fetches, its arrows turning; still under reduced motion), and the Export CSV link.
 * @param texts the section's catalog namespace, with `refresh` and `exportCsv` (the two labels)
 * @param query the list's React Query result: `refetch`, `isFetching`
 * @param csvHref the CSV URL, with the list's current search
 * @param csvFilename the suggested file name; by default the server's
 * @param csvLabel the link's accessible name when it says more than its text
 */
export function RefreshAndExport({
  texts,
  query,
  csvHref,
  csvFilename,
  csvLabel,
}: {
  texts: string;
  query: { isFetching: boolean; refetch: () => unknown };
  csvHref: string;
  csvFilename?: string;
  csvLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="outline"
        size="sm-touch"
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
      >
        <RefreshCw
          aria-hidden="true"
          className={query.isFetching ? "animate-spin motion-reduce:animate-none" : undefined}
        />
        {t(`${texts}.refresh`)}
      </Button>
      <Button asChild variant="outline" size="sm-touch">
        <a href={csvHref} download={csvFilename ?? true} aria-label={csvLabel}>
          <Download aria-hidden="true" />
          {t(`${texts}.exportCsv`)}
        </a>
      </Button>
    </>
  );
}
