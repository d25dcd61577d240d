import { readFileSync } from "node:fs";
import { parse } from "dotenv";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";

/**
 * `.env.example` is the operator's list of every variable (docs/operations.md): it must name each
 * one the configuration schema reads, and copied as it is to `.env` it must start the defaults.
 */
describe(".env.example", () => {
  const example = parse(readFileSync(".env.example"));
  const schema = readFileSync("src/server/config.ts", "utf8");
  const declared = [
    ...new Set([...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] as string)),
  ];

  it("lists every variable the server reads, and nothing else", () => {
    expect(declared.length).toBeGreaterThan(25);
    expect(Object.keys(example).sort()).toEqual([...declared].sort());
  });

  it("gives the defaults when copied to .env as it is", () => {
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });
});
