import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { enErrors } from "../../src/client/locales/en-errors";
import { esErrors } from "../../src/client/locales/es-errors";
import { ERROR_CODES, ERRORS, type ErrorCode, isErrorCode } from "../../src/common/api/errors";

/**
 * The error registry (ADR 0026): every code has an English and a Spanish
 * message and a 4xx/5xx status, and the codes the server source emits are exactly the registry's.
 */
const entries = Object.entries(ERRORS) as [ErrorCode, (typeof ERRORS)[ErrorCode]][];
/** Codes the server still answers; retired ones stay in the registry but are never emitted. */
const live = entries.filter(([, entry]) => !("retired" in entry));
const retired = entries.filter(([, entry]) => "retired" in entry).map(([code]) => code);
const keyOf = (message: string) => message.replace(/^errors\./, "") as keyof typeof enErrors;

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, text: readFileSync(file, "utf8") };
    });
}
const REGISTRY_FILE = path.resolve("src/common/api/errors.ts");
const SERVER = [...sources(path.resolve("src/server")), ...sources(path.resolve("src/common"))].filter(
  ({ file }) => file !== REGISTRY_FILE,
);

describe("error registry", () => {
  it.each(entries)("%s has a 4xx/5xx status and a message in English and Spanish", (_code, entry) => {
    for (const status of [entry.status, ...("alsoStatus" in entry ? entry.alsoStatus : [])]) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
    const key = keyOf(entry.message);
    expect(entry.message).toBe(`errors.${key}`);
    expect(enErrors[key]?.trim()).toBeTruthy();
    expect(esErrors[key]?.trim()).toBeTruthy();
    expect(esErrors[key]).not.toBe(enErrors[key]);
  });

  it("uses every catalog message, and every ERROR_CODES name is a registry code", () => {
    const used = new Set(
      entries.flatMap(([, entry]) => [entry.message, ...("named" in entry ? [entry.named] : [])]).map(keyOf),
    );
    expect(Object.keys(enErrors).filter((key) => !used.has(key as keyof typeof enErrors))).toEqual([]);
    for (const code of Object.values(ERROR_CODES)) expect(isErrorCode(code), code).toBe(true);
    expect(new Set(Object.values(ERROR_CODES)).size).toBe(entries.length);
    expect(isErrorCode("NOT_A_CODE")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
  });

  it("keeps the server's English text for codes that always come with one text", () => {
    // The English page shows the catalog text for these, so it must be what the server says.
    const server = SERVER.map(({ text }) => text).join("\n");
    for (const [code, entry] of live) {
      if ("detail" in entry) continue;
      expect(server, code).toContain(JSON.stringify(enErrors[keyOf(entry.message)]));
    }
  });
});

describe("codes the server emits", () => {
  const named = new Map<string, string[]>();
  const literal: string[] = [];
  const statuses: { code: string; status: number; where: string }[] = [];
  const value = (name: string) => (ERROR_CODES as Record<string, string>)[name] ?? `ERROR_CODES.${name}`;
  for (const { file, text } of SERVER) {
    const where = path.relative(process.cwd(), file);
    for (const match of text.matchAll(/ERROR_CODES\.(\w+)/g)) {
      const code = value(match[1] ?? "");
      named.set(code, [...(named.get(code) ?? []), where]);
    }
    // Bare code strings where a code is set: `code: "X"`, `HttpError(n, "X"`, `conflict(…, "X")`.
    const patterns = [
      /\bcode:\s*"([A-Z][A-Z0-9_]+)"/g,
      /HttpError\(\s*\d{3},\s*"([A-Z][A-Z0-9_]+)"/g,
      /\b(?:badRequest|conflict)\([^;]*?,\s*"([A-Z][A-Z0-9_]+)",?\s*\)/g,
    ];
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) literal.push(`${match[1]} (${where})`);
    }
    for (const match of text.matchAll(/HttpError\(\s*(\d{3}),\s*ERROR_CODES\.(\w+)/g)) {
      statuses.push({ code: value(match[2] ?? ""), status: Number(match[1]), where });
    }
    for (const match of text.matchAll(/\b(badRequest|conflict)\([^;]*?,\s*ERROR_CODES\.(\w+),?\s*\)/g)) {
      statuses.push({ code: value(match[2] ?? ""), status: match[1] === "conflict" ? 409 : 400, where });
    }
  }

  it("finds the codes by their names (the scan sees the server)", () => {
    expect(named.size).toBeGreaterThan(40);
    expect(statuses.length).toBeGreaterThan(20);
  });

  it("are all in the registry, and every registry code is emitted somewhere", () => {
    expect([...named.keys()].filter((code) => !isErrorCode(code))).toEqual([]);
    expect(literal.filter((text) => !isErrorCode(text.split(" ")[0]))).toEqual([]);
    const emitted = new Set([...named.keys(), ...literal.map((text) => text.split(" ")[0])]);
    expect(live.map(([code]) => code).filter((code) => !emitted.has(code))).toEqual([]);
  });

  it("never include a retired code, which stays registered with its messages (ADR 0033)", () => {
    const emitted = new Set([...named.keys(), ...literal.map((text) => text.split(" ")[0])]);
    expect(retired).toContain("INVITATION_PENDING_ELSEWHERE");
    expect(retired.filter((code) => emitted.has(code))).toEqual([]);
  });

  it("come with a status the registry lists for them", () => {
    const wrong = statuses.filter(({ code, status }) => {
      if (!isErrorCode(code)) return true;
      const entry: { status: number; alsoStatus?: readonly number[] } = ERRORS[code];
      return entry.status !== status && !entry.alsoStatus?.includes(status);
    });
    expect(wrong).toEqual([]);
  });
});
