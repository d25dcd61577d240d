import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

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
