import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stripScripts } from "../../scripts/no-script-copy";
import {
  figuresOf,
  interleave,
  isExecutableScriptType,
  judge,
  KIB,
  kib,
  median,
  medianFigures,
  type PageWeight,
  parseArgs,
  publicPages,
  selectBudgets,
  table,
  tbtRatio,
} from "../../scripts/site-measure";
import { detectSiteBuild, resolveFile } from "../../scripts/static-site";

/**
 * The logic behind `npm run size` and `npm run bench:site` (ADR 0065): medians, the TBT ratio,
 * which inline scripts count, the budgets file and the verdict per page, the no-script copy, and
 * how the build is found. The browser and Lighthouse runs themselves are the scripts' own.
 */

describe("median", () => {
  it("takes the middle value of an odd count and the mean of the middle two of an even count", () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([400, 100, 300, 200])).toBe(250);
    expect(median([7])).toBe(7);
  });

  it("leaves out runs that reported nothing, and is NaN with nothing left", () => {
    expect(median([Number.NaN, 10, 30])).toBe(20);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });
});

describe("TBT ratio", () => {
  it("is the page's TBT over its no-script copy's", () => {
    expect(tbtRatio(577, 249)).toBeCloseTo(2.317, 3);
    expect(tbtRatio(100, 100)).toBe(1);
  });

  it("is 1 when neither blocks and infinite when only the page does", () => {
    expect(tbtRatio(0, 0)).toBe(1);
    expect(tbtRatio(40, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("Lighthouse figures", () => {
  const lhr = (score: number | null, tbt?: number) => ({
    categories: { performance: { score } },
    audits: {
      "total-blocking-time": tbt === undefined ? undefined : { numericValue: tbt },
      "largest-contentful-paint": { numericValue: 1440 },
      "cumulative-layout-shift": { numericValue: 0 },
    },
  });

  it("reads the performance score as 0–100 and the metrics in ms", () => {
    expect(figuresOf(lhr(0.824, 714))).toEqual({ performance: 82, tbt: 714, lcp: 1440, cls: 0 });
  });

  it("gives NaN for what a failed run did not measure, and the medians skip it", () => {
    const failed = figuresOf(lhr(null));
    expect(failed.performance).toBeNaN();
    expect(failed.tbt).toBeNaN();
    const med = medianFigures([failed, figuresOf(lhr(0.9, 100)), figuresOf(lhr(0.8, 300))]);
    expect(med).toEqual({ performance: 85, tbt: 200, lcp: 1440, cls: 0 });
  });

  it("takes each figure's median on its own", () => {
    const med = medianFigures([
      { performance: 90, tbt: 500, lcp: 1000, cls: 0 },
      { performance: 80, tbt: 100, lcp: 3000, cls: 0.1 },
      { performance: 70, tbt: 300, lcp: 2000, cls: 0 },
    ]);
    expect(med).toEqual({ performance: 80, tbt: 300, lcp: 2000, cls: 0 });
  });
});

describe("interleaving", () => {
  it("audits each page as built and then its no-script copy, page after page, run after run", () => {
    expect(
      interleave(["/", "/calculator"], 2).map((step) => `${step.run} ${step.page} ${step.variant}`),
    ).toEqual([
      "1 / build",
      "1 / no-script",
      "1 /calculator build",
      "1 /calculator no-script",
      "2 / build",
      "2 / no-script",
      "2 /calculator build",
      "2 /calculator no-script",
    ]);
  });
});

describe("which inline scripts count as JavaScript", () => {
  it("counts classic scripts, modules and JavaScript MIME types", () => {
    for (const type of [null, "", "module", " Module ", "text/javascript", "application/javascript"]) {
      expect(isExecutableScriptType(type)).toBe(true);
    }
  });

  it("leaves out data blocks", () => {
    for (const type of [
      "application/ld+json",
      "application/json",
      "importmap",
      "speculationrules",
      "text/x-template",
    ]) {
      expect(isExecutableScriptType(type)).toBe(false);
    }
  });
});

describe("budgets file", () => {
  const file = {
    default: "islands",
    forbidden: "^(dashboard|verify)[-.]",
    sets: {
      islands: { source: "targets", kib: { "/": 40, "/calculator": 90 } },
      old: { source: "ADR 0023", kib: { "/": 130 } },
    },
  };

  it("uses the default set unless one is named, with budgets in bytes", () => {
    const chosen = selectBudgets(file);
    expect(chosen.name).toBe("islands");
    expect([...chosen.bytes]).toEqual([
      ["/", 40 * KIB],
      ["/calculator", 90 * KIB],
    ]);
    expect(selectBudgets(file, "old").bytes.get("/")).toBe(130 * KIB);
  });

  it("refuses an unknown set, naming the known ones", () => {
    expect(() => selectBudgets(file, "nope")).toThrow('no budget set "nope"; known: islands, old');
    expect(() => selectBudgets(file, "toString")).toThrow("no budget set");
  });

  it("refuses a budget that is not a positive number or a page that is not a path", () => {
    const bad = (kibByPage: Record<string, unknown>) => ({
      ...file,
      sets: { islands: { source: "", kib: kibByPage } },
    });
    expect(() => selectBudgets(bad({ "/": 0 }))).toThrow("/ must be a positive number of KiB");
    expect(() => selectBudgets(bad({ "/": "40" }))).toThrow("positive number");
    expect(() => selectBudgets(bad({ calculator: 90 }))).toThrow('"calculator" is not a path');
    expect(() => selectBudgets(bad({ "/calculator?cartSize=5 2": 90 }))).toThrow("as a browser requests it");
    expect(() => selectBudgets(bad({ "/calculator#figures": 90 }))).toThrow("as a browser requests it");
    expect(() => selectBudgets({ sets: {} })).toThrow("`forbidden` must be a string");
  });

  it("the repository's file has the issue's budgets by default and today's single budget by name", () => {
    const data = JSON.parse(readFileSync("scripts/size-budgets.json", "utf8"));
    expect(Object.fromEntries(selectBudgets(data).bytes)).toEqual({
      "/": 40 * KIB,
      "/calculator": 90 * KIB,
      // A shared link (ADR 0068): the calculator's budget, its page named with its query.
      "/calculator?cartSize=52&monthlyReceipts=20000&monthsSinceLaunch=3": 90 * KIB,
      "/schnucks": 60 * KIB,
      // The IMU demo, a static page with an island in both languages (ADR 0080).
      "/accelerometer": 81 * KIB,
      "/es/accelerometer": 81 * KIB,
    });
    expect(selectBudgets(data, "hydrated-app").bytes.get("/")).toBe(133 * KIB);
  });
});

describe("verdict per page", () => {
  const weight = (page: string, files: Record<string, number>, inlineBytes = 0): PageWeight => ({
    page,
    files: new Map(Object.entries(files)),
    inlineBytes,
  });
  const budgets = new Map([
    ["/", 40 * KIB],
    ["/calculator", 90 * KIB],
  ]);
  const forbidden = /^(dashboard|verify)[-.]/;

  it("adds the script files and the inline scripts, and passes at exactly the budget", () => {
    const [home] = judge(
      [weight("/", { "/_astro/a.js": 30 * KIB, "/_astro/b.js": 8 * KIB }, 2 * KIB)],
      budgets,
      /^$/,
    );
    expect(home).toMatchObject({ page: "/", totalBytes: 40 * KIB, budgetBytes: 40 * KIB, ok: true });
  });

  it("fails a page one byte over its budget", () => {
    const verdicts = judge(
      [weight("/", { "/a.js": 40 * KIB + 1 }), weight("/calculator", { "/c.js": 10 })],
      budgets,
      forbidden,
    );
    expect(verdicts.map((verdict) => verdict.ok)).toEqual([false, true]);
  });

  it("judges a page named with its query (a shared link) against its own budget, not the path's", () => {
    const link = "/calculator?cartSize=52&monthsSinceLaunch=3";
    const verdicts = judge(
      [weight("/calculator", { "/a.js": 10 * KIB }), weight(link, { "/a.js": 91 * KIB })],
      new Map([
        ["/calculator", 90 * KIB],
        [link, 90 * KIB],
      ]),
      forbidden,
    );
    expect(verdicts).toMatchObject([
      { page: "/calculator", ok: true },
      { page: link, budgetBytes: 90 * KIB, ok: false },
    ]);
  });

  it("reports a page without a budget without failing it", () => {
    const [spanish] = judge([weight("/es/", { "/a.js": 500 * KIB })], new Map(), forbidden);
    expect(spanish).toMatchObject({ page: "/es/", budgetBytes: null, ok: true });
  });

  it("fails a page that loads portal or dashboard code, whatever its size", () => {
    const [privacy] = judge([weight("/privacy", { "/assets/dashboard-x1.js": 10 })], new Map(), forbidden);
    expect(privacy).toMatchObject({ ok: false, forbidden: ["dashboard-x1.js"] });
  });

  it("fails a budgeted page that was not measured", () => {
    const verdicts = judge([weight("/", { "/a.js": 10 })], budgets, forbidden);
    expect(verdicts.find((verdict) => verdict.page === "/calculator")).toMatchObject({ ok: false });
    expect(verdicts.find((verdict) => verdict.page === "/calculator")?.totalBytes).toBeNaN();
  });
});

describe("command line", () => {
  it("reads runs, budgets, --all, --verbose and page paths", () => {
    expect(parseArgs(["--runs", "5", "/", "/es/"])).toEqual({
      runs: 5,
      all: false,
      verbose: false,
      pages: ["/", "/es/"],
    });
    expect(parseArgs(["--runs=1", "--budgets=hydrated-app", "--all", "--verbose"])).toEqual({
      runs: 1,
      budgets: "hydrated-app",
      all: true,
      verbose: true,
      pages: [],
    });
  });

  it("refuses a run count that is not a whole number of at least 1, a missing value and unknown words", () => {
    expect(() => parseArgs(["--runs", "0"])).toThrow("--runs takes a whole number");
    expect(() => parseArgs(["--runs=2.5"])).toThrow("--runs takes a whole number");
    expect(() => parseArgs(["--budgets"])).toThrow("--budgets needs a value");
    expect(() => parseArgs(["--budgets", "--all"])).toThrow("--budgets needs a value");
    expect(() => parseArgs(["calculator"])).toThrow("unknown argument calculator");
  });
});

describe("public pages", () => {
  it("lists every public page in English, then its Spanish twin, the targets among them", () => {
    const pages = publicPages();
    expect(pages).toEqual(
      expect.arrayContaining(["/", "/es/", "/calculator", "/es/calculator", "/schnucks"]),
    );
    expect(pages).not.toContain("/dashboard");
    expect(pages.filter((page) => page.startsWith("/es/"))).toHaveLength(pages.length / 2);
  });
});

describe("report", () => {
  it("prints KiB with one decimal and a dash for a page not measured", () => {
    expect(kib(133_120)).toBe("130.0");
    expect(kib(Number.NaN)).toBe("—");
  });

  it("lines up columns, figures to the right", () => {
    expect(
      table([
        ["page", "KiB"],
        ["/", "132.1"],
        ["/calculator", "9.0"],
      ]),
    ).toBe(["page           KiB", "/            132.1", "/calculator    9.0"].join("\n"));
  });
});

describe("no-script copy", () => {
  const page = [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
    '<link rel="modulepreload" href="/assets/framework-1.js"/>',
    '<link rel="preload" as="script" href="/assets/late.js">',
    '<link rel="preload" as="font" type="font/woff2" href="/f.woff2" crossorigin>',
    '<link rel="stylesheet" href="/a.css"><script type="application/ld+json">{"@type":"Organization"}</script>',
    '<SCRIPT src="/assets/entry-2.js" type="module"></SCRIPT></head>',
    "<body><h1 class='x'>Hi &amp; welcome</h1><template><script>inTemplate()</script><p>t</p></template>",
    '<script>if (a < b && "</p>") go()</script><p>Bye</p></body></html>',
  ].join("");

  it("removes every script, module preload and script preload, and nothing else", () => {
    expect(stripScripts(page)).toBe(
      [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        '<link rel="preload" as="font" type="font/woff2" href="/f.woff2" crossorigin>',
        '<link rel="stylesheet" href="/a.css"></head>',
        "<body><h1 class='x'>Hi &amp; welcome</h1><template><p>t</p></template>",
        "<p>Bye</p></body></html>",
      ].join(""),
    );
  });

  it("leaves a page without scripts unchanged", () => {
    const plain = "<!doctype html><title>x</title><p>no script here</p>";
    expect(stripScripts(plain)).toBe(plain);
  });
});

describe("finding the build", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const file = (relative: string) => {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), "x");
  };

  it("uses React Router's build/client when there is no Astro build", () => {
    dir = mkdtempSync(path.join(tmpdir(), "site-measure-"));
    file("client/index.html");
    expect(detectSiteBuild(dir)?.roots).toEqual([path.join(dir, "client")]);
  });

  it("prefers Astro's build/site, the portal's build/client after it", () => {
    dir = mkdtempSync(path.join(tmpdir(), "site-measure-"));
    file("client/index.html");
    file("site/index.html");
    expect(detectSiteBuild(dir)?.roots).toEqual([path.join(dir, "site"), path.join(dir, "client")]);
  });

  it("finds nothing without a home page", () => {
    dir = mkdtempSync(path.join(tmpdir(), "site-measure-"));
    file("client/assets/a.js");
    expect(detectSiteBuild(dir)).toBeNull();
  });

  it("answers a page from its index.html or .html file, assets as they are, never outside the roots", () => {
    dir = mkdtempSync(path.join(tmpdir(), "site-measure-"));
    file("site/index.html");
    file("site/es/index.html");
    file("site/privacy.html");
    file("client/assets/app-1.js");
    file("secret.txt");
    const roots = [path.join(dir, "site"), path.join(dir, "client")];
    expect(resolveFile(roots, "/")).toEqual({ root: roots[0], file: "index.html" });
    expect(resolveFile(roots, "/es/")?.file).toBe(path.join("es", "index.html"));
    expect(resolveFile(roots, "/es")?.file).toBe(path.join("es", "index.html"));
    expect(resolveFile(roots, "/privacy")?.file).toBe("privacy.html");
    expect(resolveFile(roots, "/assets/app-1.js")).toEqual({
      root: roots[1],
      file: path.join("assets", "app-1.js"),
    });
    expect(resolveFile(roots, "/../secret.txt")).toBeNull();
    expect(resolveFile(roots, "/missing")).toBeNull();
  });
});
