import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/server/db/database";
import { companies } from "../../src/server/db/schema";
import { migratedPgliteDump } from "./support/database";
import { closedPort, waitFor } from "./support/test-app";

/**
 * The embedded database on disk (ADR 0036, docs/operations.md): a new directory is initialised
 * in a child process and then opened with the small-footprint settings; data survives a reopen.
 */
describe("PGlite data directory", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "aisleiq-pglite-dir-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates a new directory, keeps data across a reopen, and runs with 16 MB shared buffers", async () => {
    const first = await createDb({ pgliteDir: path.join(dir, "db") });
    await first.migrate();
    await first.db.insert(companies).values({ name: "Acme", email: "ops@acme.test" });
    await first.close();

    const again = await createDb({ pgliteDir: path.join(dir, "db") });
    await again.migrate();
    const rows = await again.db.select({ name: companies.name }).from(companies);
    const settings = await again.db.execute(sql`show shared_buffers`);
    await again.close();
    expect(rows).toEqual([{ name: "Acme" }]);
    expect(JSON.stringify(settings)).toContain("16MB");
  });
});

/** A server process (`tsx src/server/main.ts`) on `dataDir`, with what it wrote to stderr. */
interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

async function startServerProcess(dataDir: string): Promise<ServerProcess> {
  const port = await closedPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, baseUrl, stderr: () => stderr, exited };
}

/** Resolves once the server answers /api/ready 200, or once it has exited ("exited"). */
async function readyOrExited(server: ServerProcess): Promise<"ready" | "exited"> {
  return waitFor(
    async () => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return "exited" as const;
      const response = await fetch(`${server.baseUrl}/api/ready`).catch(() => undefined);
      return response?.status === 200 ? ("ready" as const) : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 100 },
  );
}

/**
 * One process per embedded data directory (ADR 0036): a second server on the same DATA_DIR
 * refuses to start with one line and a non-zero exit, while the first keeps serving; a lock
 * left by a killed server does not stop a restart.
 */
describe("PGlite data directory lock", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aisleiq-pglite-lock-"));
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of started) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill("SIGKILL");
        await server.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second process on the same DATA_DIR, and starts at once after the first was killed", async () => {
    // The database is made here from the migrated dump, not by the first server (initdb in a
    // child costs about 5 CPU s and is the first group's subject): this group is about the lock.
    const made = await createDb({
      pgliteDir: path.join(dataDir, "db"),
      pgliteDump: await migratedPgliteDump(),
    });
    await made.close();
    const first = await startServerProcess(dataDir);
    started.push(first);
    expect(await readyOrExited(first)).toBe("ready");

    const second = await startServerProcess(dataDir);
    started.push(second);
    expect(await readyOrExited(second)).toBe("exited");
    expect(await second.exited).not.toBe(0);
    const lines = second.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/in use by another AisleIQ process \(pid \d+.*one process per DATA_DIR/i);
    // The first one is unharmed.
    expect((await fetch(`${first.baseUrl}/api/ready`)).status).toBe(200);

    // Killed without a chance to release its lock: the lock file stays, and does not block.
    first.child.kill("SIGKILL");
    await first.exited;
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(true);
    const third = await startServerProcess(dataDir);
    started.push(third);
    expect(await readyOrExited(third)).toBe("ready");
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
  }, 240_000);
});
