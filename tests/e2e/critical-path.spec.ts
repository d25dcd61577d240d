import type { Page } from "@playwright/test";
import { expect, frames, type TestApp, test } from "./support/fixtures";

/**
 * The public pages paint before any JavaScript (ADR 0064), against the production build: the
 * HTML asks for no script that could hold the first paint (no `modulepreload`, no classic
 * `<script src>`: only deferred modules) and links ONE stylesheet, its page's, cached for a year
 * (ADR 0070); with every script blocked the page is complete and styled, and its links work; a
 * button pressed before its island has loaded does its job once it has; no island fetches a
 * stylesheet of its own.
 */

const PAGES = ["/", "/calculator", "/schnucks", "/es/", "/es/calculator"];
/** The site's scripts: its hashed build output (islands, their directive, framework-free scripts). */
const SITE_SCRIPTS = /\/_astro\/[^/]+\.js(\?|$)/;

for (const pathname of PAGES) {
  test(`${pathname}: painted and styled with no script at all`, async ({ app, page, context }) => {
    const html = await (await fetch(`${app.baseUrl}${pathname}`)).text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    const head = html.slice(0, html.indexOf("</head>"));
    const sheets = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(sheets).toEqual([expect.stringMatching(/^\/_astro\/[^/]+\.css$/)]);
    const sheet = await fetch(`${app.baseUrl}${sheets[0]}`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // A script file is a deferred module, never a classic script that blocks parsing.
    for (const [tag] of html.matchAll(/<script[^>]*\bsrc=[^>]*>/g)) expect(tag).toMatch(/type="module"/);

    await context.route(SITE_SCRIPTS, (route) => route.abort());
    await page.goto(`${app.baseUrl}${pathname}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    // Styled by the page's sheet: the body's `min-h-screen` is the viewport height.
    expect(await page.evaluate(() => getComputedStyle(document.body).minHeight)).toBe("800px");
  });
}

/**
 * What the HTML of `pathname` loads: the URLs of its external scripts, and the module and renderer
 * URLs of its dialogs island (the `astro-island` hydrated by `client:interaction` whose component
 * is `Dialogs`).
 */
async function pageCode(app: TestApp, pathname: string) {
  const html = await (await fetch(`${app.baseUrl}${pathname}`)).text();
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? "");
  const island = [...html.matchAll(/<astro-island\b[^>]*>/g)]
    .map((match) => match[0])
    .find(
      (tag) => tag.includes('client="interaction"') && tag.includes("&quot;name&quot;:&quot;Dialogs&quot;"),
    );
  expect(island, "the page has the dialogs island").toBeDefined();
  const attribute = (name: string) => island?.match(new RegExp(`${name}="([^"]+)"`))?.[1] ?? "";
  return { scripts, component: attribute("component-url"), renderer: attribute("renderer-url") };
}

/** Holds back every request whose path is one of `paths` until `release()`. */
async function holdBack(page: Page, paths: string[]) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => paths.includes(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

test("the dialogs' code loads only once a visitor interacts", async ({ app, page }) => {
  const { component, renderer } = await pageCode(app, "/");
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`${app.baseUrl}/`);
  await page.waitForLoadState("networkidle");
  expect(requested).not.toContain(component);
  expect(requested).not.toContain(renderer);
  await page
    .locator("#pricing")
    .getByRole("button", { name: /Get Started.*Optimal/ })
    .click();
  await expect(page.getByRole("dialog", { name: "Get Started" })).toContainText("Selected plan: Optimal");
  expect(requested).toContain(component);
});

test("a button pressed before the dialogs island has loaded opens its dialog once it has", async ({
  app,
  page,
}) => {
  const { component } = await pageCode(app, "/");
  const release = await holdBack(page, [component]);
  await page.goto(`${app.baseUrl}/`, { waitUntil: "domcontentloaded" });
  const pricingButton = page.locator("#pricing").getByRole("button", { name: /Get Started.*Unlimited/ });
  await pricingButton.click();
  // Frames have passed since the click: it has had every chance to act.
  await frames(page);
  // Not loaded yet: nothing happened (and the click did not submit or navigate anywhere).
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe("/");
  release();
  const dialog = page.getByRole("dialog", { name: "Get Started" });
  await expect(dialog).toContainText("Selected plan: Unlimited");
});

test("a button pressed before the page's scripts have run does its job once they have", async ({
  app,
  page,
}) => {
  const { scripts } = await pageCode(app, "/");
  expect(scripts.length).toBeGreaterThan(0);
  const release = await holdBack(page, scripts);
  await page.goto(`${app.baseUrl}/`, { waitUntil: "commit" });
  await page
    .locator("#pricing")
    .getByRole("button", { name: /Get Started.*Starter/ })
    .click();
  await frames(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe("/");
  release();
  await expect(page.getByRole("dialog", { name: "Get Started" })).toContainText("Selected plan: Starter");
});

test("the page's one stylesheet is the only one fetched, even once an island runs", async ({ app, page }) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto(`${app.baseUrl}/`);
  const linked = await page.locator('link[rel="stylesheet"]').getAttribute("href");
  // The dialogs island is live once a button opens its dialog; React adds any <link> in the commit
  // that rendered it, and the browser has asked for the file within the frames after.
  await page
    .locator("#pricing")
    .getByRole("button", { name: /Get Started.*Unlimited/ })
    .click();
  await expect(page.getByRole("dialog", { name: "Get Started" })).toBeVisible();
  await frames(page);
  expect(stylesheets).toEqual([linked]);
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
  // The page is styled by its sheet: the body's `min-h-screen` is the viewport height.
  expect(await page.evaluate(() => getComputedStyle(document.body).minHeight)).toBe("800px");
});

test("a link followed before any script has loaded navigates without it", async ({ app, page }) => {
  await page.route(SITE_SCRIPTS, () => {
    // Never answered: no script file loads on this visit (so DOMContentLoaded never comes).
  });
  await page.goto(`${app.baseUrl}/`, { waitUntil: "commit" });
  await page.getByRole("banner").getByRole("link", { name: "Calculator" }).click();
  await expect(page).toHaveURL(/\/calculator$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Revenue Calculator");
});

test("offline before the dialogs island has loaded, Get Started says so, and opens its dialog once back online", async ({
  app,
  context,
  page,
}) => {
  await page.goto(`${app.baseUrl}/`);
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await page
    .locator("#pricing")
    .getByRole("button", { name: /Get Started.*Unlimited/ })
    .click();
  const status = page.getByRole("status").filter({
    hasText: "You seem to be offline. This part of the page will load as soon as the connection is back.",
  });
  await expect(status).toBeInViewport();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole("dialog", { name: "Get Started" })).toContainText("Selected plan: Unlimited");
  await expect(status).toBeHidden();
});
