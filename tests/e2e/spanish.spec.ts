import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { SPANISH_NOT_FOUND_PAGE_FILE } from "../../src/common/client-routes";
import { SPANISH_PATHS } from "../../src/common/languages";
import { SITE_CONFIG } from "../../src/common/site-config";
import { ENGLISH_SENTENCES, englishIn, htmlSegments } from "../support/english-text";
import { axeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/**
 * Spanish public pages (ADR 0022) against the production build: every
 * `/es/…` page the static site builds (ADR 0064) is Spanish (`<html lang="es">`, hreflang alternates, canonical URL,
 * no English in its text: no English catalog sentence and no text with English function words,
 * tests/support/english-text.ts); the header's language menu switches `/` to `/es/`
 * and the `lang` cookie keeps the choice; axe finds no WCAG 2.2 AA violation on `/es/` and
 * `/es/calculator`.
 */

const SITE_DIR = path.resolve("build/site");

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return entry === "index.html" ? [full] : [];
  });
}

test("every built Spanish page is Spanish, with hreflang alternates and a canonical URL", () => {
  // The Spanish not-found page is no twin (no canonical URL, not indexed): spanish-not-found.spec.ts.
  const notFound = path.join(SITE_DIR, SPANISH_NOT_FOUND_PAGE_FILE);
  const files = htmlFiles(path.join(SITE_DIR, "es")).filter((file) => file !== notFound);
  const expected = SPANISH_PATHS.map((p) => path.join(SITE_DIR, p, "index.html")).sort();
  expect(files.sort()).toEqual(expected);
  expect(ENGLISH_SENTENCES.length).toBeGreaterThan(100);
  for (const file of files) {
    const html = readFileSync(file, "utf8");
    const spanishPath = `/${path.relative(SITE_DIR, path.dirname(file)).split(path.sep).join("/")}`;
    const englishPath = spanishPath === "/es" ? "/" : spanishPath.slice(3);
    const spanishUrl = `${SITE_CONFIG.siteUrl}${spanishPath === "/es" ? "/es/" : spanishPath}`;
    expect(html, file).toMatch(/<html lang="es"/);
    expect(html, file).toContain(`<link rel="canonical" href="${spanishUrl}">`);
    for (const [lang, href] of [
      ["en", `${SITE_CONFIG.siteUrl}${englishPath}`],
      ["es", spanishUrl],
      ["x-default", `${SITE_CONFIG.siteUrl}${englishPath}`],
    ]) {
      expect(html.toLowerCase(), `${file} hreflang ${lang}`).toContain(
        `<link rel="alternate" hreflang="${lang}" href="${href}">`.toLowerCase(),
      );
    }
    expect(englishIn(htmlSegments(html)), `English on ${spanishPath}`).toEqual([]);
    // Words drawn inside the page's SVG artwork (the hero phone's chat) are read too.
    // An artwork is a file under /media/ or a `data:` URL written into the page (the hero phone, as the brand mark of ADR 0067).
    const artworks: [string, string][] = [];
    for (const [, src = ""] of html.matchAll(/<img [^>]*src="(\/media\/[^"#]+\.svg)(?:#[^"]*)?"/g)) {
      artworks.push([src, readFileSync(path.join(SITE_DIR, src), "utf8")]);
    }
    for (const [, encoded = ""] of html.matchAll(/<img [^>]*src="data:image\/svg\+xml,([^"]+)"/g)) {
      // The attribute as the browser reads it: HTML character references first, then the URL's escapes.
      const attribute = encoded.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
      artworks.push(["a data: URL", decodeURIComponent(attribute)]);
    }
    for (const [src, artwork] of artworks) {
      expect(englishIn(htmlSegments(artwork)), `English in ${src} on ${spanishPath}`).toEqual([]);
    }
    if (spanishPath === "/es") {
      const heroPhone = readFileSync(path.join(SITE_DIR, "media", "hero-phone-es.svg"), "utf8").trim();
      expect(artworks.map(([, artwork]) => artwork)).toContain(heroPhone);
    }
    // The walk would see an English sentence added to the page, catalog or not.
    const added = html.replace("</main>", "<p>Talk to our team about your stores today.</p></main>");
    expect(added, file).not.toBe(html);
    expect(englishIn(htmlSegments(added)), file).toEqual([
      "words [to, our, about, your]: Talk to our team about your stores today.",
    ]);
  }
  // The English twins stay English.
  expect(readFileSync(path.join(SITE_DIR, "index.html"), "utf8")).toMatch(/<html lang="en"/);
  expect(readFileSync(path.join(SITE_DIR, "calculator/index.html"), "utf8")).toMatch(/<html lang="en"/);
});

