// Installs the benchmark-only tools of bench/package.json (Lighthouse, chrome-launcher,
// autocannon) on first use, so the product's `npm ci` never downloads them (ADR 0044).
// Runs `npm ci --prefix bench` when bench/node_modules is missing or older than bench's lock.
// Usage (from an npm script): `node scripts/bench-deps.mjs && tsx bench/bench-api.ts`.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const installed = "bench/node_modules/.package-lock.json";
const lock = "bench/package-lock.json";
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log("Installing the benchmark tools (bench/package.json) on first use: npm ci --prefix bench");
  const result = spawnSync("npm", ["ci", "--prefix", "bench", "--no-audit", "--no-fund"], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
