import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import type * as React from "react";

/** The select's own classes; `className` is appended to them, not merged (ADR 0010). */
export const nativeSelectClass =
  "flex h-11 w-full appearance-none rounded-lg border border-input bg-background py-2 pl-3 pr-9 text-base shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 md:text-sm";

/**
 * A styled native `<select>`: the platform picker on phones, full keyboard and screen-reader
 * support everywhere, and plain form semantics.
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <div className="relative">
      <select className={clsx(nativeSelectClass, className)} {...props}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
