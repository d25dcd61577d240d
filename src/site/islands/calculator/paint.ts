import { calculate, MONTHS_MAX, MONTHS_MIN } from "@common/calculator";
import { pageLanguage } from "@common/languages";
import { radixSliderPercent, sliderPercent } from "~/components/ui/slider-geometry";
import { revenueChartModel } from "~/features/calculator/chart-model";
import { figureValueClass, LOST_REVENUE_FIGURES, MAIN_FIGURES } from "~/features/calculator/figures";
import { figureSize, formatFigure } from "~/features/calculator/format";
import { CALCULATOR_PAINTED_ATTRIBUTE, URL_TEXT_FIELDS } from "~/features/calculator/page-state-keys";
import { calculatorInputs, formFromSearch } from "~/features/calculator/share-link";
import { PAINT_TEXTS_ATTRIBUTE, type PaintTexts, readPaintTexts, withValue } from "./paint-texts";

/**
 * The painter of shared calculator links (ADR 0068): a link whose query holds calculator inputs
 * (ADR 0007) shows its figures at load without React. The page's script imports this module
 * only for such a link (./wake.ts); it reads the query by the island's rules (`formFromSearch`),
 * computes with `calculate` and formats with `formatFigure`, and writes into the island's
 * prerendered HTML exactly what the island renders for that link: inputs, the four results, the
 * slider's position and label, the chart's bars, highlighted month and description, the Lost
 * Revenue figure. It then marks the document (`CALCULATOR_PAINTED_ATTRIBUTE`), so the island's
 * first render on the first interaction uses the link's form and hydration finds what it renders
 * (tests/component/calculator-paint.test.tsx compares the painted HTML with React's render).
 * What is written where is the one thing this module repeats of the components; the math,
 * formatting, texts, chart geometry and figure classes are theirs.
 */

/** The island's elements the painter writes into. */
interface Targets {
  inputs: HTMLInputElement[];
  monthsValue: Element;
  sliderRoot: HTMLElement;
  sliderRange: HTMLElement;
  thumb: HTMLElement;
  figures: Map<string, Element>;
  chartDesc: Element;
  chartGroups: Element[];
  chartLabel: Element;
}

/** Finds every element to write into, or null when one is missing (nothing is then written). */
function findTargets(island: Element): Targets | null {
  const sliderRoot = island.querySelector<HTMLElement>("[data-months-slider]");
  const thumb = sliderRoot?.querySelector<HTMLElement>("[role=slider]");
  // Radix Slider's structure: root > track > range. Its thumb's wrapper stays at 0% until Radix
  // has registered the thumb, in the prerendered HTML as in the first client render; theme.css
  // places the thumb from `--slider-percent` until then.
  const sliderRange = sliderRoot?.firstElementChild?.firstElementChild;
  const monthsValue = island.querySelector("[data-months-value]");
  const chart = island.querySelector("[data-revenue-chart]");
  const chartDesc = chart?.querySelector("desc");
  const chartGroups = chart ? [...chart.querySelectorAll(":scope > g")] : [];
  const chartLabel = chart?.querySelector(":scope > text");
  const figures = new Map<string, Element>();
  for (const { name } of [...MAIN_FIGURES, ...LOST_REVENUE_FIGURES]) {
    const element = island.querySelector(`[data-figure="${name}"]`);
    if (element) figures.set(name, element);
  }
  const inputs = URL_TEXT_FIELDS.map((field) => island.querySelector(`input[name="${field}"]`)).filter(
    (input): input is HTMLInputElement => input instanceof HTMLInputElement,
  );
  if (
    !sliderRoot ||
    !thumb ||
    !(sliderRange instanceof HTMLElement) ||
    !monthsValue ||
    !chartDesc ||
    !chartLabel ||
    chartGroups.length !== MONTHS_MAX - MONTHS_MIN + 1 ||
    figures.size !== MAIN_FIGURES.length + LOST_REVENUE_FIGURES.length
  ) {
    return null;
  }
  return {
    inputs,
    monthsValue,
    sliderRoot,
    sliderRange,
    thumb,
    figures,
    chartDesc,
    chartGroups,
    chartLabel,
  };
}

/**
 * Sets one declaration in an element's `style` attribute, keeping the attribute's text as React
 * wrote it otherwise ("a:b;c:d"): through `element.style` the browser would rewrite the whole
 * attribute in its own format, which React's development build reports as a hydration mismatch.
 */
