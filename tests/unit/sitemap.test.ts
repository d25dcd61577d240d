import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { basePath, isLocalized, localizePath } from "../../src/common/languages";
import { PRIVACY_NOTICE_PATHS } from "../../src/common/privacy";
import { SITE_CONFIG } from "../../src/common/site-config";

const SITEMAP = readFileSync(path.resolve(__dirname, "../../public/sitemap.xml"), "utf8");

/** Each `<url>` of the sitemap: its path and its `hreflang` alternates (language → path). */
const entries = [...SITEMAP.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = ""]) => ({
  path: (/<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? "").replace(SITE_CONFIG.siteUrl, ""),
  alternates: Object.fromEntries(
    [...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href = ""]) => [
      lang,
      href.replace(SITE_CONFIG.siteUrl, ""),
    ]),
  ),
}));

/**
 * public/sitemap.xml (ADR 0022): every page it lists exists in both languages, names both of
 * them and the English one as x-default, as the pages' own hreflang links do (lib/seo.ts); the
 * privacy notice (docs/product.md#11-lead-attribution-and-privacy-notice) is listed in both.
 */
describe("sitemap.xml", () => {
  it("lists only pages with a Spanish twin, each with the en, es and x-default alternates", () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const english = basePath(entry.path);
      expect(isLocalized(english), entry.path).toBe(true);
      expect(entry.alternates).toEqual({
        en: english,
        es: localizePath(english, "es"),
        "x-default": english,
      });
    }
  });

  it("lists the privacy notice in English and Spanish", () => {
    expect(entries.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([PRIVACY_NOTICE_PATHS.en, PRIVACY_NOTICE_PATHS.es]),
    );
    expect(localizePath(PRIVACY_NOTICE_PATHS.en, "es")).toBe(PRIVACY_NOTICE_PATHS.es);
  });
});
