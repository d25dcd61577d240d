import { DEFAULT_SCROLL_OFFSET, SCROLL_OFFSETS } from "@common/landing";
import { SCROLL_DURATION_MS } from "@common/limits";

/**
 * Smooth scrolling to landing-page sections (docs/product.md#2-pages): each id has its own offset above the
 * section (pricing 10, industries 30, branded-app-sdk 50, any other 100 px), over 800 ms with an
 * ease-out cubic curve. Under prefers-reduced-motion the jump is instant.
 */

/** Pixels to leave above the section `id` (docs/product.md#2-pages). */
export function scrollOffsetFor(id: string): number {
  return SCROLL_OFFSETS[id] ?? DEFAULT_SCROLL_OFFSET;
}

/** Ease-out cubic: progress `t` in [0, 1] (clamped) to eased progress in [0, 1]. */
export function easeOutCubic(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return 1 - (1 - clamped) ** 3;
}

/**
 * The document scroll position (px) that puts section `id` at its offset below the viewport top.
 * @param id section id
 * @param sectionTop the section's top relative to the viewport (getBoundingClientRect().top), px
 * @param scrollY the current window.scrollY, px
 */
export function scrollTargetFor(id: string, sectionTop: number, scrollY: number): number {
  return Math.max(0, Math.round(sectionTop + scrollY - scrollOffsetFor(id)));
}

/**
 * The scroll position at `elapsed` ms into an animation from `from` to `to` px that lasts
 * `duration` ms (default 800, docs/product.md#2-pages), eased out cubically.
 */
export function scrollPositionAt(
  from: number,
  to: number,
  elapsed: number,
  duration = SCROLL_DURATION_MS,
): number {
  return from + (to - from) * easeOutCubic(duration <= 0 ? 1 : elapsed / duration);
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * Scrolls the window to the section with `id` (docs/product.md#2-pages offsets and timing) and moves focus to it
 * for keyboard and screen-reader users.
 * @returns false when no element has that id
 */
export function smoothScrollTo(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  // Lay out the sections that wait for the viewport (content-visibility, theme.css) at their real
  // heights, so the target does not move while we scroll past them.
  document.documentElement.classList.add("sections-laid-out");
  const from = window.scrollY;
  // Measured again on every frame, so late layout changes (images, fonts) cannot leave us off target.
  const target = () => scrollTargetFor(id, element.getBoundingClientRect().top, window.scrollY);
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
  if (prefersReducedMotion() || from === target()) {
    window.scrollTo(0, target());
    return true;
  }
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo(0, scrollPositionAt(from, target(), elapsed));
    if (elapsed < SCROLL_DURATION_MS) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
  return true;
}
