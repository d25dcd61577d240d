/**
 * Pure logic shared by the public site's measurements: `npm run size` (JavaScript a page loads
 * before any interaction, per-page budgets) and `npm run bench:site` (Lighthouse on each page and
 * on its no-script copy). Nothing here starts a server or a browser, so the unit tests
 * (tests/unit/site-measure.test.ts) cover it directly; the budgets are data, in
 * scripts/size-budgets.json (ADR 0065).
 */
import { LOCALIZED_PATHS, localizePath } from "../src/common/languages";

/** 1 KiB in bytes: the budgets are in KiB (1024 bytes), as the issue and ADR 0023 state them. */
export const KIB = 1024;

/**
 * Every public page of the site (docs/product.md#2-pages): each page prerendered in both
 * languages, English first, then their Spanish twins (`/`, `/calculator`, …, `/es/`,
 * `/es/calculator`, …). Derived from the shared route data, not from a framework's output, so the
 * same list holds for any build of the site.
 * @returns URL paths, e.g. ["/", "/calculator", "/privacy", …, "/es/", "/es/calculator", …]
 */
export function publicPages(): string[] {
  return [...LOCALIZED_PATHS, ...LOCALIZED_PATHS.map((page) => localizePath(page, "es"))];
}

/**
 * The median: the middle value of the sorted values, the mean of the two middle ones for an even
 * count. NaN values (a metric a run failed to report) are left out.
 * @param values numbers in any order
 * @returns the median, or NaN when no finite value is given
 */
export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  // biome-ignore lint/style/noNonNullAssertion: mid and mid - 1 are inside a non-empty array
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * How much more Total Blocking Time a page costs than its no-script copy (the target is
 * ≤ 1.25). A copy with 0 ms of TBT makes any blocking time an infinite ratio, and 0 / 0 is 1
 * (the page costs what its HTML costs).
 * @param buildTbtMs median TBT of the page as built, in ms
 * @param noScriptTbtMs median TBT of its no-script copy, in ms
 */
export function tbtRatio(buildTbtMs: number, noScriptTbtMs: number): number {
  if (noScriptTbtMs === 0) return buildTbtMs === 0 ? 1 : Number.POSITIVE_INFINITY;
  return buildTbtMs / noScriptTbtMs;
}

/**
 * True when a `<script>` with this `type` attribute runs as JavaScript (HTML Living Standard,
 * "prepare the script element"): no type or an empty one, `module`, or a JavaScript MIME type
 * essence. Data blocks (`application/ld+json`, `importmap`, `speculationrules`, …) do not.
 * @param type the attribute's value, or null when absent
 */
export function isExecutableScriptType(type: string | null): boolean {
  if (type === null) return true;
  const essence = type.trim().toLowerCase();
  return essence === "" || essence === "module" || JAVASCRIPT_MIME_TYPES.has(essence);
}

