import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Vitest runs its projects in parallel on every core (ADR 0046):
 * - `unit`: pure functions of src/common and src/server;
 * - `integration`: the server over HTTP on PGlite and PostgreSQL, each file in a fresh module
 *   graph (apps, metrics registries and spies are per file);
 * - `dom`: React component tests in jsdom;
 * - `astro`: the site's Astro components rendered by Astro's container API, their scripts run in
 *   jsdom (vitest.astro.config.ts).
 * `unit` and `dom` load their module graph (and jsdom) once per worker, not once per file
 * (`isolate: false`), since their files share no mutable module state; the files listed in
 * {@link ISOLATED} do (a `vi.mock` must be in place before the module is first loaded, a catalog
 * added to the translator stays), so they run in `unit-isolated` / `dom-isolated`, a fresh graph
 * per file. Tests live under tests/ only (shared helpers in tests/support/), never next to the
 * source. The React Router Vite plugin is deliberately not loaded here (it is a build/dev plugin).
 */
const ISOLATED = {
  // `~/lib/i18n` merges added catalogs into the English catalog object itself, which the
  // catalog-parity test compares with Spanish.
  unit: ["tests/unit/translator.test.ts", "tests/unit/spanish-portal-catalog.test.ts"],
  // `vi.mock` of a module another file has already loaded would not apply.
  dom: [
    "tests/component/document-preview.test.tsx",
    "tests/component/landing.test.tsx",
    "tests/component/retailer-demo-validation-offline.test.tsx",
  ],
};

const unit = { environment: "node" as const, testTimeout: 30_000, hookTimeout: 60_000 };
const dom = {
  environment: "jsdom" as const,
  setupFiles: ["tests/component/setup.ts"],
  testTimeout: 15_000,
};

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve("src/client"),
      "@common": path.resolve("src/common"),
    },
  },
  test: {
    // Vitest's default leaves one core idle on a 2-core machine (CI); the tests wait on sockets,
    // child processes and PostgreSQL much of the time, so every core runs a worker (ADR 0046).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          ...unit,
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          exclude: ISOLATED.unit,
          isolate: false,
        },
      },
      { extends: true, test: { ...unit, name: "unit-isolated", include: ISOLATED.unit } },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          ...dom,
          name: "dom",
          include: ["tests/component/**/*.test.tsx"],
          exclude: ISOLATED.dom,
          isolate: false,
        },
      },
      { extends: true, test: { ...dom, name: "dom-isolated", include: ISOLATED.dom } },
      // The site's Astro components, rendered by Astro's container API (its own Vite configuration).
      "./vitest.astro.config.ts",
    ],
  },
});
