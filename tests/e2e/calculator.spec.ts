import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type CalculateInputs, calculate } from "../../src/common/calculator";
import { SHAKE_DURATION_MS } from "../../src/common/limits";
import { axe } from "./support/axe";
import { expect, fastForwardUntil, gotoHydrated, PARTNER_PASSWORD, test } from "./support/fixtures";
import { holdModule, islandModule, islandOf } from "./support/islands";

/** The session hint of src/client/features/calculator/content.ts (its `@common` import does not resolve here). */
const CHANNEL_PARTNER_UNLOCKED_KEY = "aisleiq.channelPartnerUnlocked";

const money = new Intl.NumberFormat("en", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const figure = (page: Page, name: string) => page.getByTestId(`figure-${name}`);

/** The inputs the tests type, and what the page must show for them (docs/product.md#9-constants formulas). */
const INPUTS: CalculateInputs = {
  cartSize: 62.5,
  monthlyReceipts: 18_000,
  monthsSinceLaunch: 3,
  months: 6,
  currentPerStore: 4,
  hourlyRate: 18.5,
  stores: 3,
  partnerCommissionPercentage: 12.5,
  storesInBrand: 40,
};
const EXPECTED = calculate(INPUTS);

async function fillMainAndLostRevenue(page: Page) {
  await page.getByLabel("Average receipt ($)").fill(String(INPUTS.cartSize));
  await page.getByLabel("Monthly receipts per store").fill(String(INPUTS.monthlyReceipts));
  const slider = page.getByRole("slider", { name: "Months since launch" });
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuenow", "3");
  await page.getByRole("button", { name: "Lost Revenue" }).click();
  await page.getByLabel("Months", { exact: true }).fill(String(INPUTS.months));
  await page.getByLabel("Customer-experience employees per store").fill(String(INPUTS.currentPerStore));
  await page.getByLabel("Hourly rate ($)").fill(String(INPUTS.hourlyRate));
  await page.getByLabel("Stores", { exact: true }).fill(String(INPUTS.stores));
}

async function expectMainFigures(page: Page) {
  await expect(figure(page, "monthlyAppVisits")).toHaveText(count.format(EXPECTED.monthlyAppVisits));
  await expect(figure(page, "monthlyAverageAppCartSize")).toHaveText(
    money.format(EXPECTED.monthlyAverageAppCartSize),
  );
  await expect(figure(page, "monthlyIncreaseInRevenue")).toHaveText(
    money.format(EXPECTED.monthlyIncreaseInRevenue),
  );
  await expect(figure(page, "monthlyCommission")).toHaveText(money.format(EXPECTED.monthlyCommission));
}

test("the figures follow the documented formulas as the inputs change", async ({ app, page }) => {
  await page.goto(`${app.baseUrl}/calculator`);
  await expect(page).toHaveTitle("Revenue Calculator · AisleIQ");
  await expect(page.getByRole("heading", { level: 1, name: "Revenue Calculator" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  // Get Started opens the sign-up (Get Started) dialog with the Optimal plan.
  await page.getByRole("button", { name: "Get Started" }).click();
  const dialog = page.getByRole("dialog", { name: "Get Started" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Selected plan: Optimal.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("All figures are estimates", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Lost Revenue" })).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Hourly rate ($)")).toBeHidden();

  await fillMainAndLostRevenue(page);
  // 18,000 × 0.13 × 3 = 7,020 visits; 62.5 × 1.23 = $76.875; 7,020 × 62.5 × 0.23 = $100,912.50
  expect(EXPECTED.monthlyAppVisits).toBeCloseTo(7020, 6);
  expect(EXPECTED.monthlyIncreaseInRevenue).toBeCloseTo(100_912.5, 6);
  await expectMainFigures(page);
  await expect(figure(page, "monthlyIncreaseInRevenue")).toHaveText("$100,913");
  await expect(figure(page, "lostRevenue")).toHaveText(money.format(EXPECTED.lostRevenue));

  // The chart highlights the selected month and describes every month for screen readers.
  const chart = page.getByRole("img", { name: "Monthly revenue increase by month since launch" });
  await expect(chart).toBeVisible();
  await expect(chart.locator("desc")).toContainText("Month 3 (selected): $100,913.");
});

test("a shared link reopens with the same figures, without the partner percentage", async ({
  app,
  page,
  context,
}) => {
  await gotoHydrated(page, `${app.baseUrl}/calculator`);
  const historyLength = await page.evaluate(() => history.length);
  await fillMainAndLostRevenue(page);
  await expect(page).toHaveURL(/monthsSinceLaunch=3/);
  const url = new URL(page.url());
  expect(url.pathname).toBe("/calculator");
  expect(url.searchParams.get("cartSize")).toBe("62.5");
  expect(url.searchParams.get("monthlyReceipts")).toBe("18000");
  expect(url.searchParams.get("hourlyRate")).toBe("18.5");
  expect(url.searchParams.has("partnerCommissionPercentage")).toBe(false);
  // Typing replaced the history entry instead of pushing one per keystroke.
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  const other = await context.newPage();
  const problems: string[] = [];
  other.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  other.on("pageerror", (error) => problems.push(error.message));
  await other.goto(url.toString());
  await expect(other.getByLabel("Average receipt ($)")).toHaveValue("62.5");
  await expect(other.getByRole("slider", { name: "Months since launch" })).toHaveAttribute(
    "aria-valuenow",
    "3",
  );
  await expectMainFigures(other);
  await other.getByRole("button", { name: "Lost Revenue" }).click();
  await expect(figure(other, "lostRevenue")).toHaveText(money.format(EXPECTED.lostRevenue));
  // Hydrating the prerendered page with different inputs raises no mismatch error.
  expect(problems).toEqual([]);
  await other.close();
});

test("Channel Partner: a wrong password is refused, the right one unlocks for the session", async ({
  app,
  page,
}) => {
  await page.clock.install();
  await page.goto(`${app.baseUrl}/calculator?cartSize=62.5&monthlyReceipts=18000&monthsSinceLaunch=3`);
  await expect(figure(page, "monthlyAppVisits")).toHaveText("7,020");
  const heading = page.getByRole("heading", { name: "Channel Partner" });
  const panel = page.locator(".calc-section").filter({ has: heading });
  const password = panel.getByLabel("Password");

  await password.fill("not-the-password");
  await panel.getByRole("button", { name: "Unlock" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Incorrect password. Please try again.");
  await expect(password).toHaveValue("");
  await expect(panel).toHaveAttribute("data-state", "error");
  await expect(panel).toHaveClass(/border-destructive/);
  // Red for 2 s (the page's clock), then back to normal.
  await fastForwardUntil(page, SHAKE_DURATION_MS, () =>
    expect(panel).not.toHaveAttribute("data-state", "error", { timeout: 1000 }),
  );
  await expect(page.getByLabel("Partner commission (%)")).toHaveCount(0);

  await password.fill(PARTNER_PASSWORD);
  await panel.getByRole("button", { name: "Unlock" }).click();
  const percentage = page.getByLabel("Partner commission (%)");
  await expect(percentage).toBeFocused();
  await expect(percentage).toHaveAttribute("min", "0");
  await expect(percentage).toHaveAttribute("step", "0.1");
  await expect(page.getByLabel("Stores in brand")).toHaveAttribute("step", "1");
  await percentage.fill(String(INPUTS.partnerCommissionPercentage));
  await page.getByLabel("Stores in brand").fill(String(INPUTS.storesInBrand));
  await expect(figure(page, "commissionPerStore")).toHaveText(money.format(EXPECTED.commissionPerStore));
  await expect(figure(page, "totalPartnerCommission")).toHaveText(
    money.format(EXPECTED.totalPartnerCommission),
  );
  await expect(page).toHaveURL(/storesInBrand=40/);
  expect(page.url()).not.toContain("partnerCommissionPercentage");

  // Unlocked for the browser session: a reload keeps the section open.
  await page.reload();
  await expect(page.getByLabel("Stores in brand")).toHaveValue("40");
  await expect(page.getByLabel("Password")).toHaveCount(0);
});

test("Channel Partner: a sessionStorage flag without the password unlocks nothing, and no client file holds the section's texts", async ({
  app,
  page,
}) => {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, "1"), CHANNEL_PARTNER_UNLOCKED_KEY);
  const asked = page.waitForResponse((response) =>
    response.url().endsWith("/api/gates/channel-partner/content"),
  );
  await page.goto(`${app.baseUrl}/calculator`);
  expect((await asked).status()).toBe(401);
  const panel = page
    .locator(".calc-section")
    .filter({ has: page.getByRole("heading", { name: "Channel Partner" }) });
  await expect(panel.getByLabel("Password")).toBeVisible();
  await expect(page.getByLabel("Partner commission (%)")).toHaveCount(0);
  await expect(figure(page, "totalPartnerCommission")).toHaveCount(0);

  // The builds (the static site's and the browser app's, ADR 0064: every chunk, catalog and page)
  // carry none of the texts the password protects (ADR 0035); they come from the server only.
  const files = (
    await Promise.all(
      ["build/site", "build/client"].map((dir) => readdir(dir, { recursive: true, withFileTypes: true })),
    )
  )
    .flat()
    .filter((entry) => entry.isFile());
  expect(files.length).toBeGreaterThan(10);
  for (const entry of files) {
    const text = await readFile(join(entry.parentPath, entry.name), "latin1");
    for (const secret of [
      "Partner commission (%)",
      "Stores in brand",
      "Comisi\u00f3n del socio",
      "Tiendas de la marca",
    ]) {
      expect(
        text.includes(secret) || text.includes(Buffer.from(secret, "utf8").toString("latin1")),
        `${secret} in ${entry.name}`,
      ).toBe(false);
    }
  }
});

test("the wrong-password shake is skipped under reduced motion; the red panel stays; each wrong attempt shakes anew", async ({
  app,
  page,
}) => {
  // The page's timers (the red panel's 2 s) wait for the test, so every attempt lands while the
  // panel is still flagged, however slow the machine; CSS animations keep real time.
  await page.clock.install({ time: new Date("2026-11-20T09:00:00Z") });
  await page.clock.pauseAt(new Date("2026-11-20T09:00:01Z"));
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`${app.baseUrl}/calculator`);
  const panel = page
    .locator(".calc-section")
    .filter({ has: page.getByRole("heading", { name: "Channel Partner" }) });
  /** The panel's running CSS animation: its keyframes' name and how far it has played (ms), or null. */
  const shake = () =>
    panel.evaluate((el) => {
      const running = el
        .getAnimations()
        .find((animation) => animation instanceof CSSAnimation && animation.playState === "running");
      return running instanceof CSSAnimation
        ? { name: running.animationName, at: Number(running.currentTime) }
        : null;
    });
  const wrongAttempt = async (password: string) => {
    await panel.getByLabel("Password").fill(password);
    await panel.getByRole("button", { name: "Unlock" }).click();
  };

  await wrongAttempt("wrong");
  await expect(panel).toHaveAttribute("data-state", "error");
  expect(await panel.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  expect(await shake()).toBeNull();

  await page.emulateMedia({ reducedMotion: "no-preference" });
  await wrongAttempt("wrong again");
  const poll = { timeout: 5000, intervals: [50] };
  await expect.poll(async () => (await shake())?.name, poll).toBe("calc-shake");
  // Let this shake run a while, then a third wrong attempt must start it over (not let it run out).
  let before = 0;
  await expect.poll(async () => (before = (await shake())?.at ?? 0), poll).toBeGreaterThanOrEqual(700);
  await wrongAttempt("still wrong");
  // The shake that started over, as sampled while it ran (it lasts 2 s of real time, which a
  // loaded machine may spend between two reads).
  const restarted: ({ name: string; at: number } | null)[] = [];
  await expect
    .poll(async () => {
      restarted.unshift(await shake());
      return restarted[0]?.at ?? Number.POSITIVE_INFINITY;
    }, poll)
    .toBeLessThan(before);
  await expect(panel).toHaveAttribute("data-state", "error");
  expect(restarted[0]?.name).toBe("calc-shake");
  await page.clock.runFor(SHAKE_DURATION_MS);
  await expect(panel).not.toHaveAttribute("data-state", "error");
});

test("no horizontal overflow at 390 px, even with huge figures", async ({ app, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(
    `${app.baseUrl}/calculator?cartSize=99999999&monthlyReceipts=99999999999&monthsSinceLaunch=7`,
  );
  await expect(figure(page, "monthlyIncreaseInRevenue")).toHaveAttribute("data-size", "smallest");
  await page.getByRole("button", { name: "Lost Revenue" }).click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("axe finds no WCAG 2.2 AA violations, locked and unlocked", async ({ app, page }) => {
  const scan = () => axe(page).analyze();
  await page.goto(`${app.baseUrl}/calculator`);
  await expect(figure(page, "monthlyAppVisits")).toHaveText("5,200");
  await page.getByRole("button", { name: "Lost Revenue" }).click();
  expect((await scan()).violations).toEqual([]);

  await page.getByLabel("Password").fill(PARTNER_PASSWORD);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByLabel("Partner commission (%)")).toBeVisible();
  expect((await scan()).violations).toEqual([]);
});

test("the calculator's code loads on first interaction or with the page for a Channel Partner session; a shared link shows its figures at once", async ({
  app,
  page,
}) => {
  const module = await islandModule(`${app.baseUrl}/calculator`, "CalculatorEn");
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));

  // The static page already shows the default figures; nothing of the calculator loads.
  await page.goto(`${app.baseUrl}/calculator`);
  await page.waitForLoadState("networkidle");
  await expect(figure(page, "monthlyAppVisits")).toHaveText("5,200");
  expect(requested).not.toContain(module);
  await expect(islandOf(page, module)).toHaveAttribute("ssr", "");
  await page.getByLabel("Average receipt ($)").focus();
  await expect(islandOf(page, module)).not.toHaveAttribute("ssr");

  // A shared link: its figures show with no interaction.
  await page.goto(`${app.baseUrl}/calculator?monthlyReceipts=10000`);
  await expect(figure(page, "monthlyAppVisits")).toHaveText("1,300");

  // A session that gave the password: the page asks the server for the section at once.
  await page.evaluate((key) => window.sessionStorage.setItem(key, "1"), CHANNEL_PARTNER_UNLOCKED_KEY);
  const asked = page.waitForResponse((response) =>
    response.url().endsWith("/api/gates/channel-partner/content"),
  );
  await page.goto(`${app.baseUrl}/calculator`);
  await asked;
});

test("keys and digits entered before the calculator has loaded count once it has", async ({ app, page }) => {
  const module = await islandModule(`${app.baseUrl}/calculator`, "CalculatorEn");
  const held = await holdModule(page, module);
  await page.goto(`${app.baseUrl}/calculator`);
  const slider = page.getByRole("slider", { name: "Months since launch" });
  await slider.focus();
  await held.asked;
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.getByLabel("Average receipt ($)").fill(String(INPUTS.cartSize));
  await page.getByLabel("Monthly receipts per store").fill(String(INPUTS.monthlyReceipts));
  // Still the static page: the keys are held, the figures are the defaults.
  await expect(islandOf(page, module)).toHaveAttribute("ssr", "");
  await expect(slider).toHaveAttribute("aria-valuenow", "1");
  await expect(figure(page, "monthlyAppVisits")).toHaveText("5,200");
  held.release();
  await expect(slider).toHaveAttribute("aria-valuenow", "3");
  await expect(slider).toBeFocused();
  await expect(page.getByTestId("months-value")).toHaveText("3 months");
  await expectMainFigures(page);
  await expect(page).toHaveURL(/monthsSinceLaunch=3/);
  expect(new URL(page.url()).searchParams.get("cartSize")).toBe("62.5");
});

test("a Channel Partner password typed and sent before the calculator has loaded is checked once it has", async ({
  app,
  page,
}) => {
  const module = await islandModule(`${app.baseUrl}/calculator`, "CalculatorEn");
  const held = await holdModule(page, module);
  await page.goto(`${app.baseUrl}/calculator`);
  const password = page.getByLabel("Password");
  await password.fill(PARTNER_PASSWORD);
  await password.press("Enter");
  await held.asked;
  // Not sent as a form: the page stays, and the password is in no URL.
  expect(page.url()).toBe(`${app.baseUrl}/calculator`);
  held.release();
  await expect(page.getByLabel("Partner commission (%)")).toBeFocused();
  expect(page.url()).not.toContain(PARTNER_PASSWORD);
});
