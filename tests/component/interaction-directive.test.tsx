import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import interaction from "../../src/site/directives/interaction";
import { ISLAND_LOAD_EVENT, requestIslandLoad } from "../../src/site/directives/interaction-events";

/**
 * `client:interaction`: an island loads on the first interaction with it or with one of its
 * triggers, never before; a click made before it is live still does its job once it is.
 * The island here is a form whose button works only once "hydrated" (a listener the fake
 * hydration adds), as a React island's controls do.
 */

let island: HTMLElement;
let submitButton: HTMLButtonElement;
let outside: HTMLButtonElement;
let unrelated: HTMLButtonElement;
let live = false;
let pressesAfterHydration: number;
let submitsSent: number;
let loadFails: boolean;
let load: ReturnType<typeof fakeLoad>;

let clicksAfterHydration: string[];

/**
 * Fake `load()`: resolves to a hydrate that makes the island's button live. A failed import is
 * reported as Astro's island reports it: `astro:hydration-error` on the island, and a hydrate
 * that does nothing.
 */
function fakeLoad() {
  return vi.fn(async (): Promise<() => Promise<void>> => {
    if (loadFails) {
      const error = new TypeError("Failed to fetch dynamically imported module");
      island.dispatchEvent(
        new CustomEvent("astro:hydration-error", { bubbles: true, cancelable: true, detail: { error } }),
      );
      return async () => {};
    }
    return async () => {
      live = true;
      submitButton.addEventListener("click", () => {
        pressesAfterHydration += 1;
      });
      island.addEventListener("click", (event) => {
        if (event.target instanceof Element) clicksAfterHydration.push(event.target.id);
      });
    };
  });
}

