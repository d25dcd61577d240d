import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without type declarations
import { deferBootstrap, deferPage, inlineStylesheet } from "../../scripts/critical-path.mjs";

/**
 * The build step that shortens the prerendered pages' critical path (scripts/critical-path.mjs,
 * ADR 0023), on React Router's output shape: module preloads removed, the bootstrap's static
 * imports turned into imports after first paint, the stylesheet inlined; an unexpected shape
 * fails the build instead of shipping a page that never hydrates.
 */

const BOOTSTRAP = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/home-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-4.js");`;

const PAGE = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app-5.css" data-precedence="high"/><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/framework-6.js"/></head><body><h1>Hi</h1><script type="module" async="">${BOOTSTRAP}</script></body></html>`;

describe("critical-path build step", () => {
  it("removes module preloads and has no static import left", () => {
    const html = deferPage(PAGE);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toMatch(/^\s*import\s[^(]/m);
    expect(html).toContain("<h1>Hi</h1>");
  });

  /** Runs the deferred bootstrap with fake browser APIs; returns what it imported and the triggers. */
  function boot(withPaintTiming: boolean, visibilityState = "visible") {
    const imported: string[] = [];
    const frames: (() => void)[] = [];
    const listeners: Record<string, () => void> = {};
    const window: { __reactRouterRouteModules?: Record<string, unknown> } = {};
    let paint: ((names: string[]) => void) | null = null;
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: (list: unknown, observer: unknown) => void) {
        paint = (names) =>
          callback({ getEntriesByName: (name: string) => names.filter((entry) => entry === name) }, this);
      }
      observe() {}
      disconnect() {}
    }
    const run = new Function(
      "requestAnimationFrame",
      "setTimeout",
      "addEventListener",
      "document",
      "window",
      "MouseEvent",
      "Element",
      "PerformanceObserver",
      "__import",
      deferBootstrap(BOOTSTRAP).replaceAll("import(", "__import("),
    );
    run(
      (callback: () => void) => frames.push(callback),
      (callback: () => void) => callback(),
      (type: string, listener: () => void) => {
        listeners[type] = listener;
      },
      { visibilityState, addEventListener: () => {}, removeEventListener: () => {} },
      window,
      class {},
      class {},
      withPaintTiming ? FakeObserver : undefined,
      async (url: string) => {
        imported.push(url);
        return { url };
      },
    );
    return { imported, frames, listeners, window, paint: (names: string[]) => paint?.(names) };
  }

  const ALL = [
    "/assets/manifest-1.js",
    "/assets/root-2.js",
    "/assets/home-3.js",
    "/assets/entry.client-4.js",
  ];
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("imports the same modules after the first contentful paint, route modules first, then the entry", async () => {
    const page = boot(true);
    page.paint(["first-paint"]);
    await settle();
    expect(page.imported).toEqual([]); // nothing before the first contentful paint
    page.paint(["first-contentful-paint"]);
    page.listeners.load?.(); // the load event after it does not start it twice
    await settle();
    expect(page.imported).toEqual(ALL);
    expect(page.window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-2.js" },
      "routes/home": { url: "/assets/home-3.js" },
    });
  });

  it("without Paint Timing, waits two frames; a hidden page starts at load", async () => {
    const page = boot(false);
    page.frames.shift()?.();
    await settle();
    expect(page.imported).toEqual([]);
    page.frames.shift()?.();
    await settle();
    expect(page.imported).toEqual(ALL);

    const visible = boot(true);
    visible.listeners.load?.(); // a visible page waits for its paint even when loaded first
    await settle();
    expect(visible.imported).toEqual([]);

    const hidden = boot(true, "hidden");
    hidden.listeners.load?.();
    await settle();
    expect(hidden.imported).toEqual(ALL);
  });

  it("fails on a bootstrap it does not know", () => {
    expect(() => deferBootstrap(`${BOOTSTRAP}\nimport { x } from "/y.js";`)).toThrow(/unexpected statement/);
    expect(() => deferPage("<html><body></body></html>")).toThrow(/no React Router bootstrap/);
  });

  it("inlines the stylesheet and refuses one that cannot be inlined", () => {
    const html = inlineStylesheet(PAGE, () => "body{color:red}");
    expect(html).toContain(
      '<style data-precedence="high" data-href="/assets/app-5.css">body{color:red}</style>',
    );
    expect(html).not.toContain('rel="stylesheet"');
    expect(() => inlineStylesheet(PAGE, () => "a{}</style><script>")).toThrow(/<\/style/);
    expect(() => inlineStylesheet(PAGE, () => "a{background:url(x.png)}")).toThrow(/relative/);
  });
});
