import { cva, type VariantProps } from "class-variance-authority";
import { clsx } from "clsx";
import type * as React from "react";

/*
 * Card parts join `className` to their own classes with clsx, not tailwind-merge (ADR 0010): a
 * `className` may add classes but must not set what the part already sets (for example padding
 * or flex direction); such a layout is a plain element. tests/unit/class-conflicts.test.ts checks.
 */

/** Card surfaces: the default, a destructive (error) state, and a raised one for a lone card. */
export const cardVariants = cva("rounded-2xl border text-card-foreground", {
  variants: {
    variant: {
      default: "border-border bg-card shadow-sm",
      destructive: "border-destructive bg-destructive/5 shadow-sm",
      raised: "border-border bg-card shadow-lg",
    },
  },
  defaultVariants: { variant: "default" },
});

export const cardHeaderClass = "flex flex-col gap-1.5 p-6";
export const cardTitleClass = "text-xl font-semibold leading-tight tracking-tight";
export const cardDescriptionClass = "text-sm text-muted-foreground";
/** Content and footer sit under a header: no top padding of their own (add `pt-6` when alone). */
export const cardContentClass = "px-6 pb-6";
export const cardFooterClass = "flex items-center px-6 pb-6";

export function Card({
  className,
  variant,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof cardVariants>) {
  return <div className={clsx(cardVariants({ variant }), className)} {...props} />;
}
export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={clsx(cardHeaderClass, className)} {...props} />;
}
export function CardTitle({ className, ...props }: React.ComponentProps<"h2">) {
  return <h2 className={clsx(cardTitleClass, className)} {...props} />;
}
export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p className={clsx(cardDescriptionClass, className)} {...props} />;
}
export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={clsx(cardContentClass, className)} {...props} />;
}
export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={clsx(cardFooterClass, className)} {...props} />;
}
