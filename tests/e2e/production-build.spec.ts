import { spawn } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpSink } from "../support/smtp-sink";
import { freePort } from "./support/app";
import { expect, test } from "./support/fixtures";
import { TEMPLATE_ENV } from "./support/global-setup";

/**
 * The production bundle itself (`build/node/main.js`, what `npm start` runs): every other spec
 * builds the app in the Playwright worker from the sources (ADR 0045), so this one starts the
 * bundle as a process, on a copy of the migrated template, and checks that it finds its
 * migrations, serves the built client and the API, and stops cleanly on SIGTERM.
 */

test("the production bundle starts, serves the client and the API, and stops on SIGTERM", async ({
  page,
}) => {
  // Opening PGlite in a new process (compiling its WebAssembly) takes 5–20 s on the 2-core
  // machine under load: a ceiling for the wait, not a wait.
  test.setTimeout(120_000);
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} is unset: run the e2e tests through playwright.config.ts`);
  const dataDir = await mkdtemp(path.join(tmpdir(), "aisleiq-e2e-bundle-"));
  await cp(template, path.join(dataDir, "db"), { recursive: true });
  const smtp = await startSmtpSink();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ["build/node/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: smtp.url,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null)
            throw new Error(`the bundle exited with ${child.exitCode}: ${output.join("")}`);
          return (await fetch(`${baseUrl}/api/ready`).catch(() => undefined))?.status;
        },
        { timeout: 60_000, message: "the bundle answers /api/ready" },
      )
      .toBe(200);
    await page.goto(`${baseUrl}/`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Introducing AisleIQ");
    const me = await page.request.get(`${baseUrl}/api/auth/me`);
    expect(me.status()).toBe(401);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
