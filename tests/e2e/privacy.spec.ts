import type { BrowserContext, Locator, Page } from "@playwright/test";
import { enLanding } from "../../src/client/locales/en-landing";
import { enLandingDialogs } from "../../src/client/locales/en-landing-dialogs";
import { enPrivacy } from "../../src/client/locales/en-privacy";
import { enRetailerDemo } from "../../src/client/locales/en-retailer-demo";
import { esLanding } from "../../src/client/locales/es-landing";
import { esLandingDialogs } from "../../src/client/locales/es-landing-dialogs";
import { esPrivacy } from "../../src/client/locales/es-privacy";
import { esRetailerDemo } from "../../src/client/locales/es-retailer-demo";
import type { Language } from "../../src/common/languages";
import { PRIVACY_NOTICE_PATHS, PRIVACY_NOTICE_VERSION } from "../../src/common/privacy";
import { RETAILER_DEMOS } from "../../src/common/retailer-demos";
import { axeViolations } from "./support/axe";
import { expect, persona, test } from "./support/fixtures";

/**
 * The privacy notice (docs/product.md#11-lead-attribution-and-privacy-notice) against the
 * production build: the Get Started dialog and the store-demo registration form link to it in
 * both languages; the link opens the notice in a new tab (status 200, the page's language, its
 * heading, axe-clean) and the form keeps what was typed. The notice page itself is readable at
 * 390 px and starts with the skip link.
 */

/** The texts a test looks for, per language, from the catalogs the pages render. */
const TEXTS = {
  en: { landing: enLanding, dialogs: enLandingDialogs, demo: enRetailerDemo, privacy: enPrivacy, home: "/" },
  es: {
    landing: esLanding,
    dialogs: esLandingDialogs,
    demo: esRetailerDemo,
    privacy: esPrivacy,
    home: "/es/",
  },
} as const;

const DEMO = RETAILER_DEMOS[0];

/**
 * Clicks `link` and checks what opens: a new tab whose page request answers 200 with the notice
 * in `language` (`<html lang>`, the `<h1>`, the version) and no axe WCAG 2.2 AA violation.
 * @returns the new tab
 */
async function opensNoticeInNewTab(context: BrowserContext, page: Page, link: Locator, language: Language) {
  const path = PRIVACY_NOTICE_PATHS[language];
  await expect(link).toHaveAttribute("target", "_blank");
  const documentResponse = context.waitForEvent(
    "response",
    (response) => new URL(response.url()).pathname === path,
  );
  const [notice] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  expect((await documentResponse).status()).toBe(200);
  await expect(notice).toHaveURL(new URL(path, page.url()).href);
  await expect(notice.locator("html")).toHaveAttribute("lang", language);
  await expect(notice.getByRole("heading", { level: 1 })).toHaveText(TEXTS[language].privacy.title);
  await expect(notice.locator("time")).toHaveAttribute("datetime", PRIVACY_NOTICE_VERSION);
  expect(await axeViolations(notice)).toEqual([]);
  return notice;
}

for (const language of ["en", "es"] as const) {
  const texts = TEXTS[language];
  const newTab = texts.landing.nav.opensInNewTab;

  test(`[${language}] the Get Started dialog's link opens the notice in a new tab and the dialog keeps what she typed`, async ({
    app,
    context,
    page,
  }) => {
    await page.goto(`${app.baseUrl}${texts.home}`);
    await page
      .locator("#pricing")
      .getByRole("button", { name: new RegExp(`^${texts.landing.hero.getStarted}`) })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: texts.dialogs.getStarted.title });
    await dialog.getByLabel(texts.dialogs.getStarted.firstName).fill("Rosa");
    await expect(dialog).toContainText(texts.dialogs.getStarted.privacyNote);
    const link = dialog.getByRole("link", { name: `${texts.dialogs.getStarted.privacyLink} ${newTab}` });
    await opensNoticeInNewTab(context, page, link, language);
    // The form is where she left it.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(texts.dialogs.getStarted.firstName)).toHaveValue("Rosa");
  });

  test(`[${language}] the store-demo registration's link opens the notice in a new tab and the form keeps what she typed`, async ({
    app,
    context,
    page,
  }) => {
    await page.goto(`${app.baseUrl}${language === "es" ? "/es" : ""}/${DEMO?.slug}`);
    await page.getByLabel(texts.demo.firstName).fill("Rosa");
    await expect(page.getByText(texts.demo.privacyNote)).toBeVisible();
    const link = page.getByRole("link", { name: `${texts.demo.privacyLink} ${newTab}` });
    await opensNoticeInNewTab(context, page, link, language);
    await expect(page.getByLabel(texts.demo.firstName)).toHaveValue("Rosa");
  });

  test(`[${language}] the notice is readable at 390 px: no sideways scrolling, the skip link first, headings in order`, async ({
    app,
    browser,
  }) => {
    const { context, page } = await persona(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${app.baseUrl}${PRIVACY_NOTICE_PATHS[language]}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.privacy.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The first Tab reaches the skip link; following it lands in the notice.
    await page.keyboard.press("Tab");
    const skip = page.locator(":focus");
    await expect(skip).toHaveAttribute("href", "#main");
    await skip.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    const headings = await page
      .getByRole("main")
      .getByRole("heading")
      .evaluateAll((elements) => elements.map((element) => element.tagName));
    expect(headings).toEqual(["H1", "H2", "H2", "H2", "H2", "H2"]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test(`[${language}] the notice is sent with its title, description, canonical URL and hreflang alternates`, async ({
    app,
    request,
  }) => {
    const html = await (await request.get(`${app.baseUrl}${PRIVACY_NOTICE_PATHS[language]}`)).text();
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(`${texts.privacy.title} · AisleIQ`);
    expect(html).toContain(`<meta name="description" content="${texts.privacy.metaDescription}">`);
    const links = [
      ...html.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]+)")? href="([^"]+)">/g),
    ];
    expect(links.map(([, rel, hreflang, href]) => [rel, hreflang ?? null, href])).toEqual([
      ["canonical", null, `https://aisleiq.com${PRIVACY_NOTICE_PATHS[language]}`],
      ["alternate", "en", "https://aisleiq.com/privacy"],
      ["alternate", "es", "https://aisleiq.com/es/privacy"],
      ["alternate", "x-default", "https://aisleiq.com/privacy"],
    ]);
  });
}
