import { HERO_CELEBRATION_MS } from "../../common/limits";

/**
 * The hero's celebration, framework-free (docs/product.md#4-states: "pending ellipsis for 6 s then
 * celebration emojis"; HERO_CELEBRATION_MS, docs/product.md#9-constants; ADR 0064). The static
 * hero (features/landing/hero.tsx) shows the pending ellipsis (`data-hero-pending`) and carries the
 * emoji row hidden (`data-hero-celebration`) in the same polite live region; once the time has
 * passed, the ellipsis goes and the row shows, so a screen reader hears it once.
 * @param root where the hero is (the document by default)
 * @returns a function that cancels the swap if it has not happened yet
 */
export function celebrateAfterDelay(root: ParentNode = document): () => void {
  const pending = root.querySelector<HTMLElement>("[data-hero-pending]");
  const celebration = root.querySelector<HTMLElement>("[data-hero-celebration]");
  if (!pending || !celebration) return () => {};
  const timer = window.setTimeout(() => {
    pending.remove();
    celebration.hidden = false;
  }, HERO_CELEBRATION_MS);
  return () => window.clearTimeout(timer);
}
