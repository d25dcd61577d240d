/**
 * `npm run size`: the JavaScript each public page loads before any interaction, gzip, against
 * per-page budgets (ADR 0065; the budgets are data, in scripts/size-budgets.json).
 *
 * It serves the build (Astro's build/site when present, else React Router's build/client; see
 * scripts/static-site.ts) from a small static server, opens each page in headless Chromium
 * (Debian's headless shell, /usr/bin/chromium-headless-shell, ADR 0087; or CHROMIUM_PATH) with a fresh cache, once at Lighthouse's mobile
 * viewport and once in a 1280 px window (the larger figure counts: what loads on visibility
 * differs), requests to any other host aborted (and listed), and waits for the network to be idle
 * (nothing in flight, no request for 1 s after the load event, and an idle callback run). Every
 * script the page fetched by then counts: each body as the browser received it (decoded),
 * compressed here with gzip level 9, so the
 * figure does not depend on how the server compresses; plus the page's inline executable
 * `<script>`s, concatenated and compressed the same way. Figures in KiB (1024 bytes).
 *
 * Exits 1 when a page is over its budget, a budgeted page could not be measured, or a page
 * loads a script whose name matches the file's `forbidden` pattern (portal, dashboard, IMU code
 * on a public page; ADR 0008); 2 when there is no build or an argument is wrong.
 *
 * Usage: npm run size -- [--budgets NAME] [--all] [--verbose] [path …]
 *   default: the file's default set, on its budgeted pages plus `/es/`; pages named: those only,
 *   each against its budget if it has one;
 *   --verbose: every file of every page with its size;
 *   --all: every public page in both languages (18 pages);
 *   --budgets hydrated-app: ADR 0023's single budget on `/` (130 KiB of files, 133 KiB with the
 *   inline scripts counted here), for the build before islands (`npm test` uses it until then).
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import {
  isExecutableScriptType,
  judge,
  kib,
  type PageWeight,
  parseArgs,
  publicPages,
  selectBudgets,
  table,
} from "./site-measure";
import { detectSiteBuild, serveStatic } from "./static-site";

/**
 * Each page loads in both: Lighthouse 12's mobile emulation (Moto G Power, what `npm run bench:site`
 * audits) and a desktop window, since what loads "when visible" differs; the larger counts.
 */
const VIEWPORTS = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const;
type Viewport = keyof typeof VIEWPORTS;
type Measured = PageWeight & { blocked: string[]; viewport: Viewport | "both" };
/** Pages measured side by side; more would only queue on a 2-core machine. */
const CONCURRENCY = 3;
/**
 * How long the network must stay quiet after the load event before a page counts as loaded (ms):
 * Lighthouse's own network-quiet threshold, so both tools wait alike. A script started later by a
 * timer alone would be missed; islands load on load, idle, visibility or interaction.
 */
const QUIET_MS = 1000;
/** Pages measured by default beside the budgeted ones (the Spanish home page is a target page of bench:site). */
const EXTRA_PAGES = ["/es/"];

const gzipBytes = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;
const totalBytes = (weight: PageWeight) =>
  [...weight.files.values()].reduce((sum, bytes) => sum + bytes, weight.inlineBytes);

/**
 * Loads one page and weighs its JavaScript.
 * @returns the page's weight and the other hosts it tried to reach
 */
