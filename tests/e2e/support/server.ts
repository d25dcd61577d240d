import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpSink } from "../../support/smtp-sink";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Starts the production build (`build/node/main.js`) on a free port with a fresh PGlite
 * database and a real SMTP sink. `npm run build` must have run first (the test script does).
 */
export async function startAppServer(extraEnv: Record<string, string> = {}) {
  const smtp = await startSmtpSink();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "aisleiq-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["build/node/main.js"], {
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
      OUTBOX_RETRY_BASE_MS: "200",
      ...extraEnv,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  const fail = async (message: string) => {
    child.kill("SIGKILL");
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(message);
  };
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) await fail(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) await fail("server did not become ready in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    baseUrl,
    smtp,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
