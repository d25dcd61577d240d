import type { ReactNode } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * A card with its heading: the header holds `icon` (optional, above the title), the title (an
 * `h2`) and the description (optional); `children` follow the header (a CardContent, usually).
 * For the portal's form and section cards and the sign-in screens' cards. The classes are fixed
 * literals, chosen by flags, so the class audit (tests/unit/class-conflicts.test.ts) reads them.
 * @param centered centre the header's icon and text (confirmations such as "Check Your Email")
 * @param narrow the card of a sign-in screen: full width up to 28 rem (`w-full max-w-md`)
 */
export function SectionCard({
  title,
  description,
  icon,
  centered = false,
  narrow = false,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  centered?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className={narrow ? "w-full max-w-md" : undefined}>
      <CardHeader className={centered ? "items-center text-center" : undefined}>
        {icon}
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children}
    </Card>
  );
}
