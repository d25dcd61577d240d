import { afterEach, describe, expect, it } from "vitest";
import { CHANNEL_PARTNER_UNLOCKED_KEY } from "~/features/calculator/content";
import { PENDING_STORAGE_KEY } from "~/features/retailer-demo/pending-storage-key";
import { calculatorAtLoad } from "../../src/site/islands/calculator/wake";
import { registrationsPending } from "../../src/site/islands/registration/wake";
import { replayKeysAfterHydration } from "../../src/site/islands/replay-keys";

/** A storage holding `entries` only. */
const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });
const blocked = {
  getItem: () => {
    throw new DOMException("blocked", "SecurityError");
  },
};

describe("when an island hydrates with the page", () => {
  it("the calculator: a link with an input or the slider is painted, a session that gave the partner password hydrates", () => {
    expect(calculatorAtLoad("", storage({}))).toBe("wait");
    expect(calculatorAtLoad("?utm_source=mail", storage({}))).toBe("wait");
    // The partner percentage is never in a shared link (ADR 0007): alone, it changes nothing shown.
    expect(calculatorAtLoad("?partnerCommissionPercentage=12", storage({}))).toBe("wait");
    expect(calculatorAtLoad("?cartSize=52", storage({}))).toBe("paint");
    expect(calculatorAtLoad("?monthsSinceLaunch=3", storage({}))).toBe("paint");
    expect(calculatorAtLoad("?storesInBrand=40", null)).toBe("paint");
    expect(calculatorAtLoad("", storage({ [CHANNEL_PARTNER_UNLOCKED_KEY]: "1" }))).toBe("hydrate");
    // The partner section needs the server and React: the island reads the link's inputs itself.
    expect(calculatorAtLoad("?cartSize=52", storage({ [CHANNEL_PARTNER_UNLOCKED_KEY]: "1" }))).toBe(
      "hydrate",
    );
    expect(calculatorAtLoad("", blocked)).toBe("wait");
    expect(calculatorAtLoad("?cartSize=52", blocked)).toBe("paint");
  });

  it("the registration form: when registrations saved offline wait to be resent", () => {
    expect(registrationsPending(storage({}))).toBe(false);
    expect(registrationsPending(storage({ [PENDING_STORAGE_KEY]: "[{}]" }))).toBe(true);
    expect(registrationsPending(null)).toBe(false);
    expect(registrationsPending(blocked)).toBe(false);
  });
});

describe("keys pressed before an island hydrates", () => {
  let island: HTMLElement | null = null;
  afterEach(() => island?.remove());

  /** A server-rendered island with a slider thumb and a text field. */
  function staticIsland() {
    island = document.createElement("astro-island");
    island.setAttribute("ssr", "");
    island.innerHTML = '<span role="slider" tabindex="0"></span><input name="cartSize" />';
    document.body.append(island);
    return {
      thumb: island.querySelector("span") as HTMLElement,
      input: island.querySelector("input") as HTMLInputElement,
    };
  }

  it("are held, then replayed in order, one per task, once it has hydrated; typing is left alone", async () => {
    const { thumb, input } = staticIsland();
    replayKeysAfterHydration(island as HTMLElement);
    const press = (target: HTMLElement, key: string) =>
      target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));

    expect(press(thumb, "ArrowRight")).toBe(false); // held: no page scroll
    expect(press(thumb, "End")).toBe(false);
    expect(press(thumb, "a")).toBe(true); // not a widget key
    expect(press(input, "ArrowLeft")).toBe(true); // the browser moves the caret itself

    const replayed: string[] = [];
    thumb.addEventListener("keydown", (event) => replayed.push(event.key));
    island?.removeAttribute("ssr");
    island?.dispatchEvent(new CustomEvent("astro:hydrate"));
    expect(replayed).toEqual(["ArrowRight"]);
    await expect.poll(() => replayed).toEqual(["ArrowRight", "End"]);

    // Once live, keys are the island's own.
    expect(press(thumb, "ArrowLeft")).toBe(true);
    expect(replayed).toEqual(["ArrowRight", "End", "ArrowLeft"]);
  });
});
