import { localizePath } from "../../src/common/languages";
import { PRIVACY_NOTICE_PATHS } from "../../src/common/privacy";
import { SITE_CONFIG } from "../../src/common/site-config";
import { expect, test } from "./support/fixtures";

/**
 * What crawlers read, as the production build serves it (ADR 0022, ADR 0064): robots.txt keeps
 * them out of the portal and the API and names the sitemap at the configured site URL; the
 * sitemap (@astrojs/sitemap) lists the landing page, the calculator, the privacy notice, the IMU demo in
 * both languages, each with its en, es and x-default alternates, and nothing else.
 */

test("robots.txt names the sitemap at the site URL and keeps crawlers out of the portal and the API", async ({
  app,
  request,
}) => {
  const response = await request.get(`${app.baseUrl}/robots.txt`);
  expect(response.status()).toBe(200);
  const robots = await response.text();
  for (const path of ["/admin/", "/dashboard", "/sign-in", "/verify/", "/accept-invitation/", "/api/"]) {
    expect(robots).toContain(`Disallow: ${path}\n`);
  }
  expect(robots).toContain(`Sitemap: ${SITE_CONFIG.siteUrl}/sitemap-index.xml\n`);
});

test("the sitemap lists the indexable pages in both languages with their alternates", async ({
  app,
  request,
}) => {
  const index = await (await request.get(`${app.baseUrl}/sitemap-index.xml`)).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = ""]) => new URL(loc).pathname);
  expect(sitemaps.length).toBeGreaterThan(0);
  const entries: Record<string, Record<string, string>> = {};
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(`${app.baseUrl}${sitemap}`)).text();
    for (const [, body = ""] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
      const loc = /<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? "";
      entries[loc.replace(SITE_CONFIG.siteUrl, "")] = Object.fromEntries(
        [...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang = "", href = ""]) => [
          lang,
          href.replace(SITE_CONFIG.siteUrl, ""),
        ]),
      );
    }
  }
  const expected: Record<string, Record<string, string>> = {};
  for (const english of ["/", "/calculator", PRIVACY_NOTICE_PATHS.en, "/accelerometer"]) {
    const alternates = { en: english, es: localizePath(english, "es"), "x-default": english };
    expected[english] = alternates;
    expected[localizePath(english, "es")] = alternates;
  }
  expect(entries).toEqual(expected);
});
