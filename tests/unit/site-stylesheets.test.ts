import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The site's per-page stylesheets (src/site/styles, ADR 0064) hold Tailwind's utilities only for
 * their sources, so a component rendered from a file that is no source of its page's stylesheet
 * would show unstyled. Every file of src/client's features or routes that the site imports must
 * be a source of the stylesheets of the pages that can show it: an island of every page (the
 * dialogs) of every stylesheet, a page's island of its page's stylesheet, a page body of at least
 * one stylesheet.
 */

const ROOT = path.resolve(__dirname, "../..");
const SITE = path.join(ROOT, "src/site");
const STYLES = path.join(SITE, "styles");
const CLIENT = path.join(ROOT, "src/client");
/** The stylesheet of the page each page-specific island folder belongs to. */
const ISLAND_PAGES: Readonly<Record<string, string>> = {
  calculator: "calculator.css",
  registration: "retailer-demo.css",
  "login-portal": "login-portal.css",
  "imu-demo": "imu-demo.css",
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** The absolute paths a stylesheet names with `@source`, following its `@import "./…"` of sibling files. */
function sources(file: string): string[] {
  const css = readFileSync(file, "utf8");
  const own = [...css.matchAll(/@source "([^"]+)";/g)].map(([, source = ""]) =>
    path.resolve(path.dirname(file), source),
  );
  const imported = [...css.matchAll(/@import "(\.\/[^"]+)";/g)].flatMap(([, target = ""]) =>
    sources(path.resolve(path.dirname(file), target)),
  );
  return [...own, ...imported];
}

/** The src/client feature and route files a site file imports (`~/…` or relative), resolved. */
function featureImports(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const specifiers = [...code.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map(([, spec = ""]) => spec);
  return specifiers
    .map((spec) =>
      spec.startsWith("~/")
        ? path.join(CLIENT, spec.slice(2))
        : spec.startsWith(".")
          ? path.resolve(path.dirname(file), spec)
          : null,
    )
    .filter((target): target is string => target !== null)
    .filter((target) => /src\/client\/(features|routes)\//.test(target))
    .map(
      (target) =>
        [target, `${target}.tsx`, `${target}.ts`].find(
          (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
        ) ?? target,
    );
}

const covered = (file: string, stylesheet: string) =>
  sources(path.join(STYLES, stylesheet)).some(
    (source) => file === source || file.startsWith(`${source}${path.sep}`),
  );

describe("the site's stylesheets", () => {
  const stylesheets = readdirSync(STYLES).filter((name) => name.endsWith(".css") && name !== "sources.css");

  it("each start from Tailwind with no automatic sources, the shared design and the shared sources", () => {
    expect(stylesheets.length).toBeGreaterThanOrEqual(6);
    for (const name of stylesheets) {
      const css = readFileSync(path.join(STYLES, name), "utf8");
      expect(css, name).toContain('@import "tailwindcss" source(none);');
      expect(css, name).toContain('@import "../../client/theme.css";');
      expect(css, name).toContain('@import "./sources.css";');
    }
  });

  it("have as sources every feature and route file the site renders", () => {
    const missing: string[] = [];
    for (const file of files(SITE).filter((name) => /\.(tsx?|astro)$/.test(name))) {
      const island = /^islands\/([^/]+)\//.exec(path.relative(SITE, file))?.[1];
      const needed =
        island === undefined ? null : ISLAND_PAGES[island] ? [ISLAND_PAGES[island]] : stylesheets;
      for (const target of featureImports(file)) {
        const ok = needed
          ? needed.every((stylesheet) => covered(target, stylesheet))
          : stylesheets.some((stylesheet) => covered(target, stylesheet));
        if (!ok) missing.push(`${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
