// Prints the end of `npm test` (scripts/test.sh): a table of each stage's seconds and the number
// of tests it ran per kind, from the stage timings and the Vitest / Playwright JSON reports, then
// one plain line `N passed, N failed, N skipped` over all test cases (CI reads that line).
// A stage that failed without a test report (lint, typecheck, build, html, size) counts as one failure.
// Usage: node scripts/test-summary.mjs REPORT_DIR
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".";
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
};
const readJson = (name) => {
  try {
    const text = read(name);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

const stages = (read("stages.tsv") ?? "")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [name, ms, status] = line.split("\t");
    return { name, seconds: Number(ms) / 1000, failed: status !== "0" };
  });

const totals = { passed: 0, failed: 0, skipped: 0 };
const detail = {};

// Biome: "Checked N files in …".
const lintFiles = /Checked (\d+) files?/.exec(read("lint.log") ?? "")?.[1];
if (lintFiles) detail.lint = `${lintFiles} files`;

// The Nu Html Checker (scripts/check-html.ts): "Nu Html Checker: N documents, N HTML errors …".
const html = /Nu Html Checker: (\d+) documents?, (\d+) HTML errors?/.exec(read("html.log") ?? "");
if (html) detail.html = `${html[1]} pages, ${html[2]} HTML errors`;

// Vitest JSON reporter: one entry per file, its assertions with a status.
const vitest = readJson("vitest.json");
if (vitest) {
  const kinds = {};
  for (const file of vitest.testResults ?? []) {
    const kind = /tests\/(unit|component|integration)\//.exec(file.name)?.[1] ?? "other";
    kinds[kind] ??= { passed: 0, failed: 0, skipped: 0 };
    for (const test of file.assertionResults ?? []) {
      const outcome = test.status === "passed" ? "passed" : test.status === "failed" ? "failed" : "skipped";
      kinds[kind][outcome] += 1;
      totals[outcome] += 1;
    }
  }
  detail.vitest = Object.entries(kinds)
    .map(([kind, n]) => `${kind} ${n.passed + n.failed}${n.skipped ? ` (+${n.skipped} skipped)` : ""}`)
    .join(", ");
}

// Playwright JSON reporter: stats.expected / unexpected / flaky / skipped.
const playwright = readJson("playwright.json");
if (playwright?.stats) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = playwright.stats;
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  detail.e2e = `e2e ${expected + unexpected + flaky}${flaky ? ` (${flaky} flaky)` : ""}${skipped ? ` (+${skipped} skipped)` : ""}`;
}

for (const stage of stages) {
  if (stage.failed && !(stage.name === "vitest" && vitest) && !(stage.name === "e2e" && playwright)) {
    totals.failed += 1;
  }
}

const rows = stages.map((s) => [
  s.name,
  s.seconds.toFixed(1),
  s.failed ? "FAILED" : "ok",
  detail[s.name] ?? "",
]);
rows.push(["total", stages.reduce((sum, s) => sum + s.seconds, 0).toFixed(1), "", ""]);
const header = ["stage", "seconds", "result", "tests"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i === 1 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
console.log("");
console.log("== summary");
console.log(line(header).trimEnd());
for (const row of rows) console.log(line(row).trimEnd());
console.log("");
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
