import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without type declarations
import { latinRange, OUTPUT, rangeCharacters, WEIGHT_RANGE } from "../../scripts/subset-font.mjs";

/**
 * Our Inter subset (scripts/subset-font.mjs, ADR 0023) keeps working only while its face shadows
 * fontsource's Latin face exactly and the UI sets no weight the subset left out: a lighter or
 * heavier class would silently render at 400 or 700.
 */

const FONTSOURCE_CSS = readFileSync("node_modules/@fontsource-variable/inter/index.css", "utf8");
const OUR_CSS = readFileSync("src/client/fonts/inter-latin.css", "utf8");

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
    const ours = /unicode-range:\s*([^;]+);/.exec(OUR_CSS)?.[1]?.replace(/\s+/g, "");
    expect(ours).toBe(latinRange(FONTSOURCE_CSS).replace(/\s+/g, ""));
  });

  it("declares the same family, style and weight descriptors as fontsource's face", () => {
    const face =
      /\/\* inter-latin-wght-normal \*\/\s*@font-face\s*\{([^}]*)\}/.exec(FONTSOURCE_CSS)?.[1] ?? "";
    for (const descriptor of ["font-style", "font-weight", "font-display"]) {
      const theirs = new RegExp(`${descriptor}:\\s*([^;]+);`).exec(face)?.[1];
      const ours = new RegExp(`${descriptor}:\\s*([^;]+);`).exec(OUR_CSS)?.[1];
      expect(ours, descriptor).toBe(theirs);
    }
    expect(OUR_CSS).toContain('font-family: "Inter Variable";');
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
