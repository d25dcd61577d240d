import { cva, type VariantProps } from "class-variance-authority";
import { clsx } from "clsx";
import { Slot } from "radix-ui";
import type * as React from "react";

/**
 * Button variants and sizes of docs/product.md#9-constants: default, destructive, outline, secondary, ghost, link;
 * default, sm, lg, icon, plus `sm-touch` (sm from the md breakpoint up, 44 px tall below it, the
 * WCAG 2.5.5 target size on phones).
 *
 * No class here is set by both the base and a variant or size, because `Button` appends
 * `className` without tailwind-merge (it is on the first load of every page; see ADR 0010).
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors duration-150 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 ring-offset-background disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        outline: "border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-11 rounded-lg px-4 py-2 text-sm",
        sm: "h-9 rounded-md px-3 text-xs",
        "sm-touch": "h-11 rounded-md px-3 text-xs md:h-9",
        lg: "h-12 rounded-lg px-6 text-base",
        icon: "h-11 w-11 rounded-lg text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends React.ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Render the child element (e.g. a link) with button styling instead of a <button>. */
  asChild?: boolean;
  /**
   * The button's work is under way: it looks and reads as unavailable (`aria-disabled`) and
   * ignores presses, but unlike `disabled` it keeps the keyboard focus, which a disabled button
   * drops to `<body>` (WCAG 2.4.3).
   */
  pending?: boolean;
}

/**
 * A `<button>` (or, with `asChild`, its child element) styled by `variant` and `size`; see
 * `pending` for a button busy with its own work.
 * `className` is appended to the variant's classes, not merged with them: to replace a
 * variant's colours or a size's dimensions, pass `variant={null}` or `size={null}` and give the
 * classes in `className`.
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  pending,
  onClick,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      className={clsx(buttonVariants({ variant, size }), className)}
      aria-disabled={pending ? true : undefined}
      data-pending={pending ? "" : undefined}
      // A press while pending neither repeats the work nor submits the form again. No handler at
      // all when neither is asked for, so a statically rendered button carries none (ADR 0079).
      onClick={pending ? (event: React.MouseEvent<HTMLButtonElement>) => event.preventDefault() : onClick}
      {...props}
    />
  );
}
