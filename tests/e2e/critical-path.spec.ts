import { expect, frames, test } from "./support/fixtures";

/**
 * The public pages paint before any JavaScript (ADR 0064), against the production build: the
 * HTML asks for no script that could hold the first paint (no `modulepreload`, no classic
 * `<script src>`: only deferred modules) and carries its stylesheet inline; with every script
 * blocked the page is complete and styled, and its links work; a button pressed before its island
 * has loaded does its job once it has; the stylesheet is never fetched.
 */

const PAGES = ["/", "/calculator", "/schnucks", "/es/", "/es/calculator"];
/** The site's scripts: its hashed build output (islands, their directive, framework-free scripts). */
const SITE_SCRIPTS = /\/_astro\/[^/]+\.js(\?|$)/;

for (const pathname of PAGES) {
  test(`${pathname}: painted and styled with no script at all`, async ({ app, page, context }) => {
    const html = await (await fetch(`${app.baseUrl}${pathname}`)).text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(html).toMatch(/<head>[\s\S]*<style>[\s\S]*<\/style>[\s\S]*<\/head>/);
    // A script file is a deferred module, never a classic script that blocks parsing.
    for (const [tag] of html.matchAll(/<script[^>]*\bsrc=[^>]*>/g)) expect(tag).toMatch(/type="module"/);

    await context.route(SITE_SCRIPTS, (route) => route.abort());
    await page.goto(`${app.baseUrl}${pathname}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    // Styled by the inline sheet: the body's `min-h-screen` is the viewport height.
    expect(await page.evaluate(() => getComputedStyle(document.body).minHeight)).toBe("800px");
  });
}

test("a button pressed before its island has loaded does its job once it has", async ({ app, page }) => {
  // Hold the site's scripts back until the click has been made.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SITE_SCRIPTS, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${app.baseUrl}/`, { waitUntil: "domcontentloaded" });
  const pricingButton = page.locator("#pricing").getByRole("button", { name: /Get Started.*Unlimited/ });
  await pricingButton.click();
  // Frames have passed since the click: it has had every chance to act.
  await frames(page);
  // No script yet: nothing happened (and the click did not submit or navigate anywhere).
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe("/");
  release();
  const dialog = page.getByRole("dialog", { name: "Get Started" });
  await expect(dialog).toContainText("Selected plan: Unlimited");
});

test("the inlined stylesheet is never fetched, even once an island runs", async ({ app, page }) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  await page.goto(`${app.baseUrl}/`);
  // The island is live once a button opens its dialog; React adds any <link> in the commit that
  // rendered it, and the browser has asked for the file within the frames after.
  await page
    .locator("#pricing")
    .getByRole("button", { name: /Get Started.*Unlimited/ })
    .click();
  await expect(page.getByRole("dialog", { name: "Get Started" })).toBeVisible();
  await frames(page);
  expect(stylesheets).toEqual([]);
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
});

test("a link followed with no script navigates", async ({ app, page }) => {
  await page.route(SITE_SCRIPTS, () => {
    // Never answered: no script loads on this visit.
  });
  await page.goto(`${app.baseUrl}/`, { waitUntil: "domcontentloaded" });
  await page.getByRole("banner").getByRole("link", { name: "Calculator" }).click();
  await expect(page).toHaveURL(/\/calculator$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Revenue Calculator");
});
