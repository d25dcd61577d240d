import { type BrowserContext, test as base, expect } from "@playwright/test";

/** Makes `context` abort every request that leaves this machine (third-party hosts). */
export async function blockThirdPartyHosts(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) && url.protocol !== "data:",
    (route) => route.abort("blockedbyclient"),
  );
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
