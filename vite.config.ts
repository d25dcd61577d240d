import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** In development the API server listens on API_PORT (scripts/dev.mjs sets it); Vite proxies /api to it. */
const apiPort = process.env.API_PORT ?? "3001";

/**
 * The app shell's modules (and, with their dependencies, the icons, Radix Slot, clsx and
 * class-variance-authority they use): what the root and every public page import statically.
 * Nothing here may import a portal, dashboard or dialog module statically, nor `lib/utils`
 * (`cn`, which brings tailwind-merge: ADR 0010).
 */
const SHELL_MODULES =
  /src[\\/](client[\\/](lib[\\/](i18n|smooth-scroll)|hooks[\\/]use-toast|components[\\/](brand-logo|section-link|site-header|site-header-styles|site-footer|loading-screen|toaster-on-demand|ui[\\/](button|native-select))|locales[\\/]en(-landing)?)|common[\\/](site-config|limits|landing))\.tsx?$/;
/**
 * The form and layout parts of the UI kit (and, with their dependencies, the Radix primitives
 * they use) and the API client: one file shared by the calculator and the portal pages. Dialogs,
 * menus, TanStack Query and zod stay in the chunks of the pages and dialogs that use them.
 */
const UI_MODULES =
  /src[\\/]client[\\/](components[\\/]ui[\\/](card|label|input|slider|collapsible|checkbox|progress|textarea|badge)\.tsx|lib[\\/]api\.ts)$/;
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
/** Packages the shell uses that `cn()` uses too: kept here so the class-merge file stays off `/`. */
const SHELL_PACKAGES = /node_modules[\\/]clsx[\\/]/;
/** Icons of the landing page that other pages share (else each would be a file of its own). */
const SHELL_ICONS =
  /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](store|building-complex|shield-check|briefcase|x|check)\.mjs$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve("src/client"), "@common": path.resolve("src/common") } },
  server: {
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Issue #4 budget: a page's first load is a few larger files instead of dozens of small
        // ones (each request costs a round trip on a slow mobile link): one framework chunk, and
        // one chunk for the app shell that every public page renders (header, footer, i18n, the
        // UI basics). Route modules and everything loaded on demand keep their own chunks.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            {
              name: "shell",
              test: (id) => SHELL_MODULES.test(id) || SHELL_ICONS.test(id) || SHELL_PACKAGES.test(id),
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
