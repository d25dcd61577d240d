import type { ComponentProps, ReactNode, Ref } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * A portal card with a titled header and one content area: the frame of the admin lists (Users,
 * Invitations, Companies, Leads …) and of the user dashboard's cards (Profile, My Checks).
 * Other props (`role`, `aria-labelledby` …) go to the card itself.
 * @param title the card's heading (an `h2`)
 * @param description optional line under the title
 * @param titleId optional id of the title, for an `aria-labelledby`
 * @param titleRef makes the title focusable from script (`tabIndex={-1}`, no outline), e.g. to
 *   move focus there when the element that had it is gone
 * @param actions buttons at the header's right (title and description on the left; stacked on phones)
 * @param contentClassName classes added to the content area, e.g. `grid gap-4`
 */
export function SectionCard({
  title,
  description,
  titleId,
  titleRef,
  actions,
  contentClassName,
  children,
  ...props
}: Omit<ComponentProps<typeof Card>, "title"> & {
  title: string;
  description?: string;
  titleId?: string;
  titleRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
  contentClassName?: string;
}) {
  const heading = (
    <>
      <CardTitle
        id={titleId}
        ref={titleRef}
        tabIndex={titleRef ? -1 : undefined}
        className={titleRef ? "outline-none" : undefined}
      >
        {title}
      </CardTitle>
      {description && <CardDescription>{description}</CardDescription>}
    </>
  );
  return (
    <Card {...props}>
      {actions ? (
        <div className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">{heading}</div>
          <div className="flex gap-2">{actions}</div>
        </div>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
