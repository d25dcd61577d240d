import { CATALOG_PAIRS, leaves } from "./catalogs";

/**
 * Finds English on a page that should be Spanish ("no English string renders
 * on a Spanish page"). Two independent checks, so a hard-coded English sentence is caught even
 * when it is in no catalog:
 * - catalog sentences: the English value (or the literal parts around its `{{placeholders}}`) of
 *   every catalog key whose Spanish value differs, when it has more than three words;
 * - function words: a text segment (one text node or one alt/aria-label/placeholder/title value)
 *   with two or more English-only function words ("the", "your", "with", …), which Spanish
 *   never uses; brand and product names ("AisleIQ", "Retail APP") contain none.
 */

/** English function words that are not Spanish words (so "a", "no", "has", "can", "me" are left out). */
const ENGLISH_FUNCTION_WORDS = new Set([
  "the",
  "and",
  "with",
  "your",
  "you",
  "of",
  "to",
  "for",
  "is",
  "are",
  "our",
  "this",
  "that",
  "from",
  "will",
  "be",
  "it",
  "on",
  "in",
  "at",
  "by",
  "an",
  "or",
  "we",
  "have",
  "not",
  "was",
  "were",
  "please",
  "here",
  "there",
  "what",
  "which",
  "who",
  "how",
  "when",
  "their",
  "they",
  "them",
  "its",
  "been",
  "into",
  "about",
  "would",
  "should",
  "could",
  "than",
  "these",
  "those",
  "my",
  "any",
]);

/** The catalog sentences described above (more than 100 of them with today's catalogs). */
export const ENGLISH_SENTENCES: readonly string[] = Object.values(CATALOG_PAIRS).flatMap(({ en, es }) => {
  if (!es) return [];
  const spanish = new Map(leaves(es));
  return leaves(en)
    .filter(([key, value]) => spanish.get(key) !== value)
    .flatMap(([, value]) => value.split(/\{\{[^}]*\}\}/))
    .map((part) => part.trim().replace(/\s+/g, " "))
    .filter((part) => part.split(" ").length > 3);
});

/** The English function words in `text` (lower-cased, in order, repeats kept). */
export function englishFunctionWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-záéíóúüñ']+/g) ?? []).filter((word) =>
    ENGLISH_FUNCTION_WORDS.has(word),
  );
}

/**
 * The English found in a Spanish page's text segments.
 * @param segments the page's readable texts, one per text node or attribute value
 * @returns one line per finding (`catalog: …` or `words [the, your]: …`); empty when none
 */
export function englishIn(segments: readonly string[]): string[] {
  const cleaned = segments.map((s) => s.replace(/\s+/g, " ").trim()).filter((s) => s !== "");
  const whole = cleaned.join(" ");
  const catalog = ENGLISH_SENTENCES.filter((sentence) => whole.includes(sentence)).map(
    (sentence) => `catalog: ${sentence}`,
  );
  const words = cleaned.flatMap((segment) => {
    const found = englishFunctionWords(segment);
    return found.length >= 2 ? [`words [${found.join(", ")}]: ${segment.slice(0, 160)}`] : [];
  });
  return [...catalog, ...words];
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&amp;/g, "&");
}

/**
 * A prerendered page's readable text segments: every text node outside scripts and styles, the
 * `<title>`, the meta description and every alt, aria-label, placeholder and title value.
 */
export function htmlSegments(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/gi, " ").replace(/<style[\s\S]*?<\/style>/gi, " ");
  const attributes = [...body.matchAll(/\s(?:alt|aria-label|placeholder|title)="([^"]*)"/gi)].map(
    (m) => m[1],
  );
  const description = [...html.matchAll(/<meta name="description" content="([^"]*)"/gi)].map((m) => m[1]);
  const texts = body.split(/<[^>]*>/);
  return [...texts, ...attributes, ...description].map((text) => decodeEntities(text ?? ""));
}
