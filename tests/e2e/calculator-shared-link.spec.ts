import type { Page } from "@playwright/test";
import { type CalculateInputs, calculate } from "../../src/common/calculator";
import { expect, test } from "./support/fixtures";
import { islandModule, islandOf } from "./support/islands";

/**
 * A shared calculator link shows its figures at load without React (ADR 0068): the page's script
 * paints them into the static HTML; the island hydrates on the first interaction, from the same
 * figures, with no hydration mismatch.
 */

/** Every default input of the page (src/client/features/calculator/content.ts), for `calculate`. */
const DEFAULTS: CalculateInputs = {
  cartSize: 45,
  monthlyReceipts: 40_000,
  monthsSinceLaunch: 1,
  months: 12,
  currentPerStore: 8,
  hourlyRate: 16,
  stores: 10,
  partnerCommissionPercentage: 10,
  storesInBrand: 25,
};

/** The calculator's figure formats (docs/product.md#9-constants) in a locale: no decimals, grouped. */
function formats(locale: string) {
  const options = { maximumFractionDigits: 0, minimumFractionDigits: 0, useGrouping: "always" } as const;
  const money = new Intl.NumberFormat(locale, {
    ...options,
    style: "currency",
    currency: "USD",
    currencyDisplay: "narrowSymbol",
  });
  const count = new Intl.NumberFormat(locale, options);
  return { money: (value: number) => money.format(value), count: (value: number) => count.format(value) };
}

/** Collects what the page logs as an error or warning, and its uncaught errors (a hydration mismatch is one). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** The script paths the page requests. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const figure = (page: Page, name: string) => page.getByTestId(`figure-${name}`);

/** The four results, the Lost Revenue figure and the chart, as `calculate` and the locale give them. */
async function expectFigures(
  page: Page,
  inputs: CalculateInputs,
  format: ReturnType<typeof formats>,
  chartSentence: string,
) {
  const results = calculate(inputs);
  await expect(figure(page, "monthlyAppVisits")).toHaveText(format.count(results.monthlyAppVisits));
  await expect(figure(page, "monthlyAverageAppCartSize")).toHaveText(
    format.money(results.monthlyAverageAppCartSize),
  );
  await expect(figure(page, "monthlyIncreaseInRevenue")).toHaveText(
    format.money(results.monthlyIncreaseInRevenue),
  );
  await expect(figure(page, "monthlyCommission")).toHaveText(format.money(results.monthlyCommission));
  await expect(figure(page, "lostRevenue")).toHaveText(format.money(results.lostRevenue));
  const chart = page.locator("svg[data-revenue-chart]");
  await expect(chart.locator("desc")).toContainText(chartSentence);
  await expect(chart.locator("g[data-selected]")).toHaveCount(1);
  await expect(chart.locator("g[data-selected] text")).toHaveText(`M${inputs.monthsSinceLaunch}`);
  await expect(chart.locator(":scope > text")).toHaveText(format.money(results.monthlyIncreaseInRevenue));
}

test("a shared link shows its figures before any interaction without React, then hydrates from them", async ({
  app,
  page,
}) => {
  const problems = problemsOf(page);
  const scripts = scriptsOf(page);
  const url = `${app.baseUrl}/calculator?cartSize=52&monthlyReceipts=20000&monthsSinceLaunch=3&months=6`;
  const module = await islandModule(url, "CalculatorEn");
  await page.goto(url);

  const en = formats("en");
  const inputs = { ...DEFAULTS, cartSize: 52, monthlyReceipts: 20_000, monthsSinceLaunch: 3, months: 6 };
  const increase = en.money(calculate(inputs).monthlyIncreaseInRevenue);
  expect(increase).toBe("$93,288"); // 20,000 × 0.13 × 3 = 7,800 visits × $52 × 0.23
  await expectFigures(page, inputs, en, `Month 3 (selected): ${increase}.`);
  await expect(page.getByLabel("Average receipt ($)")).toHaveValue("52");
  await expect(page.getByLabel("Monthly receipts per store")).toHaveValue("20000");
  await expect(page.getByLabel("Months", { exact: true })).toHaveValue("6");
  await expect(page.getByTestId("months-value")).toHaveText("3 months");
  const slider = page.getByRole("slider", { name: "Months since launch" });
  await expect(slider).toHaveAttribute("aria-valuenow", "3");
  await expect(slider).toHaveAttribute("aria-valuetext", "3 months");

  // Still the static HTML: neither the island's module nor React's renderer was requested.
  const island = islandOf(page, module);
  await expect(island).toHaveAttribute("ssr", "");
  const renderer = (await island.getAttribute("renderer-url")) ?? "no renderer";
  expect(scripts).not.toContain(module);
  expect(scripts).not.toContain(renderer);

  // The first interaction hydrates the island, which shows the same figures.
  await page.getByLabel("Average receipt ($)").focus();
  await expect(island).not.toHaveAttribute("ssr");
  expect(scripts).toContain(module);
  await expectFigures(page, inputs, en, `Month 3 (selected): ${increase}.`);
  // Hydrating changed nothing, so the address is still the link as shared.
  expect(new URL(page.url()).search).toBe("?cartSize=52&monthlyReceipts=20000&monthsSinceLaunch=3&months=6");

  // From then on the calculator works as before: typing updates the figures and the link.
  await page.getByLabel("Average receipt ($)").fill("60");
  const typed = { ...inputs, cartSize: 60 };
  await expectFigures(
    page,
    typed,
    en,
    `Month 3 (selected): ${en.money(calculate(typed).monthlyIncreaseInRevenue)}.`,
  );
  await expect(page).toHaveURL(/cartSize=60/);
  expect(problems).toEqual([]);
});

test("a shared link in Spanish shows its figures in the Spanish format before any interaction", async ({
  app,
  page,
}) => {
  const problems = problemsOf(page);
  const url = `${app.baseUrl}/es/calculator?cartSize=62.5&monthlyReceipts=18000&monthsSinceLaunch=7&stores=3`;
  const module = await islandModule(url, "CalculatorEs");
  await page.goto(url);

  const es = formats("es-US");
  const inputs = { ...DEFAULTS, cartSize: 62.5, monthlyReceipts: 18_000, monthsSinceLaunch: 7, stores: 3 };
  const increase = es.money(calculate(inputs).monthlyIncreaseInRevenue);
  await expectFigures(page, inputs, es, `Mes 7 (seleccionado): ${increase}.`);
  await expect(page.getByLabel("Ticket promedio ($)")).toHaveValue("62.5");
  await expect(page.getByTestId("months-value")).toHaveText("7 meses");
  await expect(page.getByRole("slider", { name: "Meses desde el lanzamiento" })).toHaveAttribute(
    "aria-valuenow",
    "7",
  );
  const island = islandOf(page, module);
  await expect(island).toHaveAttribute("ssr", "");

  await page.getByLabel("Tickets al mes por tienda").fill("20000");
  await expect(island).not.toHaveAttribute("ssr");
  const typed = { ...inputs, monthlyReceipts: 20_000 };
  await expectFigures(
    page,
    typed,
    es,
    `Mes 7 (seleccionado): ${es.money(calculate(typed).monthlyIncreaseInRevenue)}.`,
  );
  await expect(page).toHaveURL(/monthlyReceipts=20000/);
  expect(problems).toEqual([]);
});