async function weigh(browser: Browser, baseUrl: string, page: string, viewport: Viewport): Promise<Measured> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], serviceWorkers: "block" });
  const origin = new URL(baseUrl).origin;
  const blocked = new Set<string>();
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.origin === origin || url.protocol === "data:" || url.protocol === "blob:")
      return route.continue();
    blocked.add(url.host);
    return route.abort("blockedbyclient");
  });
  const tab = await context.newPage();
  const bodies: Promise<void>[] = [];
  const files = new Map<string, number>();
  let inFlight = 0;
  let lastActivity = performance.now();
  const started = () => {
    inFlight += 1;
    lastActivity = performance.now();
  };
  const ended = () => {
    inFlight -= 1;
    lastActivity = performance.now();
  };
  tab.on("request", started);
  tab.on("requestfinished", ended);
  tab.on("requestfailed", ended);
  tab.on("response", (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()["content-type"] ?? "";
    if (type !== "script" && !/javascript/i.test(contentType)) return;
    const url = new URL(response.url());
    bodies.push(
      response.body().then(
        (body) => void files.set(url.pathname, gzipBytes(body)),
        () => void files.set(url.pathname, Number.NaN),
      ),
    );
  });
  try {
    const response = await tab.goto(`${baseUrl}${page}`, { waitUntil: "load", timeout: 60_000 });
    if (response === null || !response.ok())
      throw new Error(`${page}: HTTP ${response?.status() ?? "no response"}`);
    // Network idle alone is not enough on a busy machine: a page may start loading scripts only
    // after its first paint or when the main thread is idle. Done means: nothing in flight, no
    // request for QUIET_MS, and an idle callback has run since then.
    for (;;) {
      await tab.evaluate(
        () =>
          new Promise<void>((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve()))),
      );
      if (inFlight === 0 && performance.now() - lastActivity >= QUIET_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const html = await response.text();
    // The browser's own parser finds the inline scripts in the HTML as sent (not the live DOM,
    // where scripts may have added or removed some).
    const inline = await tab.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "text/html");
      return [...doc.querySelectorAll("script:not([src])")].map((script) => ({
        type: script.getAttribute("type"),
        nomodule: script.hasAttribute("nomodule"),
        text: script.textContent ?? "",
      }));
    }, html);
    await Promise.all(bodies);
    const code = inline
      .filter((script) => !script.nomodule && isExecutableScriptType(script.type))
      .map((script) => script.text)
      .join("\n");
    const missing = [...files].filter(([, bytes]) => Number.isNaN(bytes)).map(([file]) => file);
    if (missing.length > 0) throw new Error(`${page}: could not read ${missing.join(", ")}`);
    return { page, viewport, files, inlineBytes: code === "" ? 0 : gzipBytes(code), blocked: [...blocked] };
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  let options: ReturnType<typeof parseArgs>;
  let budgets: ReturnType<typeof selectBudgets>;
  try {
    options = parseArgs(process.argv.slice(2));
    if (options.runs !== undefined) throw new Error("--runs is an option of bench:site, not size");
    budgets = selectBudgets(
      JSON.parse(readFileSync(new URL("size-budgets.json", import.meta.url), "utf8")),
      options.budgets,
    );
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const build = detectSiteBuild("build");
  if (build === null) {
    console.error("No build found (build/site or build/client with index.html): run `npm run build` first.");
    return 2;
  }
  const pages =
    options.pages.length > 0
      ? options.pages
      : options.all
        ? [...new Set([...budgets.bytes.keys(), ...publicPages()])]
        : [...new Set([...budgets.bytes.keys(), ...EXTRA_PAGES])];

  const server = await serveStatic(build);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  });
  const measured: Measured[] = [];
  const errors: string[] = [];
  try {
    const queue = pages.flatMap((page) =>
      (Object.keys(VIEWPORTS) as Viewport[]).map((viewport) => ({ page, viewport })),
    );
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
        for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
          try {
            measured.push(await weigh(browser, server.url, task.page, task.viewport));
          } catch (error) {
            errors.push(`${(error as Error).message} (${task.viewport})`);
          }
        }
      }),
    );
  } finally {
    await browser.close();
    await server.close();
  }
  // Per page, the viewport that loaded more.
  const weights = pages.flatMap((page) => {
    const both = measured.filter((weight) => weight.page === page);
    if (both.length === 0) return [];
    const larger = both.reduce((a, b) => (totalBytes(b) > totalBytes(a) ? b : a));
    const same = both.length === 2 && both.every((weight) => totalBytes(weight) === totalBytes(larger));
    return [{ ...larger, viewport: same ? ("both" as const) : larger.viewport }];
  });

  // Pages named on the command line are judged alone; by default every budgeted page must be measured.
  const applicable =
    options.pages.length > 0
      ? new Map([...budgets.bytes].filter(([page]) => options.pages.includes(page)))
      : budgets.bytes;
  const verdicts = judge(weights, applicable, budgets.forbidden);
  const rows = verdicts.map((verdict) => {
    const weight = weights.find((candidate) => candidate.page === verdict.page);
    return [
      verdict.page,
      weight?.viewport ?? "—",
      String(weight?.files.size ?? "—"),
      kib(weight?.inlineBytes ?? Number.NaN),
      kib(verdict.totalBytes),
      verdict.budgetBytes === null ? "" : kib(verdict.budgetBytes),
      verdict.ok ? "ok" : "OVER",
    ];
  });
  console.log(`Build: ${build.label}; budgets "${budgets.name}" (${budgets.source}).`);
  console.log("JavaScript loaded before any interaction, gzip -9 of each body (KiB):\n");
  console.log(table([["page", "larger in", "files", "inline", "KiB", "budget", ""], ...rows]));
  if (options.verbose) {
    for (const weight of weights) {
      console.log(`\n${weight.page} (${weight.viewport}):`);
      const files = [...weight.files].sort((a, b) => b[1] - a[1]);
      for (const [file, bytes] of files) console.log(`${kib(bytes).padStart(8)}  ${file}`);
      console.log(`${kib(weight.inlineBytes).padStart(8)}  (inline scripts)`);
    }
  }
  for (const weight of weights) {
    if (weight.blocked.length > 0)
      console.log(`${weight.page}: blocked requests to ${weight.blocked.join(", ")}`);
  }
  for (const verdict of verdicts) {
    if (verdict.forbidden.length > 0) {
      console.error(`${verdict.page} loads portal/dashboard/IMU code: ${verdict.forbidden.join(", ")}`);
    }
    if (Number.isNaN(verdict.totalBytes)) console.error(`${verdict.page} has a budget but was not measured`);
  }
  for (const error of errors) console.error(error);
  return verdicts.every((verdict) => verdict.ok) && errors.length === 0 ? 0 : 1;
}

process.exitCode = await main();
