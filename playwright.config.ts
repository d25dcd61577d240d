import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium headless shell (/usr/bin/chromium-headless-shell,
 * ADR 0087; Playwright cannot download its own browser here) against the production client, served by our server built in each worker's
 * own process on a copy of a migrated database (tests/e2e/support/app.ts, ADR 0045). Every test
 * builds its own state, so files and tests run in parallel in any order (ADR 0062).
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  // Three on the 2-core machine: a worker waits on its browser (frames, transitions, emails)
  // much of the time, and a third fills those waits (ADR 0062). `--workers=N` overrides.
  workers: 3,
  retries: 0,
  timeout: 60_000,
  // Condition waits only; the margin is for a loaded 2-core machine, not for slow features.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    // A failing test keeps its trace: every action with the DOM before and after it. Not the
    // screencast: its frames cost about a quarter of the suite's CPU time (ADR 0062); the
    // failure's own screenshot is kept, and `--trace on` records everything.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
});
