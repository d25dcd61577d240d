import path from "node:path";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./src/common/languages";
import { SITE_CONFIG } from "./src/common/site-config";
import { noDeadHandlers } from "./src/site/dead-handlers/integration";
import { clientDirectives } from "./src/site/directives/integration";
import { sitemapEntry } from "./src/site/layouts/page-links";

/**
 * The public site (ADR 0064): static pages rendered by Astro at build time into `build/site`, with
 * React islands only where a person interacts. The portal and the IMU demo stay a React Router
 * single-page app in `build/client` (vite.config.ts, react-router.config.ts); Fastify serves both.
 *
 * - `site` is the one configured site URL (SITE_CONFIG.siteUrl): canonical, hreflang and sitemap
 *   URLs are built from it.
 * - i18n: English at the plain path, Spanish under `/es/` (ADR 0022).
 * - `build.concurrency` 1: a page's frontmatter sets the translator's language (a module-wide
 *   state, src/client/lib/i18n.ts) before its React components render, so pages must not
 *   render interleaved.
 */
export default defineConfig({
  site: SITE_CONFIG.siteUrl,
  srcDir: "src/site",
  publicDir: "public",
  outDir: "build/site",
  trailingSlash: "ignore",
  // Each page links its one stylesheet instead of carrying it inline (ADR 0070): the HTML then fits
  // TCP's first flight, and the sheet is cached across pages.
  build: { format: "directory", concurrency: 1, inlineStylesheets: "never" },
  i18n: {
    locales: [...LANGUAGES],
    defaultLocale: DEFAULT_LANGUAGE,
    routing: { prefixDefaultLocale: false },
  },
  integrations: [
    react(),
    // The build fails on an event handler rendered outside an island (ADR 0079).
    noDeadHandlers(),
    clientDirectives(),
    sitemap({
      i18n: {
        defaultLocale: DEFAULT_LANGUAGE,
        locales: Object.fromEntries(LANGUAGES.map((language) => [language, language])),
      },
      // Pages that are no twin of another (the not-found pages) are not listed.
      filter: (url) => sitemapEntry(url) !== undefined,
      serialize: (item) => sitemapEntry(item.url, item),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    // The layout's one page script (scripts/site.ts) and everything it imports in one
                    // chunk: a page starts a single JavaScript request at load. Without this the
                    // modules it shares with the islands (the dialog store, languages, limits) become
                    // chunks of their own, each a request competing with the HTML and the font on a
                    // throttled phone (ADR 0067). An island that needs one of them imports it from this chunk,
                    // already loaded and run by the page.
                    name: "site",
                    test: /SiteLayout\.astro\?astro&type=script/,
                    includeDependenciesRecursively: true,
                  },
                ],
              },
            },
          },
        },
      },
    },
    resolve: {
      alias: {
        "~": path.resolve("src/client"),
        "@common": path.resolve("src/common"),
      },
    },
  },
});
