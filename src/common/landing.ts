/**
 * Timings and numbers of the public landing page (docs/product.md#2-pages, #4-states,
 * #9-constants). One place to change them.
 */

/** Hero: the last claim bubble's pending ellipsis turns into the emoji row after this many ms (docs/product.md#4-states, #9-constants). */
export const HERO_CELEBRATION_MS = 6000;

/** Get Started success: confetti runs this long, in ms (docs/product.md#4-states, #9-constants). */
export const CONFETTI_DURATION_MS = 8000;
/** Get Started success: number of confetti pieces, none recycled (docs/product.md#4-states, #9-constants). */
export const CONFETTI_PIECES = 800;
/** Get Started modal: success flag and fields reset this many ms after closing (docs/product.md#4-states, #9-constants). */
export const MODAL_RESET_MS = 300;

/** Smooth scroll to a section: duration in ms, ease-out cubic (docs/product.md#2-pages). */
export const SCROLL_DURATION_MS = 800;
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

/** Header dropdowns: a menu opens this many ms after the mouse comes to rest on its trigger (docs/product.md#9-constants). */
export const SUBMENU_OPEN_DELAY_MS = 100;
/** Header dropdowns: a menu opened by hovering closes this many ms after the mouse leaves it and its trigger. */
export const SUBMENU_CLOSE_DELAY_MS = 200;

/** Jobs modal: with no load event from the jobs board's frame by then (ms), the fallback shows (issue #12). */
export const JOBS_FRAME_TIMEOUT_MS = 8000;
