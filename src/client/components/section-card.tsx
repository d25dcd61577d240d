import type { AriaRole, ReactNode, Ref } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * A card with its heading: the header holds `icon` (optional, above the title), the title (an
 * `h2`) and the description (optional); `children` follow the header (a CardContent, usually).
 * For the portal's form, section and list cards and the sign-in screens' cards. The classes are
 * fixed literals, chosen by flags, so the class audit (tests/unit/class-conflicts.test.ts) reads
 * them. `role` and `aria-labelledby` go to the card itself (a section that is a landmark).
 * @param centered centre the header's icon and text (confirmations such as "Check Your Email")
 * @param narrow the card of a sign-in screen: full width up to 28 rem (`w-full max-w-md`)
 * @param titleId optional id of the title, for an `aria-labelledby`
 * @param titleRef makes the title focusable from script (`tabIndex={-1}`, no outline), e.g. to
 *   move focus there when the element that had it is gone
 * @param actions buttons at the header's right (Refresh, Export CSV): title and description on
 *   the left, the buttons on the right; stacked on phones
 */
export function SectionCard({
  title,
  description,
  icon,
  centered = false,
  narrow = false,
  titleId,
  titleRef,
  actions,
  role,
  "aria-labelledby": labelledBy,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  centered?: boolean;
  narrow?: boolean;
  titleId?: string;
  titleRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
  role?: AriaRole;
  "aria-labelledby"?: string;
  children: ReactNode;
}) {
  const heading = (
    <>
      {icon}
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
    <Card className={narrow ? "w-full max-w-md" : undefined} role={role} aria-labelledby={labelledBy}>
      {actions ? (
        <div className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">{heading}</div>
          <div className="flex gap-2">{actions}</div>
        </div>
      ) : (
        <CardHeader className={centered ? "items-center text-center" : undefined}>{heading}</CardHeader>
      )}
      {children}
    </Card>
  );
}
