import type { Page } from "@playwright/test";

/**
 * The module URL of the island named `name` (its component, e.g. `CalculatorEn`) in the HTML
 * of `url`: what the browser fetches to hydrate it (ADR 0064).
 */
export async function islandModule(url: string, name: string): Promise<string> {
  const html = await (await fetch(url)).text();
  const tag = [...html.matchAll(/<astro-island\b[^>]*>/g)]
    .map((match) => match[0])
    .find((candidate) => candidate.includes(`&quot;name&quot;:&quot;${name}&quot;`));
  const module = tag?.match(/component-url="([^"]+)"/)?.[1];
  if (!module) throw new Error(`no island ${name} in ${url}`);
  return module;
}

/**
 * Holds back the request for `path` (an island's module) until `release()`: the page stays as its
 * static HTML, with that island not hydrated, while a test acts on it. `asked` resolves once the
 * page has asked for it (the island has started to load).
 */
export async function holdModule(page: Page, path: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let onAsked: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    onAsked = resolve;
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      onAsked();
      await released;
      await route.continue();
    },
  );
  return { asked, release: () => release() };
}

/** The `astro-island` element whose module is `path`; `[ssr]` until it has hydrated. */
export const islandOf = (page: Page, path: string) => page.locator(`astro-island[component-url="${path}"]`);
