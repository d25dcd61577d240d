import { CONFETTI_PIECES } from "@common/landing";
import { CONFETTI_DURATION_MS } from "@common/limits";

/** Frames per second canvas-confetti assumes when it counts a piece's lifetime in ticks. */
const TICKS_PER_SECOND = 60;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * The Get Started celebration (docs/product.md#4-states, #9-constants): 800 confetti pieces, fired once and never recycled,
 * falling for about 8 s. Loads canvas-confetti on demand; does nothing under
 * prefers-reduced-motion (ADR 0082).
 *
 * Drawn on the page's main thread (`useWorker: false`, ADR 0081): canvas-confetti's default
 * cannon starts a Web Worker from a `blob:` URL, which the pages' CSP (no `worker-src`, so
 * `script-src 'self'`) refuses, and the confetti never showed.
 * @returns a function that clears any confetti still on screen
 */
export async function celebrate(): Promise<() => void> {
  if (prefersReducedMotion()) return () => {};
  const { default: confetti } = await import("canvas-confetti");
  const cannon = confetti.create(undefined, {
    resize: true,
    useWorker: false,
    disableForReducedMotion: true,
  });
  const ticks = Math.round((CONFETTI_DURATION_MS / 1000) * TICKS_PER_SECOND);
  const shared = {
    ticks,
    gravity: 0.6,
    spread: 70,
    startVelocity: 55,
    colors: ["#4f46e5", "#7c3aed", "#f59e0b", "#10b981", "#ec4899"],
    zIndex: 100,
  };
  const half = CONFETTI_PIECES / 2;
  void cannon({ ...shared, particleCount: half, angle: 60, origin: { x: 0, y: 0.75 } });
  void cannon({ ...shared, particleCount: CONFETTI_PIECES - half, angle: 120, origin: { x: 1, y: 0.75 } });
  return () => cannon.reset();
}
