import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { SPANISH_NOT_FOUND_PRERENDER_PATH } from "../../src/common/client-routes";
import { englishIn, htmlSegments } from "../support/english-text";
import { axeViolations } from "./support/axe";
import { expect, holdSpanishTexts, test } from "./support/fixtures";

/**
 * The not-found page in the visitor's language (ADR 0063) against the production build: with the
 * `lang` cookie saying `es`, an unknown address answers 404 with the prerendered Spanish page,
 * which paints in Spanish without any script (before, the page was hidden until the app and the
 * Spanish texts had loaded, and the app waited for a first paint that never came: about 3.4 s of
 * blank page, then English). The app hydrates it without errors and the language choice still
 * switches it; without the cookie, or with `lang=en`, the English page is unchanged.
 */

const CLIENT_DIR = path.resolve("build/client");
const SPANISH_HEADING = "404: página no encontrada";
const ENGLISH_HEADING = "404 Page Not Found";

/** Makes every script file the page asks for fail: only the HTML (and its inline scripts) runs. */
async function blockScriptFiles(context: BrowserContext): Promise<void> {
  await context.route(/\.js(\?|$)/, (route) => route.abort());
}

test("the prerendered Spanish not-found page is Spanish throughout and not indexed", () => {
  const html = readFileSync(path.join(CLIENT_DIR, SPANISH_NOT_FOUND_PRERENDER_PATH, "index.html"), "utf8");
  expect(html).toMatch(/<html lang="es"/);
  expect(html).toContain(`<h1 class="text-2xl font-bold">${SPANISH_HEADING}</h1>`);
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(englishIn(htmlSegments(html))).toEqual([]);
  // The English one stays English.
  expect(readFileSync(path.join(CLIENT_DIR, "404/index.html"), "utf8")).toMatch(/<html lang="en"/);
});

test("with the Spanish cookie an unknown address answers 404 in Spanish, painted with no script", async ({
  app,
  page,
  context,
}) => {
  await context.addCookies([{ name: "lang", value: "es", url: app.baseUrl }]);
  await blockScriptFiles(context);
  const response = await page.goto(`${app.baseUrl}/no-such-page/here?from=link`);
  expect(response?.status()).toBe(404);
  expect(await response?.text()).toMatch(/<html lang="es"/);
  expect(response?.headers().vary).toContain("Cookie");
  // Nothing hides it: the inline script leaves a page the server sent in Spanish alone.
  await expect(page.locator("html")).not.toHaveClass(/lang-pending/);
  expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe("visible");
  await expect(page.getByRole("heading", { level: 1, name: SPANISH_HEADING })).toBeVisible();
  await expect(page.getByText("La página que busca no existe o cambió de dirección.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir a la página de inicio" })).toHaveAttribute("href", "/es/");
  await expect(page).toHaveTitle(`${SPANISH_HEADING} · AisleIQ`);
  await expect(page.getByText(ENGLISH_HEADING)).toHaveCount(0);
});

test("the English not-found page is unchanged without the cookie and with lang=en, painted with no script", async ({
  app,
  page,
  context,
}) => {
  await blockScriptFiles(context);
  for (const cookie of [undefined, "en"]) {
    if (cookie) await context.addCookies([{ name: "lang", value: cookie, url: app.baseUrl }]);
    const response = await page.goto(`${app.baseUrl}/no-such-page`);
    expect(response?.status(), `cookie ${cookie}`).toBe(404);
    expect(await response?.text()).toMatch(/<html lang="en"/);
    await expect(page.getByRole("heading", { level: 1, name: ENGLISH_HEADING })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
    await expect(page.getByText(SPANISH_HEADING)).toHaveCount(0);
  }
});

test("the Spanish not-found page hydrates without errors, and the footer's language choice switches it both ways", async ({
  app,
  page,
  context,
}) => {
  await context.addCookies([{ name: "lang", value: "es", url: app.baseUrl }]);
  // A hydration mismatch (React #418) or a failed chunk shows up here.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // Spanish is on screen while the app is still waiting for its Spanish texts.
  const { asked: spanishAsked, release } = await holdSpanishTexts(page);
  const response = await page.goto(`${app.baseUrl}/no-such-page`);
  expect(response?.status()).toBe(404);
  await spanishAsked;
  await expect(page.getByRole("heading", { level: 1, name: SPANISH_HEADING })).toBeVisible();
  release();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(await axeViolations(page)).toEqual([]);

  // English in the footer: the cookie says `en` and the page reloads in place, in English.
  await page.getByLabel("Idioma", { exact: true }).selectOption("en");
  await expect(page.getByRole("heading", { level: 1, name: ENGLISH_HEADING })).toBeVisible();
  await expect(page).toHaveURL(`${app.baseUrl}/no-such-page`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
  // And back to Spanish from the English page.
  await page.getByLabel("Language", { exact: true }).selectOption("es");
  await expect(page.getByRole("heading", { level: 1, name: SPANISH_HEADING })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("es");
  expect(errors).toEqual([]);
});
