import reactRenderer from "@astrojs/react/server.js";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import type { TestProject } from "vitest/node";
import { LANGUAGES, localizePath } from "../../src/common/languages";
import SiteFooter from "../../src/site/components/SiteFooter.astro";
import SiteHeader from "../../src/site/components/SiteHeader.astro";
import type { RenderedChrome } from "./chrome";

/**
 * Vitest global setup of the `astro` project (vitest.astro.config.ts): renders the real
 * SiteHeader.astro and SiteFooter.astro with Astro's container API, in Node (Astro components do
 * not render in jsdom), in each language, on the home page; the tests put that HTML in jsdom and
 * run the page scripts on it (`inject("chrome")`).
 */
export default async function setup(project: TestProject) {
  const container = await AstroContainer.create();
  // The header and footer render lucide's React icons: Astro's React renderer, as in the build.
  container.addServerRenderer({ name: "@astrojs/react", renderer: reactRenderer });
  const chrome = {} as RenderedChrome;
  for (const lang of LANGUAGES) {
    const props = { lang, pathname: localizePath("/", lang) };
    chrome[lang] = {
      header: await container.renderToString(SiteHeader, { props }),
      footer: await container.renderToString(SiteFooter, { props }),
    };
  }
  project.provide("chrome", chrome);
}
