import { getViteConfig } from "astro/config";

/**
 * The Vitest project of the static site's Astro components (`astro`): Astro's own Vite
 * configuration (astro.config.ts: its aliases, the React renderer, the .astro compiler), so a test
 * renders the real components with Astro's container API (`experimental_AstroContainer`) and runs
 * the page scripts on their HTML in jsdom. Listed in vitest.config.ts's projects.
 */
export default getViteConfig({
  test: {
    name: "astro",
    environment: "jsdom",
    globalSetup: ["tests/astro/render-chrome.ts"],
    include: ["tests/astro/**/*.test.ts"],
    testTimeout: 15_000,
  },
});