test.describe("in the browser", () => {
  test("the header's language menu switches to Spanish, and the cookie keeps it", async ({
    app,
    page,
    context,
  }) => {
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole("button", { name: /Language/ }).click();
    await page.getByRole("menuitemradio", { name: "Español" }).click();
    await page.waitForURL(`${app.baseUrl}/es/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("simple y sin complicaciones");
    await expect(page.getByRole("link", { name: "Calculadora" }).first()).toHaveAttribute(
      "href",
      "/es/calculator",
    );
    const cookie = (await context.cookies()).find((c) => c.name === "lang");
    expect(cookie?.value).toBe("es");
    expect(cookie?.sameSite).toBe("Lax");
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 60 * 60);

    await page.reload();
    await expect(page).toHaveURL(`${app.baseUrl}/es/`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("simple y sin complicaciones");
    // An English address now opens in Spanish (server redirect by the cookie)…
    await page.goto(`${app.baseUrl}/calculator`);
    await expect(page).toHaveURL(`${app.baseUrl}/es/calculator`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calculadora de ingresos");
    // Dollars as es-US writes them (ADR 0040), not Spain's "53.820 $".
    await expect(page.getByTestId("figure-monthlyIncreaseInRevenue")).toHaveText("$53,820");

    // …until the visitor picks English in the footer.
    await page.goto(`${app.baseUrl}/es/`);
    await page.getByLabel("Idioma", { exact: true }).selectOption("en");
    await page.waitForURL(`${app.baseUrl}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto(`${app.baseUrl}/es/calculator`);
    await expect(page).toHaveURL(`${app.baseUrl}/calculator`);
  });

  test("links inside Spanish pages stay Spanish, and the mobile drawer switches back to English", async ({
    app,
    page,
  }) => {
    await page.goto(`${app.baseUrl}/es/`);
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Calculadora" })
      .click();
    await expect(page).toHaveURL(`${app.baseUrl}/es/calculator`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calculadora de ingresos");
    await expect(page.getByText("Ticket promedio ($)")).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("button", { name: "English" }).click();
    await page.waitForURL(`${app.baseUrl}/calculator`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revenue Calculator");
  });

  test("the sign-in page (no Spanish twin) follows the lang cookie, and stays English without it", async ({
    app,
    page,
    context,
  }) => {
    // The first-admin setup or the sign-in form, depending on the database: either is fine here.
    const heading = page.getByRole("heading", { level: 2 });
    await page.goto(`${app.baseUrl}/admin/login`);
    await expect(heading).toHaveText(/^(Setup Admin Account|Admin Portal)$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.addCookies([{ name: "lang", value: "es", url: app.baseUrl }]);
    await page.reload();
    await expect(heading).toHaveText(/^(Crear la cuenta de administrador|Portal de administración)$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveURL(`${app.baseUrl}/admin/login`);
    expect(await axeViolations(page)).toEqual([]);
  });

  // axe on every built Spanish page: a11y.spec.ts sweeps each of them (with their English twins and
  // with no English text left on the Spanish ones), privacy.spec.ts the notice in both languages.
});
