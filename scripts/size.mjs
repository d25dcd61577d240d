#!/usr/bin/env node
/**
 * `npm run size` (performance budget of ADR 0008, lowered by ADR 0023): prints the gzip size of the JavaScript that `/`
 * loads before any interaction, and fails when it exceeds the budget or when a portal, dashboard
 * or IMU chunk is among it.
 *
 * It reads build/site/index.html, the static site's `/` (run `npm run build` first), takes every script `src`,
 * `modulepreload` link and inline `import("…")`, then follows each chunk's static imports (not
 * dynamic `import()` inside chunks, which load on interaction; the page's own deferred bootstrap
 * imports count, ADR 0023). Sizes are gzip level 9. The budget is ADR 0023's 130 KiB
 * (133,120 bytes; ADR 0008's 150 KB before it); figures are printed in both KB (1000 bytes) and
 * KiB (1024 bytes).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 130 * 1024;
// `/` is the static site's page (ADR 0064).
const CLIENT_DIR = path.resolve(process.argv[2] ?? "build/site");
/** Chunks that must never load on `/` (ADR 0008: account portal, dashboards, IMU page). */
const FORBIDDEN =
  /^(admin-dashboard|admin-login|dashboard|user-dashboard|verify|accept-invitation|accelerometer|imu-page)-/;

const htmlPath = path.join(CLIENT_DIR, "index.html");
if (!existsSync(htmlPath)) {
  console.error(`${htmlPath} not found: run \`npm run build\` first.`);
  process.exit(2);
}
const html = readFileSync(htmlPath, "utf8");

const entries = new Set();
for (const [, src] of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) entries.add(src);
for (const [, href] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) entries.add(href);
for (const [, body] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
  for (const [, spec] of body.matchAll(/import\(\s*"([^"]+\.js)"\s*\)/g)) entries.add(spec);
  for (const [, spec] of body.matchAll(/import\s+(?:[^"']*from\s*)?"([^"]+\.js)"/g)) entries.add(spec);
}

/** Static import specifiers of a built chunk (`import … from "./x.js"` and `import "./x.js"`). */
function staticImports(code) {
  const found = [];
  for (const [, spec] of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) found.push(spec);
  return found;
}

const files = new Map();
const queue = [...entries].map((url) => path.join(CLIENT_DIR, url.replace(/^\//, "")));
while (queue.length > 0) {
  const file = queue.shift();
  if (files.has(file) || !existsSync(file)) continue;
  const code = readFileSync(file);
  files.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  for (const spec of staticImports(code.toString("utf8"))) queue.push(path.resolve(path.dirname(file), spec));
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
const kb = (bytes) => (bytes / 1000).toFixed(1);
const rows = [...files].sort((a, b) => b[1].gzip - a[1].gzip);
let total = 0;
let totalRaw = 0;
for (const [file, size] of rows) {
  total += size.gzip;
  totalRaw += size.raw;
  console.log(`${kib(size.gzip).padStart(7)} KiB  ${path.relative(CLIENT_DIR, file)}`);
}
console.log(
  `\nJavaScript loaded by / before interaction: ${rows.length} files, ${kb(total)} KB = ${kib(total)} KiB gzip (${kib(totalRaw)} KiB raw); budget ${kib(BUDGET_BYTES)} KiB (${BUDGET_BYTES - total} bytes left).`,
);

const forbidden = rows.map(([file]) => path.basename(file)).filter((name) => FORBIDDEN.test(name));
if (forbidden.length > 0) {
  console.error(`Portal/dashboard/IMU code is loaded on /: ${forbidden.join(", ")}`);
  process.exit(1);
}
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${total - BUDGET_BYTES} bytes.`);
  process.exit(1);
}