/** Lets the directive's promises (load, hydrate, replay) settle. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  document.body.innerHTML = `
    <button type="button" id="outside" data-open="x">Open</button>
    <button type="button" id="unrelated">Elsewhere</button>
    <astro-island><form><input name="q"><input type="checkbox" id="terms"><button id="submit">Send</button></form></astro-island>
    <p role="status" data-island-status="island" data-offline="Offline: sent when back" data-unreachable="Could not load: press again"></p>
    <p role="status" data-island-status="page" data-offline="Page offline" data-unreachable="Page unreachable"></p>`;
  island = document.querySelector("astro-island") as HTMLElement;
  submitButton = document.getElementById("submit") as HTMLButtonElement;
  outside = document.getElementById("outside") as HTMLButtonElement;
  unrelated = document.getElementById("unrelated") as HTMLButtonElement;
  live = false;
  pressesAfterHydration = 0;
  clicksAfterHydration = [];
  submitsSent = 0;
  loadFails = false;
  island.querySelector("form")?.addEventListener("submit", (event) => {
    // jsdom does not navigate: count what would have been a native submission.
    if (!event.defaultPrevented) submitsSent += 1;
    event.preventDefault();
  });
  load = fakeLoad();
  interaction(load, { name: "Island", value: "[data-open]" }, island);
});

afterEach(async () => {
  // Every test leaves the island live, so its document listeners are gone before the next one.
  if (!live) {
    loadFails = false;
    island.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await settle();
  }
  document.body.innerHTML = "";
});

describe("client:interaction", () => {
  it("loads nothing until someone interacts, and nothing for interactions elsewhere", async () => {
    unrelated.click();
    unrelated.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(live).toBe(false);
  });

  it.each([
    ["pointerdown", () => new PointerEvent("pointerdown", { bubbles: true })],
    ["focusin", () => new FocusEvent("focusin", { bubbles: true })],
    ["keydown", () => new KeyboardEvent("keydown", { key: "a", bubbles: true })],
  ])("hydrates on the first %s inside the island, once", async (_name, event) => {
    island.querySelector("input")?.dispatchEvent(event());
    island.querySelector("input")?.dispatchEvent(event());
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(live).toBe(true);
  });

  it("holds a click inside the island until it is live, then clicks again: no native submit, no lost press", async () => {
    submitButton.click();
    expect(submitsSent).toBe(0);
    await settle();
    expect(live).toBe(true);
    expect(pressesAfterHydration).toBe(1);
    // Live now: clicks pass straight through, and are not held or repeated.
    submitButton.click();
    await settle();
    expect(pressesAfterHydration).toBe(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("hydrates on an outside trigger, and replays a click no script answered", async () => {
    let triggerClicks = 0;
    outside.addEventListener("click", () => {
      triggerClicks += 1;
    });
    outside.click();
    await settle();
    expect(live).toBe(true);
    // The visitor's click, then the replay once live (the page's trigger script now hears it).
    expect(triggerClicks).toBe(2);
  });

  it("replays an unanswered outside click only once the page's scripts have run (DOMContentLoaded)", async () => {
    // Parsed but a module script still loading: "interactive", DOMContentLoaded not fired yet.
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    const entries = vi
      .spyOn(performance, "getEntriesByType")
      .mockReturnValue([{ domContentLoadedEventStart: 0 } as unknown as PerformanceEntry]);
    try {
      let triggerClicks = 0;
      outside.addEventListener("click", () => {
        triggerClicks += 1;
      });
      outside.click();
      await settle();
      expect(live).toBe(true);
      expect(triggerClicks).toBe(1);
      document.dispatchEvent(new Event("DOMContentLoaded"));
      expect(triggerClicks).toBe(2);
    } finally {
      readyState.mockRestore();
      entries.mockRestore();
    }
  });

  it("does not replay an outside click that the trigger script answered", async () => {
    let answered = 0;
    const script = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest("[data-open]")) return;
      answered += 1;
      requestIslandLoad(event.target);
    };
    document.addEventListener("click", script);
    try {
      outside.click();
      await settle();
      expect(live).toBe(true);
      expect(answered).toBe(1);
    } finally {
      document.removeEventListener("click", script);
    }
  });

  it("loads when a script asks for one of its triggers, and ignores requests for other elements", async () => {
    requestIslandLoad(unrelated);
    await settle();
    expect(load).not.toHaveBeenCalled();
    document.dispatchEvent(new CustomEvent(ISLAND_LOAD_EVENT, { detail: { trigger: outside } }));
    await settle();
    expect(live).toBe(true);
  });

  it("tries again on the next interaction when loading failed", async () => {
    loadFails = true;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    island.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await settle();
    expect(live).toBe(false);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
    loadFails = false;
    submitButton.click();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(live).toBe(true);
    expect(pressesAfterHydration).toBe(1);
  });
});

describe("client:interaction when the island's code cannot load", () => {
  const ownStatus = () => document.querySelector("[data-island-status=island]") as HTMLElement;
  const pageStatus = () => document.querySelector("[data-island-status=page]") as HTMLElement;
  let errors: ReturnType<typeof vi.spyOn>;
  let onLine: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  });
  afterEach(() => {
    errors.mockRestore();
    onLine.mockRestore();
  });

  it("offline: says so beside the form, then on 'online' loads at once and replays the tick and the press, once", async () => {
    loadFails = true;
    const terms = document.getElementById("terms") as HTMLInputElement;
    island.querySelector("input")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await settle();
    // Only focused: nothing asked for yet, so nothing to say.
    expect(ownStatus().textContent).toBe("");
    terms.click();
    submitButton.click();
    submitButton.click();
    await settle();
    expect(live).toBe(false);
    expect(submitsSent).toBe(0);
    expect(terms.checked).toBe(false);
    expect(ownStatus().textContent).toBe("Offline: sent when back");
    expect(ownStatus().getAttribute("role")).toBe("status");
    expect(pageStatus().textContent).toBe("");
    expect(errors).toHaveBeenCalled();

    loadFails = false;
    onLine.mockReturnValue(true);
    const calls = load.mock.calls.length;
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(load).toHaveBeenCalledTimes(calls + 1);
    expect(live).toBe(true);
    expect(clicksAfterHydration).toEqual(["terms", "submit"]);
    expect(terms.checked).toBe(true);
    expect(pressesAfterHydration).toBe(1);
    expect(ownStatus().textContent).toBe("");
  });

  it("server unreachable while online: asks to try again, and the next press loads and goes through", async () => {
    onLine.mockReturnValue(true);
    loadFails = true;
    submitButton.click();
    await settle();
    expect(ownStatus().textContent).toBe("Could not load: press again");
    loadFails = false;
    submitButton.click();
    await settle();
    expect(live).toBe(true);
    expect(pressesAfterHydration).toBe(1);
    expect(ownStatus().textContent).toBe("");
  });

  it("an island without its own region speaks through the page's, and is not retried once live", async () => {
    ownStatus().remove();
    loadFails = true;
    requestIslandLoad(outside);
    await settle();
    expect(pageStatus().textContent).toBe("Page offline");
    loadFails = false;
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(live).toBe(true);
    expect(pageStatus().textContent).toBe("");
    const calls = load.mock.calls.length;
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(load).toHaveBeenCalledTimes(calls);
  });
});
