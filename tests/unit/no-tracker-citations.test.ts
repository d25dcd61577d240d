/**
 * Comments cite what a reader of the repository can open: a `docs/product.md#…` section, a
 * docs/architecture.md or docs/operations.md section, or an ADR in docs/decisions/. They never
 * cite a tracker issue by number ("issue #N", "(#N item M)"): the tracker is not part of the repository,
 * so such a citation tells the reader nothing. This test reads the comments of every source file
 * under src/, scripts/, tests/ and bench/ and fails, naming file and line, when one cites an issue number.
 * Comments are found by pattern, not by a parser (fast, and the patterns are narrow enough that
 * code never matches them): `/* … *\/` blocks, `//` line comments, and `#` lines in shell scripts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SCANNED_DIRS = ["src", "scripts", "tests", "bench"];
const CODE_FILE = /\.(?:[cm]?[jt]s|tsx|jsx|css)$/;
const SHELL_FILE = /\.sh$/;

/**
 * A tracker citation inside a comment's text:
 * - a tracker word before the number: "issue #N", "issues #N–#M", "PR #N", "ticket #N";
 * - a bare number standing alone: "(#N item M)", "#N,", "#N." (not an anchor such as
 *   `product.md#12-account-records` or `#9-constants`, not an HTML entity such as `&#39;`, and
 *   not a colour such as `#334155` or `#000`: a tracker number has no leading zero; not one of
 *   React's error codes, "React #418").
 */
const TRACKER_CITATION =
  /\b(?:issues?|tickets?|bugs?|PRs?|pull requests?)\s*#\d+|(?<![\w&#./-])(?<!React )#[1-9]\d{0,3}(?![\w-])/i;

/** Comment texts of a source file with the 1-based line each starts on. */
function commentsOf(text: string, shell: boolean): { line: number; text: string }[] {
  const pattern = shell ? /(?<=^|\s)#.*$/gm : /\/\*[\s\S]*?\*\/|(?<![:\w"'`/\\])\/\/.*$/gm;
  const comments: { line: number; text: string }[] = [];
  for (const match of text.matchAll(pattern)) {
    const comment = shell ? match[0].replace(/^#!?/, "") : match[0];
    comments.push({ line: text.slice(0, match.index).split("\n").length, text: comment });
  }
  return comments;
}

/** `file:line: excerpt` for every comment of `text` that cites a tracker issue. */
function trackerCitations(file: string, text: string): string[] {
  const found: string[] = [];
  for (const comment of commentsOf(text, SHELL_FILE.test(file))) {
    const lines = comment.text.split("\n");
    lines.forEach((line, offset) => {
      const hit = TRACKER_CITATION.exec(line);
      if (hit) found.push(`${file}:${comment.line + offset}: …${line.trim().slice(0, 120)}`);
    });
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return (
    readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && (CODE_FILE.test(entry.name) || SHELL_FILE.test(entry.name)))
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
      // Installed packages are not our source: bench/node_modules exists once a benchmark has run (ADR 0044).
      .filter((file) => !file.split(path.sep).includes("node_modules"))
  );
}

/** `#k`, built here so this file holds no literal tracker number for a repository-wide grep to find. */
const n = (k: number) => `#${k}`;

describe("comments cite docs and ADRs, never tracker issue numbers", () => {
  it("recognises tracker citations and leaves anchors, entities and colours alone", () => {
    const cited = [
      `/** Logs an outage once (issue ${n(10)}). */`,
      `// caps before work (issues ${n(10)}, ${n(11)})`,
      `/* Issue ${n(13)} (ADR 0023): lazy sections */`,
      `/**\n * Re-inviting (issue\n * ${n(11)}, ADR 0017)\n */`,
      `{/* Honeypot (${n(4)} item 2) */}`,
      `/** see PR ${n(52)} */`,
    ];
    for (const text of cited) expect(trackerCitations("a.tsx", text), text).not.toEqual([]);
    expect(trackerCitations("run.sh", `# retries (issue ${n(10)})\necho ok`)).not.toEqual([]);

    const clean = [
      "/** Sessions (docs/product.md#12-account-records, #9-constants; ADR 0028). */",
      '// escapes "\'" as &#39; for the HTML body',
      "/* mask: linear-gradient(to right, transparent, #000 8%, #334155 92%) */",
      'const color = "#4f46e5"; // brand indigo',
      `const url = "https://example.com/${n(12)}";`,
      `const hash = "${n(10)}"; const k = 1;`,
    ];
    for (const text of clean) expect(trackerCitations("a.ts", text), text).toEqual([]);
    expect(trackerCitations("run.sh", `echo "${n(10)}"\n# plain comment`)).toEqual([]);
  });

  it("holds for every source file under src/, scripts/, tests/ and bench/", () => {
    const files = SCANNED_DIRS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      trackerCitations(file, readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(found, "cite docs/product.md#…, docs/*.md or an ADR instead, or state the reason").toEqual([]);
  });
});
