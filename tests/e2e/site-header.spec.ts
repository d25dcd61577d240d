import type { Locator } from "@playwright/test";
import { expect, frames, test } from "./support/fixtures";

/**
 * The static site header's own behaviour in a real browser (docs/product.md#2-pages "Header and
 * footer"; the menus and drawer are framework-free, src/site/scripts/header-*.ts): the keyboard
 * path through a dropdown, a press on a header button before the header's script has arrived,
 * and no React on the home page until someone interacts with something that needs it.
 */

test("the keyboard opens a header menu on its first item, moves through it, and Escape returns to the button", async ({
  app,
  page,
}) => {
  await page.goto(`${app.baseUrl}/`);
  const developers = page.getByRole("banner").getByRole("button", { name: "Developers" });
  await developers.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(developers).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("menuitem", { name: "API" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Documentation" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "SDK" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(developers).toBeFocused();
  await expect(developers).toHaveAttribute("aria-expanded", "false");

  // The menu sits under its button, its right edge on the button's for the end-aligned Sign In.
  const signIn = page.getByRole("banner").getByRole("button", { name: "Sign In" });
  await signIn.click();
  const button = await signIn.boundingBox();
  const box = await page.getByRole("menu").boundingBox();
  if (!button || !box) throw new Error("no box");
  expect(Math.round(box.y - (button.y + button.height))).toBe(8);
  expect(Math.round(box.x + box.width)).toBe(Math.round(button.x + button.width));
  // A press outside closes it.
  await page.mouse.click(20, 600);
  await expect(page.getByRole("menu")).toHaveCount(0);
});

test("a header button pressed before the header's script has arrived opens its menu once it has", async ({
  app,
  page,
}) => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The header's code is in the page's one script (SiteLayout.astro, src/site/scripts/site.ts).
  await page.route(/SiteLayout\.astro[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${app.baseUrl}/calculator`, { waitUntil: "commit" });
  const signIn = page.getByRole("banner").getByRole("button", { name: "Sign In" });
  await signIn.click();
  // Frames have passed since the press: without the header's script nothing opened.
  await frames(page);
  await expect(page.getByRole("menu")).toHaveCount(0);
  release();
  await expect(page.getByRole("menuitem", { name: "Retailer" })).toBeFocused();
});

test("the home page loads no React until someone interacts; the header's menus and drawer need none", async ({
  app,
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${app.baseUrl}/`, { waitUntil: "networkidle" });
  const loaded = scripts.length;
  expect(loaded).toBeGreaterThan(0);
  // The header's script runs: the language menu opens and closes.
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "EN — Language" }).click();
  await expect(page.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await frames(page);
  // Neither the menus nor the drawer fetched anything.
  expect(scripts.slice(loaded)).toEqual([]);
});

for (const [path, code, openMenu] of [
  ["/", "EN — Language", "Open menu"],
  ["/es/", "ES — Idioma", "Abrir menú"],
] as const) {
  test(`on ${path} every language choice names each language in itself, marked with its lang`, async ({
    app,
    page,
  }) => {
    const ownNames = [
      ["English", "en"],
      ["Español", "es"],
    ] as const;
    const namesAndLangs = (elements: Locator) =>
      elements.evaluateAll((nodes) =>
        nodes.map((node) => [node.textContent?.trim(), node.getAttribute("lang")]),
      );
    await page.goto(`${app.baseUrl}${path}`);
    expect(await namesAndLangs(page.getByRole("contentinfo").getByRole("option"))).toEqual(
      ownNames.map((pair) => [...pair]),
    );
    await page.getByRole("banner").getByRole("button", { name: code }).click();
    expect(await namesAndLangs(page.getByRole("menuitemradio"))).toEqual(ownNames.map((pair) => [...pair]));
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: openMenu }).click();
    const drawer = page.getByRole("dialog");
    for (const [name, lang] of ownNames) {
      await expect(drawer.getByRole("button", { name, exact: true })).toHaveAttribute("lang", lang);
    }
  });
}
