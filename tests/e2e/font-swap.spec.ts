import { expect, frames, test } from "./support/fixtures";

/**
 * No layout shift from fonts (ADR 0008). On a slow phone connection the Inter file can arrive
 * after the first paint; the metric-matched fallback faces in theme.css must keep the swap from
 * moving the page. Here the font is held back until the page has painted (in the fallback face)
 * and the page's cumulative layout shift (the browser's own layout-shift entries, as Lighthouse
 * counts them) must stay at or under 0.02.
 */

const MAX_CLS = 0.02;

for (const { name, width, height } of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  for (const path of ["/", "/calculator", "/developer-api-login"]) {
    test(`${path} does not shift when Inter arrives late (${name})`, async ({ app, page }) => {
      await page.setViewportSize({ width, height });
      await page.addInitScript(() => {
        const shifts: { value: number; nodes: string[] }[] = [];
        const record = (entries: PerformanceEntry[]) => {
          for (const entry of entries as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const nodes = (entry.sources ?? []).map((source) => {
              const node = source.node;
              return node instanceof Element
                ? `${node.tagName.toLowerCase()}.${node.getAttribute("class") ?? ""}`
                : String(node?.nodeName);
            });
            shifts.push({ value: entry.value, nodes });
          }
        };
        const observer = new PerformanceObserver((list) => record(list.getEntries()));
        observer.observe({ type: "layout-shift", buffered: true });
        // Every shift so far, also those the observer has not been handed yet.
        Object.assign(window, {
          __layoutShifts: () => {
            record(observer.takeRecords());
            return shifts;
          },
        });
      });
      let fontHeld = false;
      const fontsRequested: string[] = [];
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\.woff2$/, async (route) => {
        fontHeld = true;
        fontsRequested.push(new URL(route.request().url()).pathname);
        await released;
        await route.continue();
      });

      // The page paints in the fallback face first; only then does Inter arrive.
      await page.goto(`${app.baseUrl}${path}`, { waitUntil: "commit" });
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
      release();
      await page.waitForLoadState("load");
      await page.evaluate(() => document.fonts.ready);
      expect(fontHeld).toBe(true);
      // Our core subset has arrived (src/client/fonts/inter-latin.css, ADR 0069), and neither
      // fontsource's Latin file nor our Latin subset, which the core face stands before, was
      // fetched: every character of the page is in the core file. `document.fonts.check()` cannot
      // tell: it also wants the faces behind it loaded.
      const loaded = await page.evaluate(() =>
        [...document.fonts]
          .filter((face) => face.family.replaceAll('"', "") === "Inter Variable" && face.status === "loaded")
          .map((face) => face.unicodeRange),
      );
      // (A route that shows two views carries both their stylesheets, so a face may be declared twice.)
      expect([...new Set(loaded)]).toEqual([expect.stringMatching(/^U\+20-7E, /i)]);
      expect(fontsRequested.filter((file) => /inter-latin-wght-(normal|400-700)/.test(file))).toEqual([]);
      expect(fontsRequested.some((file) => file.includes("inter-core-wght-400-700"))).toBe(true);
      // The swap is laid out and painted within the frames after the font has loaded.
      await frames(page);

      const shifts = await page.evaluate(() =>
        (window as unknown as { __layoutShifts(): { value: number; nodes: string[] }[] }).__layoutShifts(),
      );
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(MAX_CLS);
    });
  }
}
