import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playWhenHalfInView } from "../../src/site/scripts/product-video";

/**
 * The product video's framework-free player (docs/product.md#1-audience: "A video plays once
 * when half in view"): poster when near, one play when half in view, none under reduced motion.
 * jsdom has no IntersectionObserver: a stand-in records observers so the test decides what is
 * in view.
 */

type Observer = { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; live: boolean };
let observers: Observer[];
let reducedMotion: boolean;

beforeEach(() => {
  observers = [];
  reducedMotion = false;
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      record: Observer;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, live: true };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.live = false;
      }
    },
  );
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("reduce") && reducedMotion,
  }));
});
afterEach(() => vi.unstubAllGlobals());

function video(): { element: HTMLVideoElement; play: ReturnType<typeof vi.fn> } {
  const element = document.createElement("video");
  element.dataset.poster = "/media/product-tour-poster.jpg";
  const play = vi.fn(() => Promise.resolve());
  element.play = play;
  return { element, play };
}

/** Tells the live observers matching `pick` that the video intersects. */
function comeIntoView(pick: (observer: Observer) => boolean) {
  for (const observer of observers.filter((o) => o.live && pick(o))) {
    observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  }
}
const near = (o: Observer) => o.options?.rootMargin === "100% 0px";
const halfVisible = (o: Observer) => o.options?.threshold === 0.5;

describe("product video player", () => {
  it("sets the poster only when the video comes near, and plays once when half in view", () => {
    const { element, play } = video();
    playWhenHalfInView(element);
    expect(element.getAttribute("poster")).toBeNull();
    comeIntoView(near);
    expect(element.getAttribute("poster")).toBe("/media/product-tour-poster.jpg");
    expect(play).not.toHaveBeenCalled();
    comeIntoView(halfVisible);
    comeIntoView(halfVisible);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it("never plays under reduced motion, though the poster still comes", () => {
    reducedMotion = true;
    const { element, play } = video();
    playWhenHalfInView(element);
    comeIntoView(() => true);
    expect(element.getAttribute("poster")).toBe("/media/product-tour-poster.jpg");
    expect(play).not.toHaveBeenCalled();
  });
});
