import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { loadConfig, productionProblems } from "../../src/server/config";

/** A production configuration that passes every check (PUBLIC_URL https, real passwords, SMTP). */
const SAFE: Record<string, string> = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://aisleiq.example",
  EVENTS_PASSWORD: "a-real-events-password",
  CHANNEL_PARTNER_PASSWORD: "a-real-partner-password",
  SMTP_URL: "smtp://mail.example:587",
  DATA_ENCRYPTION_KEY: "a-real-data-key-000000000000000000000000000",
};

/** `env` without the variables whose value is undefined. */
function withUnset(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
}

/** Starts the real entry point (`src/server/main.ts`) with exactly `env` (and PATH); resolves on exit. */
function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: "/nonexistent/aisleiq-must-not-open", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stderr, stdout }));
  });
}

describe("production fail-fast (docs/operations.md, 'Production checks')", () => {
  it("finds nothing wrong with a safe production configuration, nor outside production", () => {
    expect(productionProblems(loadConfig(SAFE), SAFE)).toEqual([]);
    const trial = { ...SAFE, PUBLIC_URL: "http://localhost:3000", ALLOW_HTTP_PUBLIC_URL: "true" };
    expect(productionProblems(loadConfig(trial), trial)).toEqual([]);
    expect(productionProblems(loadConfig({}), {})).toEqual([]);
    // Development accepts a 0-day adverse-action wait for trials (ADR 0083).
    expect(productionProblems(loadConfig({ ADVERSE_ACTION_WAITING_DAYS: "0" }), {})).toEqual([]);
  });

  const cases: Array<[string, Record<string, string | undefined>, RegExp]> = [
    ["EVENTS_PASSWORD unset", { EVENTS_PASSWORD: undefined }, /EVENTS_PASSWORD is unset/],
    [
      "EVENTS_PASSWORD the public default",
      { EVENTS_PASSWORD: "events-demo" },
      /EVENTS_PASSWORD is the public default/,
    ],
    [
      "CHANNEL_PARTNER_PASSWORD unset",
      { CHANNEL_PARTNER_PASSWORD: undefined },
      /CHANNEL_PARTNER_PASSWORD is unset/,
    ],
    [
      "CHANNEL_PARTNER_PASSWORD the public default",
      { CHANNEL_PARTNER_PASSWORD: "partner-demo" },
      /CHANNEL_PARTNER_PASSWORD is the public default/,
    ],
    ["PUBLIC_URL over http", { PUBLIC_URL: "http://aisleiq.example" }, /PUBLIC_URL is not https:\/\//],
    ["PUBLIC_URL unset", { PUBLIC_URL: undefined }, /PUBLIC_URL is unset/],
    ["SMTP_URL unset", { SMTP_URL: undefined }, /SMTP_URL is unset/],
    ["DATA_ENCRYPTION_KEY unset", { DATA_ENCRYPTION_KEY: undefined }, /DATA_ENCRYPTION_KEY is unset/],
    [
      "ADVERSE_ACTION_WAITING_DAYS under 5",
      { ADVERSE_ACTION_WAITING_DAYS: "2" },
      /ADVERSE_ACTION_WAITING_DAYS is 2 \(a person gets at least 5 business days/,
    ],
  ];

  it("refuses to start with each unsafe setting: exit code 1 and one line naming the variable", async () => {
    const results = await Promise.all(cases.map(([, change]) => start(withUnset({ ...SAFE, ...change }))));
    results.forEach((result, index) => {
      const [name, , names] = cases[index] as (typeof cases)[number];
      const lines = result.stderr.trim().split("\n");
      expect({ name, code: result.code, lines: lines.length }).toEqual({ name, code: 1, lines: 1 });
      expect(lines[0]).toMatch(/^Refusing to start with NODE_ENV=production: /);
      expect(lines[0]).toMatch(names);
      // Only the offending variable is named, and no secret is printed.
      expect(lines[0]).not.toContain("a-real-");
      expect(result.stdout).toBe("");
    });
  }, 60_000);

  it("names every problem on that one line when several settings are unsafe", () => {
    const env = { NODE_ENV: "production" };
    const problems = productionProblems(loadConfig(env), env);
    expect(problems.map((problem) => problem.split(" ")[0])).toEqual([
      "EVENTS_PASSWORD",
      "CHANNEL_PARTNER_PASSWORD",
      "PUBLIC_URL",
      "SMTP_URL",
      "DATA_ENCRYPTION_KEY",
    ]);
  });
});
