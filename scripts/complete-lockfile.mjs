// Completes package-lock.json with the platform-specific optional packages that this
// workplace's npm registry mirror does not serve (e.g. Biome, Rollup and Tailwind binaries for
// macOS or Windows). `npm install` silently skips an optional package it cannot fetch and leaves
// it out of the lock, after which `npm ci` refuses the lock as "out of sync". We add each missing
// optional dependency with its version and the os/cpu its name declares, so `npm ci` knows it
// does not apply to this machine and never fetches it. See docs/decisions/0006-lockfile.md.
// Run after every `npm install`: `npm run lock:complete`.
import { readFileSync, writeFileSync } from "node:fs";

const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "netbsd",
  "sunos",
  "aix",
  "win32",
  "openharmony",
];
const CPU = ["arm64", "x64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // Node's resolution: nested under the parent first, then each ancestor node_modules.
    const candidates = [];
    let base = location;
    for (;;) {
      candidates.push(`${base ? `${base}/` : ""}node_modules/${name}`);
      const cut = base.lastIndexOf("/node_modules/");
      if (base === "") break;
      base = cut === -1 ? "" : base.slice(0, cut);
    }
    if (candidates.some((path) => packages[path])) continue;
    const tokens = name.split("/").pop().split("-");
    const os = OS.filter(
      (value) => tokens.includes(value) || (value === "win32" && tokens.includes("windows")),
    );
    const cpu = CPU.filter((value) => tokens.includes(value));
    const target = candidates.at(-1);
    packages[target] = {
      version: /^\d/.test(version) ? version.replace(/^[~^=]/, "") : version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os.length ? { os } : {}),
      ...(cpu.length ? { cpu } : {}),
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  `package-lock.json: added ${added} platform-specific optional package(s) the registry does not serve`,
);
