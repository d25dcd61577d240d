import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { CardDescription, CardTitle } from "~/components/ui/card";

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

/**
 * The wrapper of a searchable list's rows while a new page or search loads: the previous rows stay,
 * dimmed (`placeholder`), and the region is marked busy (`busy`).
 */
export function ListRows({
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
 * The header of an admin list card that has actions (Leads, Demo Registrations): title and
 * description on the left, the action buttons (`children`) on the right; stacked on phones.
 * @param titleId optional id of the title, for a section's `aria-labelledby`
 */
export function ListCardHeader({
  titleId,
  title,
  description,
  children,
}: {
  titleId?: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid gap-1.5">
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      <div className="flex gap-2">{children}</div>
    </div>
  );
}
