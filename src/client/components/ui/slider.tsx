import { clsx } from "clsx";
import { Slider as SliderPrimitive } from "radix-ui";
import type * as React from "react";

/** Own classes; `className` is appended, not merged (ADR 0010). */
export const sliderClass =
  "relative flex h-11 w-full touch-none select-none items-center data-[disabled]:opacity-50";

/**
 * shadcn-style single-thumb slider on Radix Slider. Props for the thumb (its accessible name,
 * `aria-valuetext`) go in `thumbProps`, because the thumb is the element with role "slider".
 */
export function Slider({
  className,
  thumbProps,
  ...props
}: React.ComponentProps<typeof SliderPrimitive.Root> & {
  thumbProps?: React.ComponentProps<typeof SliderPrimitive.Thumb>;
}) {
  return (
    <SliderPrimitive.Root className={clsx(sliderClass, className)} {...props}>
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        className="block size-6 rounded-full border-2 border-primary bg-background shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        {...thumbProps}
      />
    </SliderPrimitive.Root>
  );
}
