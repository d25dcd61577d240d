import { clsx } from "clsx";
import { Slider as SliderPrimitive } from "radix-ui";
import type * as React from "react";
import { sliderPercent } from "./slider-geometry";

/** Own classes; `className` is appended, not merged (ADR 0010). */
export const sliderClass =
  "slider relative flex h-11 w-full touch-none select-none items-center data-[disabled]:opacity-50";

/** Props of {@link Slider}: Radix Slider's, always controlled, with the thumb's props apart. */
export type SliderProps = Omit<
  React.ComponentProps<typeof SliderPrimitive.Root>,
  "value" | "defaultValue"
> & {
  /** The value, one number in an array as Radix takes it (e.g. `[3]`); the slider is controlled. */
  value: number[];
  /** Props for the thumb, the element with role "slider": its accessible name, `aria-valuetext`. */
  thumbProps?: React.ComponentProps<typeof SliderPrimitive.Thumb>;
};

/**
 * shadcn-style single-thumb, horizontal slider on Radix Slider, whose server-rendered (prerendered)
 * HTML is complete. Radix finds its thumb in the DOM after mounting and until then
 * renders it with `display: none` and no `aria-valuenow`, so a prerendered page would show no
 * thumb and hold an invalid `role="slider"` before its script runs. Here the thumb always carries
 * `aria-valuenow` (the controlled value, what Radix sets once mounted), and the root carries the
 * value as a percentage (`--slider-percent`), from which `theme.css` places the thumb until Radix does.
 */
export function Slider({ className, thumbProps, value, style, ...props }: SliderProps) {
  const min = props.min ?? 0;
  const max = props.max ?? 100;
  const now = value[0] ?? min;
  const percent = sliderPercent(now, min, max);
  return (
    <SliderPrimitive.Root
      className={clsx(sliderClass, className)}
      value={value}
      style={{ ...style, "--slider-percent": percent } as React.CSSProperties}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        className="slider-thumb block size-6 rounded-full border-2 border-primary bg-background shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        aria-valuenow={now}
        {...thumbProps}
      />
    </SliderPrimitive.Root>
  );
}