/** The JavaScript MIME type essence matches of the HTML Living Standard (§ "JavaScript MIME type"). */
const JAVASCRIPT_MIME_TYPES = new Set([
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

/** One named set of budgets from scripts/size-budgets.json. */
export interface BudgetSet {
  /** Where the figures come from (an ADR, an issue's targets). */
  source: string;
  /** Budget per page path, in KiB gzip of the JavaScript loaded before any interaction. */
  kib: Record<string, number>;
}

/** The budgets file: named sets, the one `npm run size` uses by default, forbidden chunk names. */
export interface BudgetsFile {
  description?: string;
  default: string;
  /** A regular expression (source) matched against the file name of every script a page loads. */
  forbidden: string;
  sets: Record<string, BudgetSet>;
}

/**
 * Checks the shape of the parsed budgets file and picks a set.
 * @param data the parsed JSON of scripts/size-budgets.json
 * @param name the set to use; undefined for the file's `default`
 * @returns the set's name, source and budgets in bytes per page (a path, or a path and query such
 *   as "/calculator?cartSize=52"), and the forbidden pattern
 * @throws Error naming the problem when the file is malformed or the set does not exist
 */
export function selectBudgets(
  data: unknown,
  name?: string,
): { name: string; source: string; bytes: Map<string, number>; forbidden: RegExp } {
  if (typeof data !== "object" || data === null) throw new Error("budgets file: not a JSON object");
  const file = data as Partial<BudgetsFile>;
  if (typeof file.sets !== "object" || file.sets === null) throw new Error("budgets file: no `sets` object");
  if (typeof file.forbidden !== "string") throw new Error("budgets file: `forbidden` must be a string");
  const chosen = name ?? file.default;
  if (typeof chosen !== "string") throw new Error("budgets file: no `default` set named");
  const set = Object.hasOwn(file.sets, chosen) ? file.sets[chosen] : undefined;
  if (set === undefined) {
    throw new Error(`no budget set "${chosen}"; known: ${Object.keys(file.sets).join(", ")}`);
  }
  const bytes = new Map<string, number>();
  for (const [page, kib] of Object.entries(set.kib ?? {})) {
    if (!page.startsWith("/")) throw new Error(`budget set "${chosen}": "${page}" is not a path`);
    // A page may be a path with a query (a shared calculator link, ADR 0068): it is loaded and
    // named as written, so it must be written as a browser requests it (encoded, no fragment).
    const url = new URL(page, "http://site.invalid");
    if (`${url.pathname}${url.search}` !== page) {
      throw new Error(`budget set "${chosen}": "${page}" is not a path and query as a browser requests it`);
    }
    if (typeof kib !== "number" || !Number.isFinite(kib) || kib <= 0) {
      throw new Error(`budget set "${chosen}": ${page} must be a positive number of KiB`);
    }
    bytes.set(page, Math.round(kib * KIB));
  }
  return { name: chosen, source: String(set.source ?? ""), bytes, forbidden: new RegExp(file.forbidden) };
}

/** What `npm run size` measured on one page. */
export interface PageWeight {
  page: string;
  /** Script files loaded (URL path → gzip -9 bytes of the body as the browser received it, decoded). */
  files: Map<string, number>;
  /** gzip -9 bytes of the page's inline executable scripts, concatenated. */
  inlineBytes: number;
}

/** A page's verdict against its budget. */
export interface PageVerdict {
  page: string;
  /** All JavaScript before any interaction: files plus inline, gzip bytes. */
  totalBytes: number;
  budgetBytes: number | null;
  /** False when over budget or when a forbidden script loaded. */
  ok: boolean;
  /** Script files whose name matches the forbidden pattern. */
  forbidden: string[];
}

/**
 * Judges each measured page: over its budget (if it has one) or loading a forbidden chunk fails.
 * A budgeted page that was not measured is a failure too, so a budget cannot silently stop
 * applying (e.g. after a page moved).
 * @param weights measured pages
 * @param budgets budget in bytes per page path
 * @param forbidden pattern matched against each script file's base name
 */
export function judge(
  weights: readonly PageWeight[],
  budgets: ReadonlyMap<string, number>,
  forbidden: RegExp,
): PageVerdict[] {
  const verdicts = weights.map((weight): PageVerdict => {
    const totalBytes = [...weight.files.values()].reduce((sum, bytes) => sum + bytes, weight.inlineBytes);
    const budgetBytes = budgets.get(weight.page) ?? null;
    const names = [...weight.files.keys()].map((file) => file.slice(file.lastIndexOf("/") + 1));
    const bad = names.filter((name) => forbidden.test(name));
    return {
      page: weight.page,
      totalBytes,
      budgetBytes,
      ok: bad.length === 0 && (budgetBytes === null || totalBytes <= budgetBytes),
      forbidden: bad,
    };
  });
  for (const [page, budgetBytes] of budgets) {
    if (!weights.some((weight) => weight.page === page)) {
      verdicts.push({ page, totalBytes: Number.NaN, budgetBytes, ok: false, forbidden: [] });
    }
  }
  return verdicts;
}

/**
 * Command-line options of the two measurements: `--runs N` / `--runs=N`, `--budgets NAME`,
 * `--all`, `--verbose`, and page paths.
 * @param args process.argv.slice(2)
 * @returns the options given; `pages` empty when none was named
 * @throws Error on an unknown flag, a missing value or a run count that is not a whole number ≥ 1
 */
export function parseArgs(args: readonly string[]): {
  runs?: number;
  budgets?: string;
  all: boolean;
  verbose: boolean;
  pages: string[];
} {
  const options: { runs?: number; budgets?: string; all: boolean; verbose: boolean; pages: string[] } = {
    all: false,
    verbose: false,
    pages: [],
  };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || next.startsWith("--")) throw new Error(`${flag} needs a value`);
      i += 1;
      return next;
    };
    if (flag === "--runs") {
      const runs = Number(value());
      if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number ≥ 1");
      options.runs = runs;
    } else if (flag === "--budgets") {
      options.budgets = value();
    } else if (flag === "--all") {
      options.all = true;
    } else if (flag === "--verbose") {
      options.verbose = true;
    } else if (arg.startsWith("/")) {
      options.pages.push(arg);
    } else {
      throw new Error(`unknown argument ${arg}`);
    }
  }
  return options;
}

