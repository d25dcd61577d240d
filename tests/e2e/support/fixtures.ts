import { createHash } from "node:crypto";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { decodeQuotedPrintable } from "../../support/smtp-sink";
import { TestApp, type TestAppOptions } from "./app";

export { DEMO_DESK_EMAIL, EVENTS_PASSWORD, PARTNER_PASSWORD, SALES_EMAIL, TestApp } from "./app";

/**
 * The sensor permissions desktop and Android Chrome grant by default (`test.use({ permissions })`
 * or `context.grantPermissions`): the Permissions API answers `granted` for both, so the IMU demo
 * listens at once and, with no readings, says Device Not Supported. The headless shell the tests
 * run in (ADR 0087) answers `prompt` unless they are granted.
 */
export const SENSORS_GRANTED = ["accelerometer", "gyroscope"];

/** Makes `context` abort every request that leaves this machine (third-party hosts). */
export async function blockThirdPartyHosts(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) && url.protocol !== "data:",
    (route) => route.abort("blockedbyclient"),
  );
}

/** 8 bytes that name one run of one test: its id, repeat and retry. */
function runDigest(testInfo: TestInfo): Buffer {
  return createHash("sha256")
    .update(`${testInfo.testId}/${testInfo.repeatEachIndex}/${testInfo.retry}`)
    .digest()
    .subarray(0, 8);
}

/**
 * The client address the running test's browsers and API requests present (`X-Forwarded-For`,
 * trusted from loopback by the apps under test): one private address per test run, so the
 * per-IP rate limits (ADR 0016) count each test on its own, as each spec file's own server did
 * before tests shared one (ADR 0045).
 */
export function clientAddress(testInfo: TestInfo = base.info()): string {
  const [a = 0, b = 0, c = 0] = runDigest(testInfo);
  return `10.${a}.${b}.${(c % 254) + 1}`;
}

/**
 * `address` made unique to the running test: `ada@example.com` → `ada.3f9c0a1e@example.com`.
 * Tests that share their worker's app use it for every address they create or read, so they
 * never see each other's users, emails or per-recipient caps (ADR 0034).
 */
export function uniqueEmail(address: string, testInfo: TestInfo = base.info()): string {
  const at = address.lastIndexOf("@");
  return `${address.slice(0, at)}.${runDigest(testInfo).toString("hex", 0, 4)}${address.slice(at)}`;
}

/**
 * A separate browser profile (own cookies) at 1280 px unless `options` say otherwise, that can
 * reach only our server and presents the running test's {@link clientAddress}.
 */
export async function persona(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...options,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(), ...options.extraHTTPHeaders },
  });
  await blockThirdPartyHosts(context);
  return { context, page: await context.newPage() };
}

/**
 * Resolves after the page has rendered `count` more frames: enough for input already dispatched
 * and the layout, scrolling or observer callbacks it causes to have happened. On a page whose
 * `page.clock` is paused, frames wait for the clock too (`requestAnimationFrame` is faked).
 */
export async function frames(page: Page, count = 2): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/**
 * Islands that hydrate by themselves once the page has loaded (Astro's `client:load`, `client:idle`
 * and `client:only`) and have not yet: Astro removes an `astro-island`'s `ssr` attribute once its
 * component has rendered in the browser (ADR 0064).
 */
const PENDING_ISLANDS = 'astro-island[ssr]:is([client="load"], [client="idle"], [client="only"])';

/**
 * Opens `url` and resolves once the page's islands that hydrate by themselves have hydrated
 * ({@link PENDING_ISLANDS}): for tests whose subject is not input made before hydration (the
 * dialogs' and forms' specs cover that). Islands that wait for a first interaction
 * (`client:interaction`) are not waited for: that interaction loads them and is replayed. A key
 * press on a control of a `client:load` island before it has hydrated does nothing, so a test that
 * presses keys at once would otherwise race the page's script.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator(PENDING_ISLANDS)).toHaveCount(0);
}

/**
 * Holds back the Spanish texts of the pages without a Spanish twin (the `es-portal-register`
 * chunk, ADR 0022) until `release()`; `asked` resolves once the page's app has requested them.
 */
