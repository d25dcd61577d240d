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
 * The live region that tells the visitor an island's code could not load: the island's own, its
 * next sibling (components/IslandStatus.astro), or else the page-wide one; null when the page has
 * neither.
 */
function statusOf(island: HTMLElement): HTMLElement | null {
  const next = island.nextElementSibling;
  if (next instanceof HTMLElement && next.matches("[data-island-status=island]")) return next;
  return document.querySelector<HTMLElement>("[data-island-status=page]");
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
 *   on the same element once the island has hydrated, in order with the others held (a button
 *   pressed repeatedly in a row counts once); links inside it are left to navigate;
 * - a click on an outside trigger is left to the page's trigger script, which records what the
 *   visitor asked for in a shared store and answers with {@link ISLAND_LOAD_EVENT} during the same
 *   dispatch; if no script answered (the page's scripts had not run yet), the click is dispatched
 *   again on the trigger once the island is live and the page's deferred scripts have run.
 *
 * The listeners are on `document` in the capture phase, from the moment the island's element is
 * parsed: an island placed early in `<body>` hears every click on its triggers.
 *
 * If loading fails (offline, server down) after the visitor asked for something (a held click, an
 * answered trigger), the island's status region (components/IslandStatus.astro) says so in the
 * page's language: offline, that the part will load (the registration: be sent) once the
 * connection is back; otherwise, to try again. The next interaction tries again, and so does the
 * browser's `online` event, at once; the held click is then replayed, so a registration pressed
 * offline is sent (docs/product.md#8-messages). The message is cleared once the island is live.
 */
const interaction: ClientDirective = (load, options, island) => {
  const selector = typeof options.value === "string" && options.value.trim() ? options.value : null;
  let loading = false;
  // Clicks inside the island held until it is live, in order (a ticked box, then Register).
  let heldClicks: Element[] = [];
  let unansweredTrigger: Element | null = null;
  // The visitor asked the island for something (a click, a trigger): worth a message if loading fails.
  let asked = false;

  const triggerOf = (target: EventTarget | null): Element | null =>
    selector && target instanceof Element ? target.closest(selector) : null;

  const stop = () => {
    for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true);
    document.removeEventListener(ISLAND_LOAD_EVENT, onLoadRequest);
    window.removeEventListener("online", onOnline);
  };

  const say = (text: string) => {
    const status = statusOf(island);
    if (status && status.textContent !== text) status.textContent = text;
  };

  const failed = () => {
    // Retried at once when the browser is back online, and on the next interaction.
    window.addEventListener("online", onOnline);
    if (!asked) return;
    const status = statusOf(island);
    if (!status) return;
    say((navigator.onLine ? status.dataset.unreachable : status.dataset.offline) ?? "");
    // Below a form's last button it can be under the fold, where a press seems to do nothing.
    status.scrollIntoView?.({ block: "nearest" });
  };

  const wake = () => {
    if (loading) return;
    loading = true;
    // Astro's island catches a failed import itself (after one retry of its own, a second later):
    // it reports it with `astro:hydration-error` and resolves `load()` with a hydrate that does
    // nothing, so the failure is known only by that event (ADR 0066).
    let loadError: unknown = null;
    const onHydrationError = (event: Event) => {
      loadError = (event as CustomEvent<{ error?: unknown }>).detail?.error ?? event;
      event.preventDefault(); // logged below, once
    };
    island.addEventListener("astro:hydration-error", onHydrationError);
    (async () => {
      try {
        const hydrate = await load();
        if (loadError) throw loadError;
        await hydrate();
        if (loadError) throw loadError;
      } finally {
        island.removeEventListener("astro:hydration-error", onHydrationError);
      }
    })().then(
      () => {
        stop();
        if (asked) say("");
        replay();
      },
      (error: unknown) => {
        loading = false;
        console.error(error);
        failed();
      },
    );
  };

  const replay = () => {
    const own = heldClicks;
    heldClicks = [];
    // One click per task, as the visitor made them: the island renders the first (a box ticked)
    // before the next (Register) reads its state.
    const clickNext = () => {
      const next = own.shift();
      if (!next) return;
      if (next.isConnected && next instanceof HTMLElement) next.click();
      setTimeout(clickNext, 0);
    };
    clickNext();
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
      asked = true;
      if (own && target instanceof Element && !target.closest("a[href]")) {
        event.preventDefault();
        event.stopImmediatePropagation();
        // A button pressed again while nothing happens (offline) is one press, not a second
        // registration; a box ticked twice is unticked, so those all count.
        const button = target.closest("button, input[type=submit], input[type=button]");
        if (
          !(button && heldClicks.at(-1)?.closest("button, input[type=submit], input[type=button]") === button)
        ) {
          heldClicks.push(target);
        }
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
    asked = true;
    wake();
  }

  function onOnline() {
    window.removeEventListener("online", onOnline);
    wake();
  }

  for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, true);
  document.addEventListener(ISLAND_LOAD_EVENT, onLoadRequest);
};

export default interaction;
