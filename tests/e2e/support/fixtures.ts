import { type Browser, type BrowserContext, test as base, expect, type Page } from "@playwright/test";

/** Makes `context` abort every request that leaves this machine (third-party hosts). */
export async function blockThirdPartyHosts(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) && url.protocol !== "data:",
    (route) => route.abort("blockedbyclient"),
  );
}

/** A separate browser profile (own cookies) at 1280 px that can reach only our server. */
export async function persona(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await blockThirdPartyHosts(context);
  return { context, page: await context.newPage() };
}

/**
 * The Playwright `test` every spec uses: the test's own browser context aborts any request that
 * leaves this machine (a context a test opens with `browser.newContext` must call
 * {@link blockThirdPartyHosts} itself), so third-party widgets (jobs board, booking widget, video site) never load in
 * tests and the pages must cope with their absence.
 */
export const test = base.extend<{ blockThirdParty: undefined }>({
  blockThirdParty: [
    async ({ context }, use) => {
      await blockThirdPartyHosts(context);
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };
