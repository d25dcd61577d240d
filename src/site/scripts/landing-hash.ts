import { smoothScrollTo } from "../../client/lib/smooth-scroll";

/**
 * Arriving on the landing page with a `#section` hash (another page's nav links to `/#pricing`):
 * scrolls to that section at its documented offset (docs/product.md#2-pages; the browser's own
 * jump would put it at the very top), once the web font has loaded so line breaks and offsets are
 * final. Framework-free: the landing page ships no React for this (ADR 0064).
 */
export function scrollToArrivalHash(): void {
  const id = decodeURIComponent(window.location.hash.replace(/^#/, ""));
  if (!id) return;
  const fontsReady = document.fonts?.ready ?? Promise.resolve();
  void fontsReady.then(() => smoothScrollTo(id));
}
