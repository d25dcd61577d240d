/**
 * Timings and numbers of the public landing page (docs/product.md#2-pages, #4-states,
 * #9-constants). One place to change them.
 */

/** Get Started success: number of confetti pieces, none recycled (docs/product.md#4-states, #9-constants). */
export const CONFETTI_PIECES = 800;
/** Smooth scroll: px left above a section, per section id; others use {@link DEFAULT_SCROLL_OFFSET} (docs/product.md#2-pages). */
export const SCROLL_OFFSETS: Readonly<Record<string, number>> = {
  pricing: 10,
  industries: 30,
  "branded-app-sdk": 50,
};
/** Smooth scroll: px left above a section without its own offset (docs/product.md#2-pages). */
export const DEFAULT_SCROLL_OFFSET = 100;

/** Jobs modal: the header height subtracted from 90vh, in px (docs/product.md#2-pages, #9-constants). */
export const JOBS_HEADER_OFFSET_PX = 84;
