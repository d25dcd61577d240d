import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Calculator } from "~/features/calculator/calculator";
import { CALCULATOR_PAINTED_ATTRIBUTE } from "~/features/calculator/page-state-keys";
import { i18next, setPageLanguage } from "~/lib/i18n";
import { esCalculator } from "~/locales/es-calculator";
import { paintCalculator } from "../../src/site/islands/calculator/paint";
import { paintTexts, readPaintTexts, withValue } from "../../src/site/islands/calculator/paint-texts";
import { setupPage } from "../../src/site/layouts/page-language";

/**
 * The painter of shared calculator links (ADR 0068) against the island itself: the prerendered
 * HTML with a link's figures painted in must be, node for node and attribute for attribute, what
 * the island renders for that link, or React would discard it on hydration (text) or keep stale
 * attributes (a bar's height, the slider's range) until they next change.
 */

afterEach(() => {
  document.documentElement.removeAttribute(CALCULATOR_PAINTED_ATTRIBUTE);
  window.history.replaceState(null, "", "/calculator");
  setPageLanguage("en");
  document.body.innerHTML = "";
});

/** The island's HTML as the build prerenders it (defaults) or, painted, as React renders a link. */
function islandHtml(search: string | null): string {
  if (search === null) {
    document.documentElement.removeAttribute(CALCULATOR_PAINTED_ATTRIBUTE);
    window.history.replaceState(null, "", "/calculator");
  } else {
    document.documentElement.setAttribute(CALCULATOR_PAINTED_ATTRIBUTE, "");
    window.history.replaceState(null, "", `/calculator${search}`);
  }
  const html = renderToString(<Calculator />);
  document.documentElement.removeAttribute(CALCULATOR_PAINTED_ATTRIBUTE);
  return html;
}

/** A `style` attribute as property → value pairs, however it was written ("a:b;c:d" or "a: b; c: d;"). */
function styleEntries(style: string): string[] {
  return style
    .split(";")
    .map((declaration) => declaration.replace(/\s+/g, ""))
    .filter(Boolean)
    .sort();
}

/** Every difference between two trees: tag, attributes (style by declaration), text and comments. */
function differences(actual: Node, expected: Node, path = "island"): string[] {
  if (actual.nodeType !== expected.nodeType || actual.nodeName !== expected.nodeName) {
    return [`${path}: ${actual.nodeName} instead of ${expected.nodeName}`];
  }
  if (!(actual instanceof Element) || !(expected instanceof Element)) {
    return actual.nodeValue === expected.nodeValue
      ? []
      : [`${path}: "${actual.nodeValue}" instead of "${expected.nodeValue}"`];
  }
  const found: string[] = [];
  const names = new Set([...actual.getAttributeNames(), ...expected.getAttributeNames()]);
  for (const name of names) {
    const a = actual.getAttribute(name);
    const b = expected.getAttribute(name);
    const same =
      name === "style" && a !== null && b !== null
        ? styleEntries(a).join(";") === styleEntries(b).join(";")
        : a === b;
    if (!same) found.push(`${path}@${name}: ${a} instead of ${b}`);
  }
  const a = [...actual.childNodes];
  const b = [...expected.childNodes];
  if (a.length !== b.length) return [...found, `${path}: ${a.length} children instead of ${b.length}`];
  a.forEach((child, i) => {
    found.push(...differences(child, b[i] as Node, `${path}>${child.nodeName}[${i}]`));
  });
  return found;
}

/** The prerendered island with the link's figures painted in. */
function paintedIsland(search: string, language: "en" | "es"): HTMLElement {
  const island = document.createElement("div");
  island.innerHTML = islandHtml(null);
  expect(paintCalculator(island, search, language, paintTexts(i18next.t))).toBe(true);
  return island;
}

const LINKS = [
  "?cartSize=52&monthlyReceipts=20000&monthsSinceLaunch=3",
  "?cartSize=62.5&monthlyReceipts=18000&monthsSinceLaunch=7&months=6&currentPerStore=4&hourlyRate=18.5&stores=3",
  // Figures long enough to be printed smaller; the first month's label grows inward.
  "?cartSize=99999999&monthlyReceipts=99999999&monthsSinceLaunch=1&stores=99999",
  // Nothing to chart (every bar 0 high); a text that is no number counts as 0; the slider clamped.
  "?cartSize=abc&monthlyReceipts=0&monthsSinceLaunch=99",
  // Only the months: the other fields keep their defaults.
  "?monthsSinceLaunch=5",
];