function setStyleDeclaration(element: Element, property: string, value: string): void {
  const style = element.getAttribute("style") ?? "";
  const declaration = new RegExp(`(^|;)${property}:[^;]*`);
  element.setAttribute(
    "style",
    declaration.test(style)
      ? style.replace(declaration, (_, start: string) => `${start}${property}:${value}`)
      : `${style}${style === "" ? "" : ";"}${property}:${value}`,
  );
}

/**
 * Writes the figures of the link's query into the calculator island's prerendered HTML.
 * @param island the island's element (its prerendered HTML, not yet hydrated)
 * @param search the page's query string, e.g. "?cartSize=52&monthsSinceLaunch=3"
 * @param language the page's language ("en" | "es"): figures in its locale (`formatFigure`)
 * @param texts the page's texts for the painter (./paint-texts.ts)
 * @returns false, writing nothing, when an element to write into is missing
 */
export function paintCalculator(
  island: Element,
  search: string,
  language: string,
  texts: PaintTexts,
): boolean {
  const targets = findTargets(island);
  if (!targets) return false;
  const form = formFromSearch(search);
  const inputs = calculatorInputs(form);
  const results = calculate(inputs);
  const month = results.monthsSinceLaunch;

  for (const input of targets.inputs) {
    // Text typed before this ran is left as typed; the island reads it in when it hydrates.
    if (input.value !== input.defaultValue) continue;
    const text = form.text[input.name as (typeof URL_TEXT_FIELDS)[number]];
    input.setAttribute("value", text);
    input.value = text;
  }

  const monthsText = texts.months[month - MONTHS_MIN] ?? "";
  targets.monthsValue.textContent = monthsText;
  setStyleDeclaration(
    targets.sliderRoot,
    "--slider-percent",
    String(sliderPercent(month, MONTHS_MIN, MONTHS_MAX)),
  );
  setStyleDeclaration(
    targets.sliderRange,
    "right",
    `${100 - radixSliderPercent(month, MONTHS_MIN, MONTHS_MAX)}%`,
  );
  targets.thumb.setAttribute("aria-valuenow", String(month));
  targets.thumb.setAttribute("aria-valuetext", monthsText);

  for (const { name, kind, highlight = false } of [...MAIN_FIGURES, ...LOST_REVENUE_FIGURES]) {
    const element = targets.figures.get(name);
    if (!element) continue;
    const text = formatFigure(results[name], kind, language);
    const size = figureSize(text);
    element.textContent = text;
    element.setAttribute("data-size", size);
    element.setAttribute("class", figureValueClass(size, highlight));
  }

  const { bars, label } = revenueChartModel(inputs.cartSize, inputs.monthlyReceipts, month);
  targets.chartDesc.textContent = bars
    .map((bar, i) =>
      withValue(
        (bar.selected ? texts.chartSelected : texts.chart)[i] ?? "",
        formatFigure(bar.value, "money", language),
      ),
    )
    .join(" ");
  bars.forEach((bar, i) => {
    const group = targets.chartGroups[i];
    const rect = group?.querySelector("rect");
    const monthLabel = group?.querySelector("text");
    if (!group || !rect || !monthLabel) return;
    if (bar.selected) group.setAttribute("data-selected", "true");
    else group.removeAttribute("data-selected");
    rect.setAttribute("y", String(bar.y));
    rect.setAttribute("height", String(bar.height));
    rect.setAttribute("fill", bar.fill);
    monthLabel.setAttribute("fill", bar.labelFill);
    monthLabel.setAttribute("font-weight", String(bar.labelWeight));
  });
  if (label) {
    targets.chartLabel.setAttribute("x", label.x);
    targets.chartLabel.setAttribute("y", String(label.y));
    targets.chartLabel.setAttribute("text-anchor", label.anchor);
    targets.chartLabel.textContent = formatFigure(label.value, "money", language);
  }

  document.documentElement.setAttribute(CALCULATOR_PAINTED_ATTRIBUTE, "");
  return true;
}

/**
 * Paints the page's calculator for the page's query, when its island has not hydrated yet
 * (Astro removes the island's `ssr` attribute when it hydrates; once live, React owns its DOM).
 * @param marker the calculator's wake marker, which carries the painter's texts
 * @returns true when painted; false when there was nothing to paint into or no texts (the caller
 *   then hydrates the island, which reads the link itself)
 */
export function paintCalculatorOnPage(marker: Element): boolean {
  const island = document.querySelector("[data-revenue-chart]")?.closest("astro-island");
  const texts = readPaintTexts(marker.getAttribute(PAINT_TEXTS_ATTRIBUTE));
  if (!island?.hasAttribute("ssr") || !texts) return false;
  return paintCalculator(island, window.location.search, pageLanguage(window.location.pathname), texts);
}
