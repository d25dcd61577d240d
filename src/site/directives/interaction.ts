import type { ClientDirective } from "astro";
import { ISLAND_LOAD_EVENT, type IslandLoadDetail } from "./interaction-events";

/** The interactions that wake an island: the first sign that a person is about to use it. */
const INTERACTIONS = ["pointerdown", "click", "focusin", "keydown"] as const;

/**
 * Whether DOMContentLoaded has fired, so the page's deferred and module scripts have run.
 * `readyState` is "interactive" from the end of parsing, which is before those scripts run (a
 * module script still loading holds DOMContentLoaded back): the navigation entry tells.
 */
function contentLoaded(): boolean {
  if (document.readyState === "complete") return true;
  if (document.readyState === "loading") return false;
  const [navigation] = performance.getEntriesByType?.("navigation") ?? [];
  return navigation ? (navigation as PerformanceNavigationTiming).domContentLoadedEventStart > 0 : true;
}

/**
 * `client:interaction`: loads and hydrates an island on the first interaction with it, so a page
 * ships no framework code before a person acts (budget of `/`: docs/architecture.md "Public
 * pages: the JavaScript budget, measured").
 *
 * The island wakes on the first `pointerdown`, `click`, `focusin` or `keydown` inside its own
 * element, or on one of the elements elsewhere on the page that match the directive's value, a
 * CSS selector (`client:interaction="[data-dialog-trigger]"`: buttons in static HTML that open a
 * dialog the island renders), or when a script dispatches {@link ISLAND_LOAD_EVENT} for such an
 * element.
 *
 * No click is lost before the island is live:
 * - a click inside the island's own element (its server-rendered controls have no handlers yet)
 *   is held — its default action cancelled, so a form is not sent natively — and dispatched again
 *   on the same element once the island has hydrated; links inside it are left to navigate;
 * - a click on an outside trigger is left to the page's trigger script, which records what the
 *   visitor asked for in a shared store and answers with {@link ISLAND_LOAD_EVENT} during the same
 *   dispatch; if no script answered (the page's scripts had not run yet), the click is dispatched
 *   again on the trigger once the island is live and the page's deferred scripts have run.
 *
 * The listeners are on `document` in the capture phase, from the moment the island's element is
 * parsed: an island placed early in `<body>` hears every click on its triggers. If loading fails
 * (network), the next interaction tries again.
 */
const interaction: ClientDirective = (load, options, island) => {
  const selector = typeof options.value === "string" && options.value.trim() ? options.value : null;
  let loading = false;
  let heldClick: Element | null = null;
  let unansweredTrigger: Element | null = null;

  const triggerOf = (target: EventTarget | null): Element | null =>
    selector && target instanceof Element ? target.closest(selector) : null;

  const stop = () => {
    for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true);
    document.removeEventListener(ISLAND_LOAD_EVENT, onLoadRequest);
  };

  const wake = () => {
    if (loading) return;
    loading = true;
    (async () => {
      const hydrate = await load();
      await hydrate();
    })().then(
      () => {
        stop();
        replay();
      },
      (error: unknown) => {
        // A failed chunk load (offline): the next interaction tries again.
        loading = false;
        console.error(error);
      },
    );
  };

  const replay = () => {
    const own = heldClick;
    heldClick = null;
    if (own?.isConnected && own instanceof HTMLElement) own.click();
    const outside = unansweredTrigger;
    unansweredTrigger = null;
    if (!(outside instanceof HTMLElement)) return;
    // Deferred and module scripts have run by DOMContentLoaded: the trigger script is listening.
    const again = () => {
      if (outside.isConnected) outside.click();
    };
    if (contentLoaded()) again();
    else document.addEventListener("DOMContentLoaded", again, { once: true });
  };

  function onInteraction(event: Event) {
    const target = event.target;
    const own = target instanceof Node && island.contains(target);
    const trigger = own ? null : triggerOf(target);
    if (!own && !trigger) return;
    if (event.type === "click") {
      if (own && target instanceof Element && !target.closest("a[href]")) {
        event.preventDefault();
        event.stopImmediatePropagation();
        heldClick = target;
      } else if (trigger) {
        // Cleared below if the trigger script answers during this dispatch.
        unansweredTrigger = trigger;
      }
    }
    wake();
  }

  function onLoadRequest(event: Event) {
    const trigger = (event as CustomEvent<Partial<IslandLoadDetail>>).detail?.trigger;
    if (!(trigger instanceof Element) || !triggerOf(trigger)) return;
    if (trigger === unansweredTrigger || unansweredTrigger?.contains(trigger)) unansweredTrigger = null;
    wake();
  }

  for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, true);
  document.addEventListener(ISLAND_LOAD_EVENT, onLoadRequest);
};

export default interaction;
