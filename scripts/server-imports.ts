#!/usr/bin/env node
/**
 * The server's import graph and its layer rule (ADR 0086, docs/architecture.md#server-layers).
 *
 * Lists every import between the modules of src/server (a module is a top-level folder such as
 * `auth/`, or a file at the top such as `app.ts`), then checks two things:
 * - no upward import: a module imports only modules of its own layer or of a lower one
 *   ({@link LAYERS}, lowest first);
 * - no cycle: neither between files nor between modules.
 * Exits 1 when either is found, 0 otherwise. Type-only imports count: they couple as much.
 *
 * Usage: `npm run imports:server` (or `npx tsx scripts/server-imports.ts [root] [--files]`;
 * `root` defaults to src/server, `--files` also lists the file-to-file imports; `--biome` prints
 * the lint zones of {@link biomeZones} for biome.json).
 * Imports are read with TypeScript's own scanner (`ts.preProcessFile`), so a comment or a string
 * that looks like an import is not one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * The server's layers, lowest first: the one definition of the order (ADR 0086). A module may
 * import modules of its own layer or of lower layers, never of a higher one. biome.json's
 * `noRestrictedImports` zones for src/server are the same table (tests/unit/server-imports.test.ts
 * checks they agree). A module not listed here is reported as unplaced.
 */
export const LAYERS: readonly { name: string; modules: readonly string[] }[] = [
  { name: "core", modules: ["core", "crypto", "config.ts"] },
  { name: "db", modules: ["db"] },
  { name: "files and mail", modules: ["files", "mail"] },
  { name: "http", modules: ["http"] },
  { name: "auth", modules: ["auth"] },
  {
    name: "features",
    modules: [
      "admin",
      "background-checks",
      "backup",
      "companies",
      "demo-registrations",
      "gates",
      "invitations",
      "leads",
      "metrics",
      "passkeys",
      "webhooks",
    ],
  },
  { name: "app", modules: ["app.ts", "background-tasks.ts", "context.ts", "main.ts"] },
];

/** How a module is named in a relative import from a file one or two folders below the root. */
function specifiersOf(module: string): string[] {
  const name = module.replace(/\.ts$/, "");
  const prefixes = ["./", "../", "../../"];
  return module.endsWith(".ts")
    ? prefixes.map((prefix) => prefix + name)
    : prefixes.flatMap((prefix) => [prefix + name, `${prefix + name}/**`]);
}

/** Biome's noRestrictedImports pattern: import specifiers (gitignore-style globs) and why. */
export interface RestrictedPattern {
  group: string[];
  message: string;
}

/**
 * Biome `overrides` entries that make `npm run lint` fail on an upward import (ADR 0086): one per
 * layer below the top, restricting every module of the layers above it. Biome replaces a rule's
 * options per override rather than merging them, so each entry repeats `basePatterns` (the
 * src/server/** patterns: never client code, never i18next).
 * @param basePatterns the `patterns` of the src/server/** override
 * @returns the entries, lowest layer first, as they appear in biome.json
 */
export function biomeZones(basePatterns: RestrictedPattern[]): object[] {
  const order = LAYERS.map((layer) => layer.name).join(" → ");
  return LAYERS.slice(0, -1).map((layer, i) => ({
    includes: layer.modules.map((module) =>
      module.endsWith(".ts") ? `src/server/${module}` : `src/server/${module}/**`,
    ),
    linter: {
      rules: {
        style: {
          noRestrictedImports: {
            level: "error",
            options: {
              patterns: [
                ...basePatterns,
                {
                  group: LAYERS.slice(i + 1).flatMap((higher) => higher.modules.flatMap(specifiersOf)),
                  message: `server layer "${layer.name}" imports only its own layer or lower ones (${order}): move the shared piece down (ADR 0086, scripts/server-imports.ts)`,
                },
              ],
            },
          },
        },
      },
    },
  }));
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** Every source file under `dir`, relative to `root`, with / separators, sorted. */
function sourceFiles(root: string, dir = root): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(root, full));
    else if (SOURCE.test(name) && !name.endsWith(".d.ts"))
      found.push(path.relative(root, full).split(path.sep).join("/"));
  }
  return found.sort();
}

/** The module a file (relative to the server root) belongs to: its top folder, or itself. */
export function moduleOf(file: string): string {
  const slash = file.indexOf("/");
  return slash === -1 ? file : file.slice(0, slash);
}

/** The layer index of `module`, or -1 when the table does not place it. */
export function layerOf(module: string): number {
  return LAYERS.findIndex((layer) => layer.modules.includes(module));
}

/** The file (relative to root) a relative specifier of `from` names, or undefined outside root. */
function resolve(root: string, from: string, specifier: string): string | undefined {
  const base = path.resolve(root, path.dirname(from), specifier);
  const candidates = [base, ...[".ts", ".tsx", ".mts", ".js", ".mjs"].map((ext) => base + ext)];
  candidates.push(path.join(base, "index.ts"));
  // A `./x.js` specifier names `./x.ts` under TypeScript's resolution.
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.(m?)js$/, ".$1ts"));
  const hit = candidates.find((file) => existsSync(file) && statSync(file).isFile());
  if (!hit) return undefined;
  const relative = path.relative(root, hit);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join("/");
}

