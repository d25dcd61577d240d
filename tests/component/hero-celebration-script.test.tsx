import { HERO_CELEBRATION_MS } from "@common/limits";
import { screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Hero } from "~/features/landing/hero";
import { setPageLanguage } from "~/lib/i18n";
import { addSpanish } from "~/locales/es-register";
import { celebrateHeroLater } from "../../src/site/scripts/hero-celebration";

/**
 * The static landing page's hero (ADR 0064): the HTML the build renders, with no React in the
 * browser, turns the pulsing ellipsis into the emoji row after 6000 ms (docs/product.md#4-states),
 * in the page's language, through its small script.
 */
describe("the static hero's celebration", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setPageLanguage("en");
    document.body.replaceChildren();
  });

  /** Puts the hero's static HTML in the document, as the built page holds it, and starts its script. */
  function loadStaticHero() {
    document.body.innerHTML = renderToStaticMarkup(
      <MemoryRouter>
        <Hero />
      </MemoryRouter>,
    );
    celebrateHeroLater();
  }

  it("shows the ellipsis, then the emoji row once 6000 ms have passed", () => {
    loadStaticHero();
    expect(screen.getByRole("img", { name: "More on the way" })).toBeTruthy();
    vi.advanceTimersByTime(HERO_CELEBRATION_MS - 1);
    expect(screen.queryByRole("img", { name: "Celebration" })).toBeNull();
    vi.advanceTimersByTime(1);
    expect(screen.getByRole("img", { name: "Celebration" }).textContent).toBe("🎉🛒🚀✨🥳");
    expect(screen.queryByRole("img", { name: "More on the way" })).toBeNull();
    // Announced: the row replaces the ellipsis inside the polite live region.
    expect(screen.getByRole("img", { name: "Celebration" }).parentElement?.getAttribute("aria-live")).toBe(
      "polite",
    );
  });

  it("labels the row in the page's language", () => {
    addSpanish();
    setPageLanguage("es");
    loadStaticHero();
    vi.advanceTimersByTime(HERO_CELEBRATION_MS);
    expect(screen.getByRole("img", { name: "Celebración" })).toBeTruthy();
  });
});
