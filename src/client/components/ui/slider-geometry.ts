/**
 * Where a single-thumb slider's value sits, free of React: used by ./slider.tsx and by the page
 * script's painter of shared calculator links (src/site/islands/calculator/paint.ts, ADR 0068),
 * which writes into the prerendered slider what the slider renders for another value.
 */

/**
 * The value as a percentage of the range, clamped to it: our `--slider-percent` (theme.css places
 * the thumb from it until Radix has measured the thumb).
 * @returns 0 when the range is empty
 */
export function sliderPercent(now: number, min: number, max: number): number {
  return max > min ? ((Math.min(Math.max(now, min), max) - min) / (max - min)) * 100 : 0;
}

/**
 * The percentage Radix Slider computes for a value (its `convertValueToPercentage`, radix-ui's
 * react-slider 1.x): it renders the range's `right` as `100 - p` %. Written in another order than
 * {@link sliderPercent}, so the last digit can differ; a painted slider must carry Radix's own
 * figure, since hydration keeps the attributes it finds (tests/component/calculator-paint.test.tsx
 * compares the painted slider with Radix's render).
 */
export function radixSliderPercent(value: number, min: number, max: number): number {
  const percentage = (100 / (max - min)) * (value - min);
  return Math.min(Math.max(percentage, 0), 100);
}
