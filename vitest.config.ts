import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Vitest runs two projects:
 * - `node`: unit tests of src/common and src/server, and server integration tests over HTTP;
 *   tests live under tests/ only (shared helpers in tests/support/), never next to the source;
 * - `dom`: React component tests in jsdom.
 * The React Router Vite plugin is deliberately not loaded here (it is a build/dev plugin).
 */
export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve("src/client"),
      "@common": path.resolve("src/common"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["tests/component/**/*.test.tsx"],
          setupFiles: ["tests/component/setup.ts"],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
