#!/usr/bin/env node
/**
 * `npm run fonts:subset` (ADR 0023): writes src/client/fonts/inter-latin-wght-400-700.woff2,
 * the Inter file every page loads before its largest text paints, cut down with HarfBuzz's
 * hb-subset (the `subset-font` package) from @fontsource-variable/inter's Latin file:
 *
 * - the same characters: the `unicode-range` of fontsource's Latin face, read from its CSS, so the
 *   face in src/client/fonts/inter-latin.css shadows that one exactly and the other subsets
 *   (Latin Extended, Cyrillic, Greek, Vietnamese) still come from fontsource;
 * - the weight axis limited to 400–700 (font-normal … font-bold, the weights the UI uses;
 *   tests/unit/font-subset.test.ts fails on a lighter or heavier class);
 * - the OpenType features the UI relies on (kerning, ligatures, contextual alternates, marks,
 *   localized forms, tabular figures, fractions); Inter's stylistic sets and character variants
 *   are dropped.
 *
 * 48.3 KB → about 30.7 KB: on Lighthouse's mobile link (1.6 Mbit/s) about 90 ms less before the
 * hero title can paint in Inter. Run it again after upgrading @fontsource-variable/inter.
 * Usage: node scripts/subset-font.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const SOURCE_DIR = "node_modules/@fontsource-variable/inter";
const SOURCE = path.join(SOURCE_DIR, "files/inter-latin-wght-normal.woff2");
export const OUTPUT = "src/client/fonts/inter-latin-wght-400-700.woff2";
/** The weights the UI sets (Tailwind font-normal … font-bold). */
export const WEIGHT_RANGE = { min: 400, max: 700 };
/** OpenType feature tags kept; the rest (ss01…, cv01…, and so on) are dropped. */
export const FEATURES = [
  "kern",
  "liga",
  "calt",
  "ccmp",
  "locl",
  "mark",
  "mkmk",
  "tnum",
  "case",
  "frac",
  "numr",
  "dnom",
  "sups",
  "subs",
  "ordn",
];

/**
 * The `unicode-range` of fontsource's Latin face.
 * @param css the text of @fontsource-variable/inter/index.css
 * @returns e.g. "U+0000-00FF,U+0131,…"
 * @throws when the CSS has no `inter-latin-wght-normal` face
 */
export function latinRange(css) {
  const match = /\/\* inter-latin-wght-normal \*\/[^}]*unicode-range:\s*([^;]+);/.exec(css);
  if (!match) throw new Error("no inter-latin-wght-normal face in fontsource's CSS");
  return (match[1] ?? "").trim();
}

/**
 * Every character of a `unicode-range` value.
 * @param range e.g. "U+0000-00FF,U+0131"
 * @returns the characters, in order
 */
export function rangeCharacters(range) {
  let text = "";
  for (const part of range.split(",")) {
    const [low, high] = part.trim().replace(/^U\+/i, "").split("-");
    const first = Number.parseInt(low ?? "", 16);
    const last = Number.parseInt(high ?? low ?? "", 16);
    for (let code = first; code <= last; code += 1) text += String.fromCodePoint(code);
  }
  return text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const range = latinRange(readFileSync(path.join(SOURCE_DIR, "index.css"), "utf8"));
  const source = readFileSync(SOURCE);
  const subset = await subsetFont(source, rangeCharacters(range), {
    targetFormat: "woff2",
    variationAxes: { wght: WEIGHT_RANGE },
    keepFeatures: FEATURES,
  });
  writeFileSync(OUTPUT, subset);
  console.log(`${OUTPUT}: ${subset.length} bytes (from ${source.length}), unicode-range ${range}`);
}
