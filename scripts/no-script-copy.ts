/**
 * The no-script copy of a page for `npm run bench:site`: the same HTML with every `<script>`
 * element and every link that preloads a script (`rel="modulepreload"`, `rel="preload"
 * as="script"`) removed, so Lighthouse on it measures what the page costs without any of our
 * JavaScript (the floor the page's TBT is compared with, ADR 0065).
 *
 * The HTML is parsed by parse5 (the HTML standard's parsing algorithm, the parser jsdom uses)
 * with source locations, and only the character ranges of those elements are cut out:
 * everything else stays character for character, so the copy differs from the page by its
 * scripts alone.
 */
import { type DefaultTreeAdapterTypes, parse } from "parse5";

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

/** True for the elements the copy leaves out: scripts, and links that make the browser fetch a script. */
function isScriptElement(element: DefaultTreeAdapterTypes.Element): boolean {
  if (element.tagName === "script") return true;
  if (element.tagName !== "link") return false;
  const attribute = (name: string) =>
    element.attrs
      .find((attr) => attr.name === name)
      ?.value.toLowerCase()
      .trim() ?? "";
  const rel = attribute("rel").split(/\s+/);
  return rel.includes("modulepreload") || (rel.includes("preload") && attribute("as") === "script");
}

/**
 * The page's HTML without its scripts.
 * @param html a whole HTML document as served
 * @returns the document with each `<script>…</script>` (data blocks such as `application/ld+json`
 *   too: the copy must hold no `<script>` at all) and each script-preloading `<link>` cut out,
 *   inside `<template>`s as well; everything else unchanged
 */
export function stripScripts(html: string): string {
  const ranges: [number, number][] = [];
  const visit = (node: Node) => {
    if ("tagName" in node && isScriptElement(node)) {
      // Elements the parser inferred (no location) are not in the source: nothing to cut.
      const location = node.sourceCodeLocation;
      if (location) ranges.push([location.startOffset, location.endOffset]);
      return;
    }
    if ("content" in node && node.content) node.content.childNodes.forEach(visit);
    if ("childNodes" in node) node.childNodes.forEach(visit);
  };
  visit(parse(html, { sourceCodeLocationInfo: true }));
  ranges.sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (const [start, end] of ranges) {
    out += html.slice(at, start);
    at = end;
  }
  return out + html.slice(at);
}
