import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * A chunk-group test that matches the given modules of `src/`, named by their path under `src/`
 * without the `.ts`/`.tsx` extension. Ids with a query (`?inline`, …) never match.
 */
function srcModules(files: readonly string[]): (id: string) => boolean {
  const wanted = new Set(files);
  const srcDir = path.resolve("src");
  return (id) => {
    const extension = /\.tsx?$/.exec(id);
    if (!extension) return false;
    return wanted.has(path.relative(srcDir, id.slice(0, extension.index)).split(path.sep).join("/"));
  };
}

/**
 * The app shell's modules (and, with their dependencies, the icons, Radix Slot, clsx and
 * class-variance-authority they use): what the root and every public page import statically.
 * Nothing here may import a portal, dashboard or dialog module statically, nor `lib/utils`
 * (`cn`, which brings tailwind-merge: ADR 0010).
 */
const SHELL_MODULES = srcModules([
  "client/lib/i18n",
  "client/lib/smooth-scroll",
  "client/hooks/use-toast",
  "client/components/brand-logo",
  "client/components/section-link",
  "client/components/site-header",
  "client/components/site-header-styles",
  "client/components/site-footer",
  "client/components/loading-screen",
  "client/components/toaster-on-demand",
  "client/components/ui/button",
  "client/components/ui/native-select",
  "client/locales/en",
  "client/locales/en-landing",
  "common/site-config",
  "common/limits",
  "common/landing",
]);
/**
 * The form and layout parts of the UI kit (and, with their dependencies, the Radix primitives
 * they use), the labelled form field and the titled card built on them, the API client and its
 * error toast: one file shared by the calculator and the portal pages (the two small helpers
 * would otherwise be files of their own, each one more entry in the route manifest of `/`).
 * Dialogs, menus, TanStack Query and zod stay in the chunks of the pages and dialogs that use them.
 */
const UI_MODULES = srcModules([
  ...["card", "label", "input", "slider", "collapsible", "checkbox", "progress", "textarea", "badge"].map(
    (name) => `client/components/ui/${name}`,
  ),
  "client/components/form-field",
  "client/components/section-card",
  "client/lib/api",
  "client/lib/error-toast",
]);
/**
 * `cn()` and tailwind-merge: a file of their own, fetched with the first page or dialog that
 * merges classes (never on the first load of `/`), without the form parts of the UI kit.
 */
const CLASS_MERGE_MODULES = /(src[\\/]client[\\/]lib[\\/]utils\.ts|node_modules[\\/]tailwind-merge[\\/].*)$/;
/**
 * TanStack Query and our provider: one file for every page that fetches. Without it the library
 * splits by which pages use which part (the portal layout holds the provider, its pages the hooks),
 * and the retailer demo page loads two files instead of one.
 */
const QUERY_MODULES =
  /(node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|src[\\/]client[\\/]lib[\\/]query-(provider\.tsx|client\.ts)$)/;
/**
 * Packages the shell uses: clsx (which `cn()` uses too: kept here so the class-merge file stays off
 * `/`) and the translator core, rosetta with its dlv and templite (ADR 0023).
 */
const SHELL_PACKAGES = /node_modules[\\/](clsx|rosetta|dlv|templite)[\\/]/;
/** Icons of the landing page that other pages share (else each would be a file of its own). */
const SHELL_ICONS =
  /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](store|building-complex|shield-check|briefcase|x|check)\.mjs$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": path.resolve("src/client"),
      "@common": path.resolve("src/common"),
    },
  },
  build: {
    sourcemap: false,
    rolldownOptions: {
      output: {
        // First-load budget (ADR 0008): a page's first load is a few larger files instead of dozens of small
        // ones (each request costs a round trip on a slow mobile link): one framework chunk, and
        // one chunk for the app shell that every public page renders (header, footer, i18n, the
        // UI basics). Route modules and everything loaded on demand keep their own chunks.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            {
              name: "shell",
              test: (id) => SHELL_MODULES(id) || SHELL_ICONS.test(id) || SHELL_PACKAGES.test(id),
              priority: 10,
            },
            {
              name: "query",
              test: QUERY_MODULES,
              priority: 9,
            },
            {
              name: "class-merge",
              test: CLASS_MERGE_MODULES,
              priority: 8,
            },
            {
              name: "ui",
              test: UI_MODULES,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
