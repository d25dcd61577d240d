#!/usr/bin/env node
/**
 * Build step (ADR 0023): shortens the critical path of the prerendered pages. The
 * HTML already shows the whole page, so the first round trips should bring only what paints it,
 * and React should come after the first paint. For every prerendered page in build/client (not
 * the SPA fallback and the shells of the pages rendered in the browser, which show nothing but a
 * loading screen until the app runs, ADR 0041) it:
 *
 * - inlines the app stylesheet (`<link rel="stylesheet">` → `<style>`, about 10 KiB compressed):
 *   one render-blocking request less. The root layout declares the stylesheet only when
 *   prerendering, so the browser app never adds the `<link>` back;
 * - removes the `<link rel="modulepreload">` tags React Router puts in `<head>` (they are fetched
 *   at high priority and delay first paint on a slow link);
 * - rewrites React Router's inline bootstrap module, whose static `import`s are fetched at once,
 *   into a function that imports the same modules with `import()` and then the client entry,
 *   exactly as before (route modules registered on `window.__reactRouterRouteModules` first).
 *   It runs once the first contentful paint has been presented (a Paint Timing observer; two
 *   frames where that is not supported); in a background tab, which paints nothing, at the
 *   `load` event or when the page is hidden. A click before the
 *   app has hydrated (anything but a link, which works without JavaScript) starts it at once and
 *   is replayed on the same element when the root layout reports hydration ("aisleiq:hydrated");
 *   so are values typed or chosen in form fields before then (set again, then an input event),
 *   and the pointer resting on an element (a pointerover event, for hover-opened menus).
 *
 * The server's CSP hashes are computed from the built HTML at start, so the new inline script is
 * allowed. Fails (exit 1) when the bootstrap does not have the expected shape, so a React Router
 * upgrade that changes it is noticed at build time.
 * Usage: tsx scripts/critical-path.mjs [build/client] (tsx: the shell list is TypeScript)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SHELL_ROUTE_PATTERNS, shellPath } from "../src/common/client-routes.ts";

const ROOT = path.resolve(process.argv[2] ?? "build/client");
/** The page the server answers for routes that are not prerendered: it needs its JS at once. */
const SPA_FALLBACK = "__spa-fallback.html";
const MODULEPRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;
/** Dispatched on `document` by the root layout once the app has hydrated (src/client/root.tsx). */
const HYDRATED_EVENT = "aisleiq:hydrated";
const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)" data-precedence="high"\/>/;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * The deferred bootstrap for the body of React Router's inline module script.
 * @param body e.g. `import "/m.js"; import * as route0 from "/r.js"; window.… = {…}; import("/e.js");`
 * @returns the new script's body
 * @throws when a statement is not one of those four shapes
 */
export function deferBootstrap(body) {
  const modules = [];
  const names = [];
  const statements = [];
  let entry = null;
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    let match = /^import "([^"]+)";$/.exec(line);
    if (match) {
      modules.push(match[1]);
      names.push("");
      continue;
    }
    match = /^import \* as (\w+) from "([^"]+)";$/.exec(line);
    if (match) {
      modules.push(match[2]);
      names.push(match[1]);
      continue;
    }
    match = /^import\("([^"]+)"\);$/.exec(line);
    if (match && entry === null) {
      entry = match[1];
      continue;
    }
    if (/^window\.__reactRouterRouteModules = \{[^;]*\};$/.test(line) && entry === null) {
      statements.push(line);
      continue;
    }
    throw new Error(`unexpected statement in React Router's bootstrap script: ${line}`);
  }
  if (entry === null || modules.length === 0)
    throw new Error("React Router's bootstrap script has no entry import");
  const imports = modules.map((url) => `import(${JSON.stringify(url)})`).join(", ");
  return [
    "let started = false;",
    "const start = () => {",
    "  if (started) return;",
    "  started = true;",
    `  Promise.all([${imports}]).then(([${names.join(", ")}]) => {`,
    ...statements.map((statement) => `    ${statement}`),
    `    return import(${JSON.stringify(entry)});`,
    "  });",
    "};",
    // After the first contentful paint has been presented (Paint Timing), else after the second
    // frame; in a background tab, which paints nothing, at `load` or when it is hidden.
    'if (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {',
    "  new PerformanceObserver((list, observer) => {",
    '    if (list.getEntriesByName("first-contentful-paint").length === 0) return;',
    "    observer.disconnect();",
    "    setTimeout(start, 0);",
    '  }).observe({ type: "paint", buffered: true });',
    "} else {",
    "  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));",
    "}",
    'const startIfHidden = () => document.visibilityState === "hidden" && start();',
    'addEventListener("load", startIfHidden, { once: true });',
    'document.addEventListener("visibilitychange", startIfHidden);',
    // Clicks before hydration (not on links, which navigate without JavaScript) are held and
    // replayed once the app has hydrated, so a button pressed early still does its job.
    "const held = [];",
    "const hold = (event) => {",
    '  if (!(event.target instanceof Element) || event.target.closest("a[href]")) return;',
    "  event.preventDefault();",
    "  event.stopImmediatePropagation();",
    "  held.push(event.target);",
    "  start();",
    "};",
    'document.addEventListener("click", hold, true);',
    // Values typed or chosen before hydration are handed to the app the same way.
    "const typed = new Map();",
    "const remember = (event) => {",
    "  const field = event.target;",
    "  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;",
    "  typed.set(field, field.value);",
    "  start();",
    "};",
    'document.addEventListener("input", remember, true);',
    // The element the pointer rests on, so hover-opened menus see the pointer arrive.
    "let hovered = null;",
    'let hoverType = "mouse";',
    "const track = (event) => {",
    '  hovered = event.type === "pointerover" ? event.target : null;',
    "  hoverType = event.pointerType;",
    "};",
    'document.addEventListener("pointerover", track, true);',
    'document.addEventListener("pointerout", track, true);',
    'document.addEventListener("change", remember, true);',
    `document.addEventListener(${JSON.stringify(HYDRATED_EVENT)}, () => {`,
    '  document.removeEventListener("click", hold, true);',
    '  document.removeEventListener("input", remember, true);',
    '  document.removeEventListener("change", remember, true);',
    '  document.removeEventListener("pointerover", track, true);',
    '  document.removeEventListener("pointerout", track, true);',
    "  if (hovered instanceof Element && hovered.isConnected) {",
    '    hovered.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, composed: true, pointerType: hoverType, isPrimary: true, view: window }));',
    "  }",
    "  for (const [field, value] of typed) {",
    "    if (!field.isConnected) continue;",
    // React may have hydrated the field with the typed value as "last seen": assign another value
    // through the element (which React watches), then the typed one past it (the prototype's
    // setter), so the input event reads as a change.
    '    field.value = value === "" ? " " : "";',
    '    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);',
    '    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));',
    "  }",
    "  for (const target of held.splice(0)) {",
    '    if (target.isConnected) target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true, view: window, detail: 1 }));',
    "  }",
    "}, { once: true });",
  ].join("\n");
}

