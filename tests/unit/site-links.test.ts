import type { SitemapItem } from "@astrojs/sitemap";
import { describe, expect, it } from "vitest";
import { LOCALIZED_PATHS, localizePath } from "../../src/common/languages";
import { PRIVACY_NOTICE_PATHS } from "../../src/common/privacy";
import { SITE_CONFIG } from "../../src/common/site-config";
import { pageLinks, sitemapEntry } from "../../src/site/layouts/page-links";

const SITE = SITE_CONFIG.siteUrl;

/**
 * Canonical and hreflang links of the public pages and the sitemap's entries (ADR 0022, ADR 0064),
 * built from the one configured site URL: every page with a Spanish twin names its canonical URL
 * and the en, es and x-default (English) alternates, in both languages.
 */
describe("page links", () => {
  it("name each localized page's canonical URL and its en, es and x-default alternates", () => {
    expect(pageLinks("/es/privacy", SITE)).toEqual({
      canonical: "https://aisleiq.com/es/privacy",
      alternates: [
        { hreflang: "en", href: "https://aisleiq.com/privacy" },
        { hreflang: "es", href: "https://aisleiq.com/es/privacy" },
        { hreflang: "x-default", href: "https://aisleiq.com/privacy" },
      ],
    });
    for (const english of LOCALIZED_PATHS) {
      const spanish = localizePath(english, "es");
      for (const [path, canonical] of [
        [english, english],
        [`${spanish}/`.replace(/\/\/$/, "/"), spanish],
      ]) {
        const links = pageLinks(path ?? "", SITE);
        expect(links.canonical, path).toBe(`${SITE}${canonical}`);
        expect(links.alternates, path).toEqual([
          { hreflang: "en", href: `${SITE}${english}` },
          { hreflang: "es", href: `${SITE}${spanish}` },
          { hreflang: "x-default", href: `${SITE}${english}` },
        ]);
      }
    }
  });

  it("write a trailing slash only on the home pages, as the server names them", () => {
    expect(pageLinks("/calculator/", SITE).canonical).toBe("https://aisleiq.com/calculator");
    expect(pageLinks("/es", SITE).canonical).toBe("https://aisleiq.com/es/");
    expect(pageLinks("/", SITE).canonical).toBe("https://aisleiq.com/");
  });

  it("follow the configured site URL", () => {
    expect(pageLinks("/es/calculator", "https://staging.example").alternates).toContainEqual({
      hreflang: "x-default",
      href: "https://staging.example/calculator",
    });
  });

  it("give a page without a Spanish twin its canonical URL only", () => {
    expect(pageLinks("/dashboard", SITE)).toEqual({
      canonical: "https://aisleiq.com/dashboard",
      alternates: [],
    });
  });
});

describe("sitemap entries", () => {
  const entry = (path: string) => sitemapEntry(`${SITE}${path}`, { url: `${SITE}${path}` } as SitemapItem);

  it("list the landing page, the calculator, the privacy notice and the IMU demo in both languages, each with its alternates", () => {
    for (const english of ["/", "/calculator", PRIVACY_NOTICE_PATHS.en, "/accelerometer"]) {
      const spanish = localizePath(english, "es");
      const links = [
        { lang: "en", url: `${SITE}${english}` },
        { lang: "es", url: `${SITE}${spanish}` },
        { lang: "x-default", url: `${SITE}${english}` },
      ];
      expect(entry(english === "/" ? "/" : `${english}/`)).toMatchObject({ url: `${SITE}${english}`, links });
      expect(entry(spanish)).toMatchObject({ url: `${SITE}${spanish}`, links });
    }
    expect(entry(PRIVACY_NOTICE_PATHS.es)?.url).toBe(`${SITE}${PRIVACY_NOTICE_PATHS.es}`);
  });

  it("leave out the store demos, the login portals and the not-found pages", () => {
    for (const path of ["/schnucks/", "/es/retailer-login/", "/404", "/es/404/"]) {
      expect(entry(path), path).toBeUndefined();
    }
  });
});