/** Strongly connected components of size > 1 (or a self-import), each sorted (Tarjan). */
function cycles(nodes: string[], edgesOf: (node: string) => string[]): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edgesOf(node)) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next))
        low.set(node, Math.min(low.get(node) as number, indexOf.get(next) as number));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edgesOf(node).includes(node)) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!indexOf.has(node)) visit(node);
  return found;
}

/** What {@link analyze} finds. */
export interface ImportGraph {
  /** Every source file, relative to the root. */
  files: string[];
  /** Every import between two files under the root: [importer, imported]. */
  fileEdges: [string, string][];
  /** "a -> b" to the number of import statements from module a to module b. */
  moduleEdges: Map<string, number>;
  /** Each import of a higher layer, by file, with the specifier as written. */
  upward: { from: string; to: string; specifier: string }[];
  /** Modules {@link LAYERS} does not place. */
  unplaced: string[];
  fileCycles: string[][];
  moduleCycles: string[][];
}

/**
 * Reads the imports of every file under `root` and checks the layer rule.
 * @param root the server's source folder (src/server)
 */
export function analyze(root: string): ImportGraph {
  const files = sourceFiles(root);
  const fileEdges: [string, string][] = [];
  const upward: ImportGraph["upward"] = [];
  const moduleEdges = new Map<string, number>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true, true);
    for (const { fileName: specifier } of info.importedFiles) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(root, file, specifier);
      if (!target) continue;
      fileEdges.push([file, target]);
      const [from, to] = [moduleOf(file), moduleOf(target)];
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      moduleEdges.set(key, (moduleEdges.get(key) ?? 0) + 1);
      if (layerOf(to) > layerOf(from) && layerOf(from) !== -1)
        upward.push({ from: file, to: target, specifier });
    }
  }
  const unplaced = [...new Set(files.map(moduleOf))].filter((module) => layerOf(module) === -1).sort();
  const fileTargets = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const [from, to] of fileEdges) fileTargets.get(from)?.push(to);
  const modules = [...new Set(files.map(moduleOf))].sort();
  const moduleTargets = new Map<string, string[]>(modules.map((module) => [module, []]));
  for (const key of moduleEdges.keys()) {
    const [from = "", to = ""] = key.split(" -> ");
    moduleTargets.get(from)?.push(to);
  }
  return {
    files,
    fileEdges,
    moduleEdges,
    upward,
    unplaced,
    fileCycles: cycles(files, (file) => fileTargets.get(file) ?? []),
    moduleCycles: cycles(modules, (module) => moduleTargets.get(module) ?? []),
  };
}

/** The report `analyze` gives, as lines of text; `ok` is false on an upward import or a cycle. */
export function report(result: ImportGraph, { listFiles = false } = {}): { ok: boolean; lines: string[] } {
  const lines = ["Layers, lowest first (ADR 0086):"];
  LAYERS.forEach((layer, i) => {
    lines.push(`  ${i}. ${layer.name}: ${layer.modules.join(", ")}`);
  });
  lines.push("", `Imports between modules (${result.moduleEdges.size}; layer numbers in brackets):`);
  const sorted = [...result.moduleEdges.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [key, count] of sorted) {
    const [from = "", to = ""] = key.split(" -> ");
    lines.push(`  ${from} [${layerOf(from)}] -> ${to} [${layerOf(to)}]  (${count})`);
  }
  if (listFiles) {
    lines.push("", `Imports between files (${result.fileEdges.length}):`);
    for (const [from, to] of result.fileEdges) lines.push(`  ${from} -> ${to}`);
  }
  lines.push("");
  if (result.unplaced.length > 0)
    lines.push(`Modules in no layer (add them to LAYERS): ${result.unplaced.join(", ")}`);
  lines.push(`Upward imports: ${result.upward.length === 0 ? "none" : result.upward.length}`);
  for (const { from, to, specifier } of result.upward)
    lines.push(
      `  ${from} (${LAYERS[layerOf(moduleOf(from))]?.name}) imports "${specifier}" = ${to} (${LAYERS[layerOf(moduleOf(to))]?.name})`,
    );
  const cycleCount = result.fileCycles.length + result.moduleCycles.length;
  lines.push(`Cycles: ${cycleCount === 0 ? "none" : cycleCount}`);
  for (const cycle of result.moduleCycles) lines.push(`  between modules: ${cycle.join(", ")}`);
  for (const cycle of result.fileCycles) lines.push(`  between files: ${cycle.join(", ")}`);
  const ok = result.upward.length === 0 && cycleCount === 0 && result.unplaced.length === 0;
  return { ok, lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const root = path.resolve(args.find((arg) => !arg.startsWith("--")) ?? "src/server");
  if (args.includes("--biome")) {
    // Prints the lint zones to paste into biome.json (after the src/server/** override).
    const config = JSON.parse(readFileSync("biome.json", "utf8"));
    const server = config.overrides.find(
      (entry: { includes: string[] }) => entry.includes.join() === "src/server/**",
    );
    const base = server.linter.rules.style.noRestrictedImports.options.patterns;
    console.log(JSON.stringify(biomeZones(base), null, 2));
    process.exit(0);
  }
  const { ok, lines } = report(analyze(root), { listFiles: args.includes("--files") });
  console.log(lines.join("\n"));
  process.exit(ok ? 0 : 1);
}
