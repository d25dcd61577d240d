import { expect, test } from "./support/fixtures";

/**
 * Every page as the production build sends it carries its `<title>` and `lang` in the HTML
 * itself, before any script runs (a tab, a bookmark, a link preview, a crawler, a screen reader
 * before hydration): the pages rendered in the browser through their prerendered shell (ADR 0041),
 * the public pages in both languages. The titles are the ones each route's `meta` sets.
 */
const PAGES: ReadonlyArray<readonly [path: string, status: number, lang: string, title: string]> = [
  // Pages rendered in the browser, English by their path (a Spanish choice loads after, ADR 0025).
  ["/admin/login", 200, "en", "Admin Portal · AisleIQ"],
  ["/sign-in", 200, "en", "Sign in to AisleIQ · AisleIQ"],
  ["/verify", 200, "en", "Verifying Access · AisleIQ"],
  ["/verify/some-token", 200, "en", "Verifying Access · AisleIQ"],
  ["/accept-invitation/some-token", 200, "en", "Create Account · AisleIQ"],
  ["/dashboard", 200, "en", "Dashboard · AisleIQ"],
  ["/Dashboard?tab=checks", 200, "en", "Dashboard · AisleIQ"],
  ["/admin/dashboard", 200, "en", "Admin Dashboard · AisleIQ"],
  // Public pages, in English and Spanish.
  ["/", 200, "en", "AisleIQ — A refreshingly simple AI Retail APP Platform"],
  ["/es/", 200, "es", "AisleIQ — Una plataforma de apps de IA para retail, simple y sin complicaciones"],
  ["/calculator", 200, "en", "Revenue Calculator · AisleIQ"],
  ["/es/calculator", 200, "es", "Calculadora de ingresos · AisleIQ"],
  ["/retailer-login", 200, "en", "Retailer Portal · AisleIQ"],
  ["/es/retailer-login", 200, "es", "Portal para minoristas · AisleIQ"],
  ["/schnucks", 200, "en", "Twin Oaks Store Demo Registration · AisleIQ"],
  ["/es/schnucks", 200, "es", "Registro para la demostración en la tienda Twin Oaks · AisleIQ"],
  // The IMU demo, a public page in both languages (ADR 0080), and the English one at any other
  // path containing "accelerometer".
  ["/accelerometer", 200, "en", "Phone Orientation Demo · AisleIQ"],
  ["/es/accelerometer", 200, "es", "Demostración de orientación del teléfono · AisleIQ"],
  ["/accelerometer/live", 200, "en", "Phone Orientation Demo · AisleIQ"],
  ["/no-such-page", 404, "en", "404 Page Not Found · AisleIQ"],
];

test("every page is sent with its title and language in the HTML", async ({ app, request }) => {
  for (const [path, status, lang, title] of PAGES) {
    const response = await request.get(`${app.baseUrl}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(status);
    const html = await response.text();
    expect(/<html lang="([^"]*)"/.exec(html)?.[1], `${path} lang`).toBe(lang);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], `${path} title`).toBe(title);
    expect(html.match(/<title>/g), `${path} has one title`).toHaveLength(1);
  }
});

test("a portal page's served title is the one the page keeps once its script runs", async ({ app, page }) => {
  await page.goto(`${app.baseUrl}/sign-in`);
  await expect(page.getByRole("heading", { name: "Sign in to AisleIQ" })).toBeVisible();
  await expect(page).toHaveTitle("Sign in to AisleIQ · AisleIQ");
});
