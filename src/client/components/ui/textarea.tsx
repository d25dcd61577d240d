import { clsx } from "clsx";
import type * as React from "react";

/** Own classes; `className` is appended, not merged (ADR 0010). */
export const textareaClass =
  "flex w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-sm transition-colors placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={clsx(textareaClass, className)} {...props} />;
}
