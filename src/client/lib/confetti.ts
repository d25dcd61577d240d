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
 * prefers-reduced-motion.
 * @returns a function that clears any confetti still on screen
 */
export async function celebrate(): Promise<() => void> {
  if (prefersReducedMotion()) return () => {};
  const { default: confetti } = await import("canvas-confetti");
  const ticks = Math.round((CONFETTI_DURATION_MS / 1000) * TICKS_PER_SECOND);
  const shared = {
    ticks,
    gravity: 0.6,
    spread: 70,
    startVelocity: 55,
    colors: ["#4f46e5", "#7c3aed", "#f59e0b", "#10b981", "#ec4899"],
    disableForReducedMotion: true,
    zIndex: 100,
  };
  const half = CONFETTI_PIECES / 2;
  void confetti({ ...shared, particleCount: half, angle: 60, origin: { x: 0, y: 0.75 } });
  void confetti({ ...shared, particleCount: CONFETTI_PIECES - half, angle: 120, origin: { x: 1, y: 0.75 } });
  return () => confetti.reset();
}
