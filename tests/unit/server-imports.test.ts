import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { analyze, biomeZones, LAYERS, type RestrictedPattern, report } from "../../scripts/server-imports";

/**
 * The server's layer rule (ADR 0086): `npm run imports:server` finds no upward import and no
 * cycle in src/server, and both it and `npm run lint` (Biome, with the project's biome.json)
 * catch an upward import planted in a throw-away copy.
 */

const BIOME = path.resolve("node_modules/.bin/biome");
const temporary: string[] = [];

/** A fresh folder holding `files` (path relative to it → contents). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "server-imports-"));
  temporary.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** Runs Biome's linter with the project's biome.json on `files`, laid out as in the repo. */
function lint(files: Record<string, string>): { status: number | null; output: string } {
  const root = tree(files);
  copyFileSync("biome.json", path.join(root, "biome.json"));
  // The copy is no git checkout: VCS integration (ignore files) off, the rules as they are.
  const run = spawnSync(BIOME, ["lint", "--vcs-enabled=false", "--colors=off", ...Object.keys(files)], {
    cwd: root,
    encoding: "utf8",
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  for (const root of temporary.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("src/server", () => {
  it("has no upward import, no cycle and no module outside the layers", () => {
    const result = analyze(path.resolve("src/server"));
    expect(result.files.length).toBeGreaterThan(50);
    expect(result.upward).toEqual([]);
    expect(result.fileCycles).toEqual([]);
    expect(result.moduleCycles).toEqual([]);
    expect(result.unplaced).toEqual([]);
    expect(report(result).ok).toBe(true);
  });

  it("biome.json's lint zones are the layer table's", () => {
    const config = JSON.parse(readFileSync("biome.json", "utf8")) as {
      overrides: { includes: string[]; linter?: unknown }[];
    };
    const server = config.overrides.find((entry) => entry.includes.join() === "src/server/**") as unknown as {
      linter: { rules: { style: { noRestrictedImports: { options: { patterns: RestrictedPattern[] } } } } };
    };
    const zones = biomeZones(server.linter.rules.style.noRestrictedImports.options.patterns);
    expect(zones).toHaveLength(LAYERS.length - 1);
    for (const zone of zones) expect(config.overrides).toContainEqual(zone);
  });
});

describe("a planted upward import", () => {
  const planted = {
    "core/errors.ts": "export class HttpError extends Error {}\nexport const x = 1;\n",
    "db/retry.ts": 'import { HttpError } from "../http/errors";\nexport const retry = HttpError;\n',
    "http/errors.ts":
      'import { HttpError } from "../core/errors";\nimport { retry } from "../db/retry";\nexport { HttpError, retry };\n',
    "app.ts": 'import { retry } from "./db/retry";\nexport const app = retry;\n',
  };

  it("is reported by the script, with the cycle it closes", () => {
    const result = analyze(tree(planted));
    expect(result.upward).toEqual([
      { from: "db/retry.ts", to: "http/errors.ts", specifier: "../http/errors" },
    ]);
    expect(result.fileCycles).toEqual([["db/retry.ts", "http/errors.ts"]]);
    expect(result.moduleCycles).toEqual([["db", "http"]]);
    const { ok, lines } = report(result);
    expect(ok).toBe(false);
    expect(lines).toContain('  db/retry.ts (db) imports "../http/errors" = http/errors.ts (http)');
  });

  it("passes the script when it points down instead", () => {
    const result = analyze(
      tree({
        ...planted,
        "db/retry.ts": 'import { HttpError } from "../core/errors";\nexport const retry = HttpError;\n',
      }),
    );
    expect(result.upward).toEqual([]);
    expect(result.fileCycles).toEqual([]);
    expect(report(result).ok).toBe(true);
  });

  it("fails lint with the project's Biome config", () => {
    const { status, output } = lint({
      "src/server/db/planted.ts":
        'import { HttpError } from "../http/errors";\nexport const planted = HttpError;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toContain("src/server/db/planted.ts:1:");
    expect(output).toContain('server layer "db" imports only its own layer or lower ones');
  });

  it("fails lint from a module folder's subfolder and from a file at the top", () => {
    const { status, output } = lint({
      "src/server/mail/outbox/planted.ts":
        'import { authRoutes } from "../../auth/routes";\nexport const planted = authRoutes;\n',
      "src/server/config.ts":
        'import type { AppContext } from "./context";\nexport type Planted = AppContext;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toContain("src/server/mail/outbox/planted.ts:1:");
    expect(output).toContain('server layer "files and mail" imports only its own layer or lower ones');
    expect(output).toContain("src/server/config.ts:1:");
    expect(output).toContain('server layer "core" imports only its own layer or lower ones');
  });

  it("leaves a downward import and a common module named like a server one alone", () => {
    const { status, output } = lint({
      "src/server/db/planted.ts":
        'import type { SessionUser } from "../../common/api/auth";\nimport { HttpError } from "../core/errors";\nexport const planted: [SessionUser | null, typeof HttpError] = [null, HttpError];\n',
    });
    expect(output).not.toContain("noRestrictedImports");
    expect(status).toBe(0);
  });
});