/**
 * One prerendered page with its JavaScript deferred.
 * @param html the page as React Router wrote it
 * @returns the page without module preloads and with the deferred bootstrap
 * @throws when the page has no bootstrap script
 */
export function deferPage(html) {
  const match = BOOTSTRAP.exec(html);
  if (!match) throw new Error("no React Router bootstrap script found");
  const script = `<script type="module">${deferBootstrap(match[1] ?? "")}</script>`;
  return html.replace(MODULEPRELOAD, "").replace(match[0], () => script);
}

/**
 * One prerendered page with the app stylesheet inlined.
 * @param html the page
 * @param readAsset reads a file of build/client by its URL path (`/assets/app-….css`)
 * @returns the page with `<style data-href="/assets/app-….css">…</style>` in place of the link
 * @throws when the page has no app stylesheet link, or the stylesheet could close the element
 */
export function inlineStylesheet(html, readAsset) {
  const match = STYLESHEET.exec(html);
  if (!match) throw new Error("no app stylesheet link found");
  const href = match[1] ?? "";
  const css = readAsset(href);
  if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style"`);
  // Its url()s must be absolute (/assets/…) to resolve the same from any page.
  if (/url\(\s*["']?(?!\/|data:|https?:)/.test(css)) throw new Error(`${href} has a relative url()`);
  return html.replace(match[0], () => `<style data-precedence="high" data-href="${href}">${css}</style>`);
}

/**
 * The shells (ADR 0041) under `root`: each is a loading screen that needs its JavaScript at once,
 * like the SPA fallback. Deferred until after first paint, a shell hidden while its Spanish texts
 * load (LANGUAGE_PENDING_SCRIPT) never painted, so its app started only at the 3 s fallback.
 */
function shellFiles(root) {
  return new Set(SHELL_ROUTE_PATTERNS.map((pattern) => path.join(root, shellPath(pattern), "index.html")));
}

/** The prerendered pages under `dir` (every .html but the SPA fallback and the shells; assets skipped). */
function pages(dir, shells = shellFiles(ROOT)) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === "assets" ? [] : pages(full, shells);
    return entry.endsWith(".html") && entry !== SPA_FALLBACK && !shells.has(full) ? [full] : [];
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const files = pages(ROOT);
  for (const file of files) {
    try {
      const html = readFileSync(file, "utf8");
      const readAsset = (url) => readFileSync(path.join(ROOT, url.replace(/^\//, "")), "utf8");
      writeFileSync(file, deferPage(inlineStylesheet(html, readAsset)));
    } catch (error) {
      console.error(`${path.relative(ROOT, file)}: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
  }
  console.log(
    `inlined the stylesheet and deferred the app's JavaScript in ${files.length} prerendered pages`,
  );
}
