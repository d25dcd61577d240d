#!/usr/bin/env node
/**
 * `npm run lighthouse` (issue #4 performance budget): starts the production server from the
 * build (`build/node/main.js`, run `npm run build` first) on a free port with a throw-away
 * database, audits `/` and `/calculator` with Lighthouse 12's default mobile preset in Debian's
 * Chromium (`/usr/bin/chromium`, or CHROMIUM_PATH), and prints the four category scores plus LCP,
 * TBT and CLS. Exits 1 when a page misses a target: Performance ≥ 95, Accessibility 100, Best
 * Practices 100, SEO 100, CLS ≤ 0.02 (issue #4); for a layout shift it prints the elements that moved.
 * Usage: node scripts/lighthouse.mjs [path ...]   (default: / /calculator)
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
/** Issue #4: no layout shift from fonts or images. */
const MAX_CLS = 0.02;
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/calculator"];

if (!existsSync("build/node/main.js") || !existsSync("build/client/index.html")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(2);
}

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
    SMTP_URL: "",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

let chrome;
let failed = false;
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
  for (const page of pages) {
    const url = `${baseUrl}${page}`;
    const probe = await fetch(url);
    if (!probe.ok) {
      console.log(`${page}: HTTP ${probe.status}, skipped`);
      continue;
    }
    // Default config = Lighthouse's mobile preset (Moto G Power emulation, slow 4G throttling).
    // A run whose trace recording failed (e.g. NO_NAVSTART, "Please run Lighthouse again") is
    // retried up to twice; its error is printed either way.
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
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    );
    const metric = (id) => lhr.audits[id]?.displayValue ?? "n/a";
    console.log(
      `${page.padEnd(12)} Performance ${scores.performance}  Accessibility ${scores.accessibility}  ` +
        `Best Practices ${scores["best-practices"]}  SEO ${scores.seo}   ` +
        `(LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")})`,
    );
    for (const [id, target] of Object.entries(TARGETS)) {
      if (scores[id] < target) {
        failed = true;
        const misses = Object.values(lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 0.9 &&
              lhr.categories[id].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
          )
          .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
        console.log(`  ${id} ${scores[id]} < ${target}: ${misses.join(", ") || "see the report"}`);
      }
    }
    const cls = lhr.audits["cumulative-layout-shift"]?.numericValue;
    if (cls === undefined) {
      failed = true;
      console.log(`  CLS was not measured on ${page}`);
      continue;
    }
    if (cls > MAX_CLS) failed = true;
    if (cls > 0) {
      console.log(`  CLS ${cls.toFixed(3)}${cls > MAX_CLS ? ` > ${MAX_CLS}` : ""}; shifted elements:`);
      for (const item of lhr.audits["layout-shifts"]?.details?.items ?? []) {
        const node = item.node ?? {};
        console.log(
          `    ${Number(item.score ?? 0).toFixed(3)}  ${node.selector ?? "?"}  ${node.snippet ?? ""}`,
        );
      }
    }
  }
} finally {
  await chrome?.kill();
  app.kill("SIGTERM");
  await new Promise((resolve) => (app.exitCode !== null ? resolve() : app.once("exit", resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
