import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG_PAIRS, leaves } from "../support/catalogs";

/**
 * Catalog parity (ADR 0022): every Spanish catalog has exactly the keys of its
 * English twin, nested, and every value keeps the English value's `{{placeholders}}`.
 */
const LOCALES = path.resolve("src/client/locales");
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("Spanish catalogs", () => {
  it("cover every English catalog file (the helper lists them all)", () => {
    const files = readdirSync(LOCALES)
      .filter((name) => /^en(-.*)?\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ""))
      .sort();
    expect(Object.keys(CATALOG_PAIRS).sort()).toEqual(files);
    for (const [name, pair] of Object.entries(CATALOG_PAIRS)) {
      const esFile = `${name.replace(/^en/, "es")}.ts`;
      expect(readdirSync(LOCALES).includes(esFile), `${esFile} present iff listed`).toBe(pair.es !== null);
    }
  });

  it("leave no English catalog without its Spanish twin", () => {
    const missing = Object.entries(CATALOG_PAIRS)
      .filter(([, pair]) => pair.es === null)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  const translated = Object.entries(CATALOG_PAIRS).filter(([, pair]) => pair.es !== null);
  it.each(translated)("%s has exactly the same keys in Spanish", (_name, pair) => {
    const english = leaves(pair.en)
      .map(([key]) => key)
      .sort();
    const spanish = leaves(pair.es ?? {})
      .map(([key]) => key)
      .sort();
    expect(spanish).toEqual(english);
  });

  it.each(translated)("%s keeps every placeholder and leaves no value empty", (_name, pair) => {
    const spanish = new Map(leaves(pair.es ?? {}));
    for (const [key, english] of leaves(pair.en)) {
      const value = spanish.get(key) ?? "";
      expect(value.trim(), key).not.toBe("");
      expect(placeholders(value), key).toEqual(placeholders(english));
    }
  });
});