export async function holdSpanishTexts(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let onAsked: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    onAsked = resolve;
  });
  await page.route("**/assets/es-portal-register-*.js", async (route) => {
    onAsked();
    await held;
    await route.continue();
  });
  return { asked, release: () => release() };
}

/**
 * Moves the page's clock (`page.clock`, installed by the test before the page loaded) forward by
 * `ms` until `condition` holds: time passes at once for a timer the page set, and a timer the
 * page has not set yet when the clock first moves (its effect runs a moment after the render the
 * test saw) is caught by the next move.
 * @param condition resolves when what the time should bring has happened, e.g.
 *   `() => expect(page).toHaveURL(url, { timeout: 1000 })`; throws otherwise
 */
export async function fastForwardUntil(page: Page, ms: number, condition: () => Promise<unknown>) {
  await expect(async () => {
    await page.clock.fastForward(ms);
    await condition();
  }).toPass({ timeout: 20_000 });
}

/**
 * The first email to `to` whose decoded source contains `text`, waiting for it: for the shared
 * mailboxes (sales, demo desk) that several tests of one worker write to.
 * @throws after `timeoutMs` without one
 */
export async function emailContaining(app: TestApp, to: string, text: string, timeoutMs = 15_000) {
  let found: ReturnType<TestApp["smtp"]["emailsTo"]>[number] | undefined;
  await expect
    .poll(
      () => {
        found = app.smtp.emailsTo(to).find((mail) => decodeQuotedPrintable(mail.raw).includes(text));
        return found !== undefined;
      },
      { timeout: timeoutMs, message: `an email to ${to} containing ${text}` },
    )
    .toBe(true);
  if (!found) throw new Error(`no email to ${to} containing ${text}`);
  return found;
}

interface TestFixtures {
  /**
   * An app of this test's own on an empty database (no admin yet), closed after the test: for
   * the first-admin setup and for tests that count what the whole database holds, or what its
   * bucket holds (`storage`).
   */
  emptyApp: TestApp;
  /**
   * Where `emptyApp` keeps uploads: `local` (default) or `s3`, a bucket of an s3rver of the
   * test's own, reachable as `emptyApp.s3` ({@link TestAppOptions.storage}). Set with
   * `test.use({ storage: "s3" })`. The worker's shared `app` always stores on local disk: a
   * bucket shared by a worker's tests could never be checked for what it holds.
   */
  storage: NonNullable<TestAppOptions["storage"]>;
  /**
   * Variables replacing s3rver's for `emptyApp` when `storage` is `s3`, e.g.
   * `test.use({ s3Env: { AWS_SECRET_ACCESS_KEY: "not-the-secret" } })` ({@link TestAppOptions.s3Env}).
   */
  s3Env: Record<string, string>;
  blockThirdParty: undefined;
}

interface WorkerFixtures {
  /**
   * The app every test of this worker shares (ADR 0045). Tests run one at a time in a worker;
   * each builds its own state in it (unique addresses, {@link uniqueEmail}).
   */
  app: TestApp;
}

/**
 * The Playwright `test` every spec uses (ADR 0045). Its fixtures: `app`, the worker's shared app
 * under test, and `emptyApp`, one of the test's own (on local disk or an s3rver bucket of its own,
 * the `storage` and `s3Env` options); the test's own browser context aborts any
 * request that leaves this machine (a context a test opens must come from {@link persona}, which
 * does the same), so third-party widgets (jobs board, booking widget, video site) never load in
 * tests and the pages must cope with their absence; and every context of the test presents the
 * test's own {@link clientAddress}.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument
    async ({}, use) => {
      const app = await TestApp.start();
      await use(app);
      await app.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  storage: ["local", { option: true }],
  s3Env: [{}, { option: true }],
  emptyApp: async ({ storage, s3Env }, use) => {
    const app = await TestApp.start({ storage, s3Env });
    await use(app);
    await app.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "x-forwarded-for": clientAddress(testInfo) });
  },
  blockThirdParty: [
    async ({ context }, use) => {
      await blockThirdPartyHosts(context);
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };
