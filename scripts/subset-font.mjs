#!/usr/bin/env node
/**
 * `npm run fonts:subset` (ADR 0023, ADR 0069): writes two Inter files cut down with HarfBuzz's
 * hb-subset (the `subset-font` package) from @fontsource-variable/inter's Latin file, both with
 * the weight axis limited to 400–700 (font-normal … font-bold, the weights the UI uses;
 * tests/unit/font-subset.test.ts fails on a lighter or heavier class):
 *
 * - src/client/fonts/inter-latin-wght-400-700.woff2: fontsource's whole Latin range (read from its
 *   CSS), so the face in src/client/fonts/inter-latin.css shadows fontsource's Latin face exactly
 *   and the other subsets (Latin Extended, Cyrillic, Greek, Vietnamese) still come from fontsource;
 *   with the OpenType features of {@link FEATURES}. About 30.7 KB (48.3 KB before).
 * - src/client/fonts/inter-core-wght-400-700.woff2: only {@link CORE_TEXT}, the characters of our
 *   English and Spanish copy, with {@link CORE_FEATURES}. About 20 KB. Declared last, it is the face
 *   a page asks for first; the Latin file above is fetched only for a character outside it (a name
 *   typed into a form, say). On Lighthouse's mobile link (1.6 Mbit/s) every page's first paint in
 *   Inter waits about 60 ms less for it.
 *
 * Run it again after upgrading @fontsource-variable/inter or adding a character to CORE_TEXT.
 * Usage: node scripts/subset-font.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const SOURCE_DIR = "node_modules/@fontsource-variable/inter";
const SOURCE = path.join(SOURCE_DIR, "files/inter-latin-wght-normal.woff2");
export const OUTPUT = "src/client/fonts/inter-latin-wght-400-700.woff2";
export const CORE_OUTPUT = "src/client/fonts/inter-core-wght-400-700.woff2";
/**
 * The characters of the core file: printable ASCII, the no-break space, and the Latin-1 letters
 * and punctuation of our English and Spanish copy (tests/unit/font-subset.test.ts fails on a
 * catalog or page character outside it, which would fetch the 30.7 KB Latin file as well).
 */
export const CORE_TEXT = `${Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCodePoint(0x20 + i)).join("")}\u00a0¡©«°·»¿×ÁÉÍÑÓÚÜáéíñóúü–—‘’“”•…→€™`;
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
 * The core file's features: kerning, ligatures, contextual alternates, the mark and composition
 * features accented letters need, and tabular figures (Tailwind's `tabular-nums`, the only
 * numeric variant the UI sets; the test fails on another). Fractions, ordinals, superscripts and
 * case forms stay in the Latin file only.
 */
export const CORE_FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "tnum"];

/**
 * A `unicode-range` value naming exactly the given characters, runs of consecutive code points
 * joined: "AB€" → "U+41-42, U+20AC".
 * @param text the characters, in any order, duplicates allowed
 */
export function unicodeRangeOf(text) {
  const codes = [...new Set([...text].map((character) => character.codePointAt(0) ?? 0))].sort(
    (a, b) => a - b,
  );
  const parts = [];
  for (let i = 0; i < codes.length; i += 1) {
    const first = codes[i] ?? 0;
    while (i + 1 < codes.length && codes[i + 1] === (codes[i] ?? 0) + 1) i += 1;
    const last = codes[i] ?? 0;
    const hex = (code) => code.toString(16).toUpperCase();
    parts.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
  }
  return parts.join(", ");
}

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
  const core = await subsetFont(source, CORE_TEXT, {
    targetFormat: "woff2",
    variationAxes: { wght: WEIGHT_RANGE },
    keepFeatures: CORE_FEATURES,
  });
  writeFileSync(CORE_OUTPUT, core);
  console.log(`${CORE_OUTPUT}: ${core.length} bytes, unicode-range ${unicodeRangeOf(CORE_TEXT)}`);
}