describe("painting a shared link into the calculator's prerendered HTML", () => {
  it.each(LINKS)("gives what the island renders for %s (English)", (search) => {
    const island = paintedIsland(search, "en");
    const expected = document.createElement("div");
    expected.innerHTML = islandHtml(search);
    expect(differences(island, expected)).toEqual([]);
  });

  it("gives what the island renders in Spanish: figures in es-US, texts of the Spanish page", () => {
    setupPage("es", {}, { calculator: esCalculator });
    const search = LINKS[1] as string;
    const island = paintedIsland(search, "es");
    const expected = document.createElement("div");
    expected.innerHTML = islandHtml(search);
    expect(differences(island, expected)).toEqual([]);
    expect(island.querySelector("[data-months-value]")?.textContent).toBe("7 meses");
  });

  it("leaves alone an input typed into before it ran", () => {
    const island = document.createElement("div");
    island.innerHTML = islandHtml(null);
    const cartSize = island.querySelector<HTMLInputElement>('input[name="cartSize"]') as HTMLInputElement;
    cartSize.value = "70";
    paintCalculator(island, "?cartSize=52&monthlyReceipts=20000", "en", paintTexts(i18next.t));
    expect(cartSize.value).toBe("70");
    expect(island.querySelector<HTMLInputElement>('input[name="monthlyReceipts"]')?.value).toBe("20000");
  });

  it("writes nothing when the HTML is not the calculator's", () => {
    const island = document.createElement("div");
    island.innerHTML = '<input name="cartSize" value="45">';
    expect(paintCalculator(island, "?cartSize=52", "en", paintTexts(i18next.t))).toBe(false);
    expect(island.querySelector("input")?.value).toBe("45");
    expect(document.documentElement.hasAttribute(CALCULATOR_PAINTED_ATTRIBUTE)).toBe(false);
  });

  it("hydrates without a mismatch, and the island goes on from the link's figures", async () => {
    const search = LINKS[0] as string;
    const island = paintedIsland(search, "en");
    window.history.replaceState(null, "", `/calculator${search}`);
    document.body.append(island);
    const before = island.querySelector('[data-figure="monthlyIncreaseInRevenue"]')?.textContent;
    const errors: unknown[] = [];
    // React's act() as in testing-library's render.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const consoleError = vi.spyOn(console, "error").mockImplementation((...args) => errors.push(args));
    try {
      await act(async () => {
        hydrateRoot(island, <Calculator />, { onRecoverableError: (error) => errors.push(error) });
      });
    } finally {
      consoleError.mockRestore();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    }
    expect(errors).toEqual([]);
    expect(before).toBe("$93,288"); // 20,000 × 0.13 × 3 = 7,800 visits × $52 × 0.23
    expect(island.querySelector('[data-figure="monthlyIncreaseInRevenue"]')?.textContent).toBe(before);
    // Hydration read nothing as typed: the link stays as it was shared.
    expect(window.location.search).toBe(search);
  });
});

describe("the painter's texts", () => {
  it("round-trip through the page, and a malformed attribute is refused", () => {
    const texts = paintTexts(i18next.t);
    expect(readPaintTexts(JSON.stringify(texts))).toEqual(texts);
    expect(texts.months[2]).toBe("3 months");
    expect(withValue(texts.chartSelected[2] as string, "$1,000")).toBe("Month 3 (selected): $1,000.");
    expect(readPaintTexts(null)).toBeNull();
    expect(readPaintTexts("{")).toBeNull();
    expect(readPaintTexts(JSON.stringify({ ...texts, months: texts.months.slice(1) }))).toBeNull();
  });

  it("keep a dollar sign in a figure as it is (no replacement patterns)", () => {
    expect(withValue("Month 1: {value}.", "$&$1")).toBe("Month 1: $&$1.");
  });
});
