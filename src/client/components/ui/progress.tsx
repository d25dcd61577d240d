import { clsx } from "clsx";
import { Progress as ProgressPrimitive } from "radix-ui";
import type * as React from "react";

/** Own classes; `className` is appended, not merged (ADR 0010). */
export const progressClass = "relative h-2.5 w-full overflow-hidden rounded-full bg-secondary";

/** shadcn-style progress bar on Radix Progress (role="progressbar" with aria-valuenow). */
export function Progress({
  className,
  value,
  ...props
}: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  return (
    <ProgressPrimitive.Root className={clsx(progressClass, className)} value={value} {...props}>
      <ProgressPrimitive.Indicator
        className="h-full w-full flex-1 bg-primary transition-transform duration-150 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${100 - (value ?? 0)}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
