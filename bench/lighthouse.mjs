#!/usr/bin/env node
/**
 * `npm run lighthouse` (budget of ADR 0008, tightened by ADR 0023): starts the production server
 * from the build (`build/node/main.js`, run `npm run build` first) on a free port with a
 * throw-away database, audits each page N times with Lighthouse 12's default mobile preset in
 * Debian's Chromium (`/usr/bin/chromium`, or CHROMIUM_PATH), and prints every run and, per page,
 * the median of the four category scores and of FCP, LCP, TBT and CLS, with the LCP element and
 * the machine's load average (figures from a busy machine are pessimistic).
 *
 * Exits 1 when a page's median misses a target (README "Performance targets", ADR 0064): Performance 100,
 * Accessibility 100, Best Practices 100, SEO 100, LCP ≤ 1.2 s, TBT ≤ 50 ms, CLS 0, and the page's
 * HTML at most 14,600 bytes on the wire with its headers (ADR 0070). A page that
 * asks not to be indexed (`<meta name="robots" content="noindex">`, the retailer demos) fails
 * Lighthouse's "is crawlable" SEO audit by design; its SEO score is printed but not a target.
 * On a layout shift it prints the elements that moved.
 *
 * Usage: npm run lighthouse -- [--runs N] [path ...]
 *        (defaults: 3 runs of / /calculator /schnucks)
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const TARGETS = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
/** ADR 0023's metric targets (milliseconds; CLS unitless). */
const MAX_LCP_MS = 1200;
const MAX_TBT_MS = 50;
const MAX_CLS = 0;
/**
 * The most a page's HTML may weigh on the wire, headers included (bytes): TCP's initial window of
 * 10 segments of 1,460 bytes (RFC 6928), which Lighthouse's simulation sends in the first round
 * trip; one byte more costs a 150 ms round trip before any other request starts (ADR 0070).
 */
const MAX_HTML_BYTES = 14_600;

const args = process.argv.slice(2);
let runs = 3;
const pages = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === "--runs") {
    runs = Number(args[i + 1]);
    i += 1;
  } else if (args[i].startsWith("--runs=")) {
    runs = Number(args[i].slice("--runs=".length));
  } else {
    pages.push(args[i]);
  }
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs takes a positive whole number");
  process.exit(2);
}
if (pages.length === 0) pages.push("/", "/calculator", "/schnucks");

if (!existsSync("build/node/main.js") || !existsSync("build/client/index.html")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(2);
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

const port = await new Promise((resolve, reject) => {
  const server = createServer();
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
  });
  server.on("error", reject);
});
const baseUrl = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "aisleiq-lighthouse-"));
const app = spawn(process.execPath, ["build/node/main.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    // Production refuses http, public gate passwords and no SMTP (docs/operations.md "Production
    // checks"); no email is sent during an audit, so the SMTP address may lead nowhere.
    ALLOW_HTTP_PUBLIC_URL: "true",
    EVENTS_PASSWORD: "lighthouse-events-password",
    CHANNEL_PARTNER_PASSWORD: "lighthouse-partner-password",
    SMTP_URL: "smtp://127.0.0.1:9",
    LOG_LEVEL: "error",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART) is retried twice. */
async function audit(chrome, url, page) {
  let lhr;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${page}`);
    if (!lhr.runtimeError) break;
    console.log(
      `  Lighthouse error on ${page} (attempt ${attempt}): ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
    );
  }
  for (const warning of lhr.runWarnings ?? []) console.log(`  Lighthouse warning on ${page}: ${warning}`);
  return lhr;
}

/** Scores (0–100) and metrics (ms) of one run. */
function figures(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
  };
}

const line = (f) =>
  `Performance ${f.performance}  Accessibility ${f.accessibility}  Best Practices ${f["best-practices"]}  SEO ${f.seo}   ` +
  `FCP ${seconds(f.fcp)}  LCP ${seconds(f.lcp)}  TBT ${Math.round(f.tbt)} ms  CLS ${Number(f.cls.toFixed(3))}`;

