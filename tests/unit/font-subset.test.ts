import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CORE_OUTPUT,
  CORE_TEXT,
  latinRange,
  OUTPUT,
  rangeCharacters,
  unicodeRangeOf,
  WEIGHT_RANGE,
  // @ts-expect-error: a plain .mjs build script without type declarations
} from "../../scripts/subset-font.mjs";

/**
 * Our Inter subset (scripts/subset-font.mjs, ADR 0023) keeps working only while its face shadows
 * fontsource's Latin face exactly and the UI sets no weight the subset left out: a lighter or
 * heavier class would silently render at 400 or 700.
 */

const FONTSOURCE_CSS = readFileSync("node_modules/@fontsource-variable/inter/index.css", "utf8");
const OUR_CSS = readFileSync("src/client/fonts/inter-latin.css", "utf8");
/** The unicode-range of each face of our CSS, in order: the Latin face, then the core face. */
const OUR_RANGES = [...OUR_CSS.matchAll(/unicode-range:\s*([^;]+);/g)].map((match) =>
  (match[1] ?? "").replace(/\s+/g, ""),
);

/** Every file under `dir` whose name ends with one of `extensions`. */
function files(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return files(full, extensions);
    return extensions.some((extension) => entry.endsWith(extension)) ? [full] : [];
  });
}

describe("the Inter Latin subset", () => {
  it("declares the same unicode-range as fontsource's Latin face, so it shadows that face", () => {
    expect(OUR_RANGES).toHaveLength(2);
    expect(OUR_RANGES[0]).toBe(latinRange(FONTSOURCE_CSS).replace(/\s+/g, ""));
  });

  it("declares the same family, style and weight descriptors as fontsource's face", () => {
    const face =
      /\/\* inter-latin-wght-normal \*\/\s*@font-face\s*\{([^}]*)\}/.exec(FONTSOURCE_CSS)?.[1] ?? "";
    for (const descriptor of ["font-style", "font-weight", "font-display"]) {
      const theirs = new RegExp(`${descriptor}:\\s*([^;]+);`).exec(face)?.[1];
      const ours = [...OUR_CSS.matchAll(new RegExp(`${descriptor}:\\s*([^;]+);`, "g"))].map(
        (match) => match[1],
      );
      expect(ours, descriptor).toEqual([theirs, theirs]);
    }
    expect(OUR_CSS.match(/font-family: "Inter Variable";/g)).toHaveLength(2);
    expect(face).toContain("font-family: 'Inter Variable';");
  });

  it("is a WOFF2 file smaller than fontsource's", () => {
    const subset = readFileSync(OUTPUT);
    const original = readFileSync(
      "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    );
    expect(subset.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(subset.length).toBeLessThan(original.length * 0.75);
  });

  it("has a core file, declared last, whose range is exactly its characters", () => {
    expect(OUR_RANGES[1]).toBe(unicodeRangeOf(CORE_TEXT).replace(/\s+/g, ""));
    expect(OUR_CSS.indexOf("inter-core-wght-400-700.woff2")).toBeGreaterThan(
      OUR_CSS.indexOf("inter-latin-wght-400-700.woff2"),
    );
    const core = readFileSync(CORE_OUTPUT);
    expect(core.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(core.length).toBeLessThan(readFileSync(OUTPUT).length * 0.7);
  });

  it("holds every character of the English and Spanish catalogs and of the site's pages in the core file", () => {
    const core = new Set(CORE_TEXT);
    const outside = new Map<string, string>();
    const sources = [...files("src/client/locales", [".ts"]), ...files("src/site", [".astro"])];
    for (const file of sources) {
      // Comments are no copy: a `§` or `≤` there is never painted.
      const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$|<!--[\s\S]*?-->/gm, "");
      for (const character of text) {
        if (character.charCodeAt(0) < 0x20 || core.has(character)) continue;
        outside.set(character, file);
      }
    }
    // Add a character to CORE_TEXT (scripts/subset-font.mjs) and run `npm run fonts:subset`.
    expect(Object.fromEntries(outside)).toEqual({});
  });

  it("is asked for no OpenType feature the core file left out", () => {
    const variants =
      /\b(ordinal|slashed-zero|lining-nums|oldstyle-nums|proportional-nums|diagonal-fractions|stacked-fractions)\b|font-feature-settings|font-variant-(numeric|position|caps)/g;
    const offenders = [
      ...files("src/client", [".tsx", ".ts", ".css"]),
      ...files("src/site", [".astro", ".ts", ".css"]),
    ].flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(variants)].map((match) => `${file}: ${match[0]}`),
    );
    expect(offenders).toEqual([]);
  });

  it("writes a unicode-range of given characters", () => {
    expect(unicodeRangeOf("€BA B")).toBe("U+20, U+41-42, U+20AC");
  });

  it("reads a unicode-range into its characters", () => {
    expect(rangeCharacters("U+0041-0043,U+20AC")).toBe("ABC€");
  });

  it("is not asked for a weight outside the subset's range by any class or style", () => {
    const outside = /\bfont-(thin|extralight|light|extrabold|black)\b|font-weight:\s*(\d+)/g;
    const offenders: string[] = [];
    for (const file of files("src/client", [".tsx", ".ts", ".css"])) {
      for (const match of readFileSync(file, "utf8").matchAll(outside)) {
        const weight = match[2] === undefined ? undefined : Number(match[2]);
        if (weight !== undefined && weight >= WEIGHT_RANGE.min && weight <= WEIGHT_RANGE.max) continue;
        if (file.endsWith("font-fallbacks.css") || file.endsWith("inter-latin.css")) continue;
        offenders.push(`${file}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
