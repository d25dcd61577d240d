import { clsx } from "clsx";
import { Label as LabelPrimitive } from "radix-ui";
import type * as React from "react";

/** Own classes; `className` is appended, not merged (ADR 0010). */
export const labelClass = "text-sm font-medium leading-none";

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={clsx(labelClass, className)} {...props} />;
}
