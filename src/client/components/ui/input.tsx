import { clsx } from "clsx";
import type * as React from "react";

/**
 * The text input's own classes; `className` is appended, not merged (ADR 0010). An input with
 * `aria-invalid` gets the destructive border.
 */
export const inputClass =
  "flex h-11 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-sm transition-colors placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

export function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return <input type={type} className={clsx(inputClass, className)} {...props} />;
}
