/**
 * Keys pressed on an island's controls before it has hydrated, pressed again once it has
 * (framework-free; runs in a page's first load). A text field needs no help: the browser types
 * into it before any script runs, and the island reads what was typed when it hydrates
 * (src/client/lib/typed-before-hydration.ts); Enter and Space on a button make a click, which
 * `client:interaction` holds and replays. What would be lost are the keys a script handles
 * itself, such as the arrows, Home, End, Page Up and Page Down on a slider's thumb: those are
 * held here (their default action, scrolling the page, is cancelled) and dispatched again on the
 * same element, in order, when the island says it has hydrated (`astro:hydrate`). React, which
 * may not have committed the hydration yet, hydrates synchronously for such an event. One key
 * per task: React renders a key's state change before the next key reads it (two arrow presses
 * move a slider two steps).
 */

/** The keys held: those a widget handles in script (WAI-ARIA slider, tabs, menus). */
const WIDGET_KEYS = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

/** True for elements the browser edits by itself (their keys already did their work). */
function editsText(element: Element): boolean {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLElement && element.isContentEditable)
  );
}

/**
 * Holds {@link WIDGET_KEYS} pressed inside `island` until it hydrates, then replays them.
 * @param island an `<astro-island>` still server-rendered (`ssr` attribute); others are left alone
 */
export function replayKeysAfterHydration(island: Element): void {
  if (!island.hasAttribute("ssr")) return;
  const held: { target: Element; init: KeyboardEventInit }[] = [];
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || !island.contains(target)) return;
    if (!WIDGET_KEYS.has(event.key) || editsText(target) || !island.hasAttribute("ssr")) return;
    event.preventDefault();
    const { key, code, location, altKey, ctrlKey, metaKey, shiftKey, repeat } = event;
    held.push({
      target,
      init: {
        key,
        code,
        location,
        altKey,
        ctrlKey,
        metaKey,
        shiftKey,
        repeat,
        bubbles: true,
        cancelable: true,
        composed: true,
      },
    });
  };
  document.addEventListener("keydown", onKeyDown, true);
  island.addEventListener(
    "astro:hydrate",
    () => {
      document.removeEventListener("keydown", onKeyDown, true);
      const replayNext = () => {
        const next = held.shift();
        if (!next) return;
        if (next.target.isConnected) next.target.dispatchEvent(new KeyboardEvent("keydown", next.init));
        setTimeout(replayNext, 0);
      };
      replayNext();
    },
    { once: true },
  );
}