/** Bytes as KiB with one decimal, e.g. 133120 → "130.0". */
export function kib(bytes: number): string {
  return Number.isNaN(bytes) ? "—" : (bytes / KIB).toFixed(1);
}

/**
 * A plain-text table, columns padded to their widest cell; a column whose body cells all look
 * like figures ("132.1", "306 ms", "1.17×", "—", or empty) is right-aligned, its header too.
 * @param rows the header row(s) first: rows before the first body row are given as `headerRows`
 * @param headerRows how many leading rows are headers (default 1)
 */
export function table(rows: readonly (readonly string[])[], headerRows = 1): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 0, cell.length);
    });
  }
  const figure = /^([-+]?[\d.,]+( ?[a-z%×]+)?|—|∞|)$/i;
  const right = widths.map((_, column) =>
    rows.slice(headerRows).every((row) => figure.test(row[column] ?? "")),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) => {
          const width = widths[column] ?? 0;
          return right[column] ? cell.padStart(width) : cell.padEnd(width);
        })
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The figures `npm run bench:site` keeps from one Lighthouse run. */
export interface LighthouseFigures {
  /** Performance score, 0–100. */
  performance: number;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Largest Contentful Paint, ms. */
  lcp: number;
  /** Cumulative Layout Shift, unitless. */
  cls: number;
}

/**
 * The figures of one Lighthouse result (an `lhr`): the performance score ×100, rounded, and the
 * numeric values of the TBT, LCP and CLS audits. A missing audit gives NaN (left out of medians).
 * @param lhr Lighthouse's result object (only `categories.performance.score` and
 *   `audits[id].numericValue` are read)
 */
export function figuresOf(lhr: {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}): LighthouseFigures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = lhr.categories.performance?.score;
  return {
    performance: typeof score === "number" ? Math.round(score * 100) : Number.NaN,
    tbt: value("total-blocking-time"),
    lcp: value("largest-contentful-paint"),
    cls: value("cumulative-layout-shift"),
  };
}

/**
 * Each figure's median over runs (each figure separately, so the result need not be one run).
 * @param runs one entry per Lighthouse run
 */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  return {
    performance: median(runs.map((run) => run.performance)),
    tbt: median(runs.map((run) => run.tbt)),
    lcp: median(runs.map((run) => run.lcp)),
    cls: median(runs.map((run) => run.cls)),
  };
}

/**
 * The order of the audits in one bench run: for each run, each page as built then its no-script
 * copy, so both variants of a page meet the same machine load (the method).
 * @param pages URL paths
 * @param runs how many times each is audited
 */
export function interleave(
  pages: readonly string[],
  runs: number,
): { run: number; page: string; variant: "build" | "no-script" }[] {
  const order: { run: number; page: string; variant: "build" | "no-script" }[] = [];
  for (let run = 1; run <= runs; run += 1) {
    for (const page of pages) {
      order.push({ run, page, variant: "build" }, { run, page, variant: "no-script" });
    }
  }
  return order;
}
