/**
 * The Nu Html Checker (the W3C's validator, the `vnu-jar` package; needs Java 11 or newer) over
 * HTML documents, in ONE run of the checker however many documents (each Java start costs about
 * a second). Used by the tests (email HTML parts: tests/unit/email-html.test.ts) and, from the
 * command line, on a directory of built pages:
 *
 *   npm run html:check -- build/site build/client   # every *.html under them (the `html` stage of npm test)
 *   npm run html:check -- a.html b.html
 *
 * prints each HTML error (`file:line:column: message`) and exits 1 when there is any.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** One message of the checker about one document. */
export interface NuMessage {
  /** The file checked, or the `name` of an HTML string. */
  document: string;
  line?: number;
  column?: number;
  message: string;
  /** The markup the message points at, when the checker gives it. */
  extract?: string;
}

/** The result of {@link checkHtml}: HTML errors, and how many "CSS:" messages were set aside. */
export interface NuReport {
  errors: NuMessage[];
  cssMessagesIgnored: number;
  documents: number;
}

/** An HTML document given as text, named for the report (e.g. `lead-notice.en.html`). */
export interface HtmlText {
  name: string;
  html: string;
}

const require = createRequire(import.meta.url);

/** Where the checker's jar is: the `vnu-jar` package exports its path. */
export function vnuJarPath(): string {
  return String(require("vnu-jar"));
}

/**
 * Runs the Nu Html Checker once over `documents` and returns its HTML errors. Strings are
 * written to a temporary directory under their names first. Messages that start with "CSS:" are
 * dropped (counted in `cssMessagesIgnored`): the checker's CSS grammar is dated and reports
 * current CSS as errors (Tailwind 4's `@property`, `margin-trim`, custom properties in
 * `transition-property`), which is not HTML and not ours to fix.
 * @param documents file paths and/or {@link HtmlText}s
 * @throws when Java is missing (`apt-get install default-jre-headless`) or the checker fails to run
 */
export async function checkHtml(documents: ReadonlyArray<string | HtmlText>): Promise<NuReport> {
  if (documents.length === 0) return { errors: [], cssMessagesIgnored: 0, documents: 0 };
  const dir = await mkdtemp(path.join(tmpdir(), "aisleiq-nu-"));
  try {
    const names = new Map<string, string>();
    const files: string[] = [];
    for (const [index, document] of documents.entries()) {
      if (typeof document === "string") {
        files.push(path.resolve(document));
        continue;
      }
      const file = path.join(dir, `${index}-${document.name.replace(/[^\w.-]+/g, "_")}`);
      await writeFile(file, document.html);
      names.set(file, document.name);
      files.push(file);
    }
    // `--no-langdetect`: guessing each text's language only yields warnings, which we do not ask
    // for; skipping it saves about a second of CPU over the built pages.
    const output = await runVnu([
      "--errors-only",
      "--no-langdetect",
      "--format",
      "json",
      "--exit-zero-always",
      ...files,
    ]);
    const messages = (JSON.parse(output || "{}") as { messages?: VnuMessage[] }).messages ?? [];
    const errors: NuMessage[] = [];
    let cssMessagesIgnored = 0;
    for (const message of messages) {
      // The checker's CSS grammar is dated: current CSS (Tailwind 4's `@property`, `margin-trim`,
      // custom properties in `transition-property`) comes out as "CSS:" errors. Not HTML, not ours.
      if (message.message.startsWith("CSS:")) {
        cssMessagesIgnored++;
        continue;
      }
      if (message.type !== "error" && message.type !== "non-document-error") continue;
      const file = message.url ? fileURLToPath(message.url) : "";
      errors.push({
        document: names.get(file) ?? file,
        ...(message.lastLine === undefined ? {} : { line: message.lastLine }),
        ...(message.firstColumn === undefined ? {} : { column: message.firstColumn }),
        message: message.message,
        ...(message.extract === undefined ? {} : { extract: message.extract }),
      });
    }
    return { errors, cssMessagesIgnored, documents: files.length };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Every `*.html` file under `dir`, sorted, for {@link checkHtml} (e.g. the static site's
 * `build/site`: both languages and the 404 pages).
 */
export async function htmlFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** One line per error: `document:line:column: message`. */
export function formatErrors(errors: readonly NuMessage[]): string {
  return errors
    .map((error) => `${error.document}:${error.line ?? "?"}:${error.column ?? "?"}: ${error.message}`)
    .join("\n");
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** Runs `java -jar vnu.jar ARGS`; the JSON report comes on stderr. */
function runVnu(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-Xss4m", "-jar", vnuJarPath(), ...args],
      { maxBuffer: 1 << 28 },
      (error, _stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
          reject(
            new Error(
              "The Nu Html Checker needs Java 11 or newer: install it (Debian: apt-get install default-jre-headless)",
            ),
          );
        } else if (error) reject(new Error(`the Nu Html Checker failed: ${stderr || error.message}`));
        else resolve(stderr);
      },
    );
  });
}

async function main(args: string[]): Promise<number> {
  if (args.length === 0) {
    console.error("usage: npm run html:check -- <directory or .html file>...");
    return 2;
  }
  const files: string[] = [];
  for (const arg of args) {
    files.push(...((await stat(arg)).isDirectory() ? await htmlFilesIn(arg) : [arg]));
  }
  const report = await checkHtml(files);
  if (report.errors.length > 0) console.error(formatErrors(report.errors));
  console.log(
    `Nu Html Checker: ${report.documents} documents, ${report.errors.length} HTML errors (${report.cssMessagesIgnored} "CSS:" messages ignored)`,
  );
  return report.errors.length > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
