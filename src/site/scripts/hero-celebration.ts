import { HERO_CELEBRATION_MS } from "../../common/limits";

/**
 * The hero's celebration on the static landing page (docs/product.md#4-states, #9-constants):
 * 6000 ms after the page has loaded, the third claim's pulsing ellipsis becomes the emoji row,
 * announced by its live region. The page is static HTML (ADR 0064), so this small script does
 * what the Hero component's timer does in React; the row's label and emojis come from the
 * markup (`data-celebration-label`, `data-celebration-text`, rendered by features/landing/hero.tsx).
 */
export function celebrateHeroLater(): void {
  const slot = document.querySelector<HTMLElement>("[data-celebration-label]");
  if (!slot) return;
  window.setTimeout(() => {
    const row = document.createElement("span");
    row.setAttribute("role", "img");
    row.setAttribute("aria-label", slot.dataset.celebrationLabel ?? "");
    row.className = "landing-pop-in text-xl tracking-widest";
    row.textContent = slot.dataset.celebrationText ?? "";
    slot.replaceChildren(row);
  }, HERO_CELEBRATION_MS);
}