let chrome;
let failed = false;
console.log(`Load average before: ${load()} (1, 5, 15 min); ${runs} run(s) per page.`);
try {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (app.exitCode !== null) throw new Error(`server exited with ${app.exitCode}`);
    if (Date.now() > deadline) throw new Error("server did not become ready in 90 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const summary = [];
  for (const page of pages) {
    const url = `${baseUrl}${page}`;
    const probe = await fetch(url);
    if (!probe.ok) {
      console.log(`${page}: HTTP ${probe.status}, skipped`);
      failed = true;
      continue;
    }
    const noindex = /<meta[^>]*name="robots"[^>]*content="[^"]*noindex/i.test(await probe.text());
    // Default config = Lighthouse's mobile preset (Moto G Power emulation, slow 4G throttling).
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      const lhr = await audit(chrome, url, page);
      const f = figures(lhr);
      results.push({ lhr, f });
      const element = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
      console.log(`${page} run ${run}: ${line(f)}`);
      if (run === 1 && element)
        console.log(`  LCP element: ${element.selector ?? "?"}  ${(element.snippet ?? "").slice(0, 100)}`);
    }
    const med = Object.fromEntries(
      [...CATEGORIES, "fcp", "lcp", "tbt", "cls"].map((key) => [key, median(results.map((r) => r.f[key]))]),
    );
    summary.push(`${page.padEnd(12)} ${line(med)}${noindex ? "  (noindex page: SEO not a target)" : ""}`);

    const misses = [];
    for (const [id, target] of Object.entries(TARGETS)) {
      if (id === "seo" && noindex) continue;
      if (med[id] < target) {
        const worst = results.reduce((a, b) => (a.f[id] <= b.f[id] ? a : b)).lhr;
        const audits = Object.values(worst.audits)
          .filter(
            (item) =>
              item.score !== null &&
              item.score < 0.9 &&
              worst.categories[id].auditRefs.some((ref) => ref.id === item.id && ref.weight > 0),
          )
          .map((item) => `${item.id} (${item.displayValue ?? item.score})`);
        misses.push(`${id} ${med[id]} < ${target}: ${audits.join(", ") || "see the report"}`);
      }
    }
    if (med.lcp > MAX_LCP_MS) misses.push(`LCP ${seconds(med.lcp)} > ${seconds(MAX_LCP_MS)}`);
    const documentRequest = results[0]?.lhr.audits["network-requests"]?.details?.items?.find(
      (item) => item.resourceType === "Document",
    );
    const htmlBytes = documentRequest?.transferSize ?? 0;
    console.log(`  HTML on the wire: ${htmlBytes} bytes with headers (at most ${MAX_HTML_BYTES})`);
    if (htmlBytes > MAX_HTML_BYTES) misses.push(`HTML ${htmlBytes} bytes > ${MAX_HTML_BYTES}`);
    if (med.tbt > MAX_TBT_MS) misses.push(`TBT ${Math.round(med.tbt)} ms > ${MAX_TBT_MS} ms`);
    if (!(med.cls <= MAX_CLS)) {
      misses.push(`CLS ${med.cls} > ${MAX_CLS}`);
      const shifted = results.find((r) => r.f.cls > 0)?.lhr;
      for (const item of shifted?.audits["layout-shifts"]?.details?.items ?? []) {
        const node = item.node ?? {};
        misses.push(
          `  shifted ${Number(item.score ?? 0).toFixed(3)}  ${node.selector ?? "?"}  ${node.snippet ?? ""}`,
        );
      }
    }
    for (const miss of misses) console.log(`  ${page} median misses: ${miss}`);
    if (misses.length > 0) failed = true;
  }
  console.log(`\nMedian of ${runs} run(s) per page (load average after: ${load()}):`);
  for (const row of summary) console.log(row);
} finally {
  await chrome?.kill();
  app.kill("SIGTERM");
  await new Promise((resolve) => (app.exitCode !== null ? resolve() : app.once("exit", resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
