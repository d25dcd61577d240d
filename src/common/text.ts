/**
 * Small string helpers that run in linear time on any input (ADR 0013: no super-linear regex;
 * `/\/+$/` is quadratic on a long run of slashes followed by anything else).
 */

/**
 * `value` without trailing '/' characters, and without leading ones when `leading` is true.
 * @example trimSlashes("/schnucks/", { leading: true }) === "schnucks"
 */
export function trimSlashes(value: string, options: { leading?: boolean } = {}): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 0x2f) end--;
  let start = 0;
  if (options.leading) while (start < end && value.charCodeAt(start) === 0x2f) start++;
  return value.slice(start, end);
}
