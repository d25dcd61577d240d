// `npm run bench:memory`: resident memory of the production server (`build/node/main.js`, as
// `npm start` runs it) when idle and at its peak during uploads (ADR 0020).
// Prints, in MB:
//   - idle RSS on embedded PGlite with a NEW data directory (target <= 300 MB),
//   - idle RSS on PGlite when the same directory is opened again,
//   - idle RSS on PostgreSQL (a throw-away database through BENCH_DATABASE_URL or
//     TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; skipped when unreachable),
//   - peak RSS on PGlite while five 10 MB background-check uploads run at once.
// "Idle" is read 5 s after /api/ready first answers. RSS comes from /proc/PID/status (VmRSS),
// sampled every 10 ms for the peak. Builds first when there is no build.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { MAX_FILE_BYTES } from "../src/common/limits";

const SERVER_ENTRY = "build/node/main.js";
const IDLE_SETTLE_MS = 5000;
const TARGET_IDLE_MB = 300;
const UPLOADS = 5;

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the server printed so far (log transport prints each email, links included). */
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** RSS of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      LOG_LEVEL: "info",
      NODE_ENV: "development",
      SMTP_URL: "",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, baseUrl, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`server did not become ready:\n${output}`);
}

async function stopServer(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

async function idleRss(server: RunningServer): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
  const pid = server.child.pid;
  if (pid === undefined) throw new Error("server has no pid");
  return rssMb(pid);
}

/** Creates the first admin and signs in through the link the log transport printed. */
async function signIn(server: RunningServer): Promise<string> {
  const email = "bench-admin@example.com";
  const created = await fetch(`${server.baseUrl}/api/admin/create-initial`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, fullName: "Bench Admin" }),
  });
  if (created.status !== 201) throw new Error(`create-initial answered ${created.status}`);
  const deadline = Date.now() + 10_000;
  let token: string | undefined;
  while (!token && Date.now() < deadline) {
    token = /\/verify\/([A-Za-z0-9_-]{43})/.exec(server.output())?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!token) throw new Error("no sign-in link in the server log");
  const verified = await fetch(`${server.baseUrl}/api/auth/verify-magic-link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const cookie = verified.headers.get("set-cookie")?.split(";")[0];
  if (verified.status !== 200 || !cookie) throw new Error(`verify answered ${verified.status}`);
  return cookie;
}

/** A PDF of exactly `size` bytes (magic bytes first, then padding). */
function pdfOfSize(size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size).fill(0x20);
  out.set(new TextEncoder().encode("%PDF-1.4\n%%EOF\n"));
  return out;
}

async function uploadPeak(
  server: RunningServer,
  cookie: string,
): Promise<{ peak: number; statuses: number[] }> {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error("server has no pid");
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  const file = pdfOfSize(MAX_FILE_BYTES);
  try {
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const form = new FormData();
        form.append("fullName", "Bench Admin");
        form.append("email", "bench-admin@example.com");
        form.append("files", new Blob([file], { type: "application/pdf" }), `bench-${i}.pdf`);
        const response = await fetch(`${server.baseUrl}/api/background-checks`, {
          method: "POST",
          headers: { cookie },
          body: form,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    return { peak, statuses };
  } finally {
    clearInterval(sampler);
  }
}

async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T | undefined> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/test";
  const name = `aisleiq_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL        skipped (${(error as Error).message})`);
    return undefined;
  }
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

async function main(): Promise<void> {
  if (![SERVER_ENTRY, "build/client/index.html", "build/site/index.html"].every((file) => existsSync(file))) {
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "aisleiq-bench-memory-"));
  const fmt = (mb: number) => `${mb.toFixed(0)} MB`;
  try {
    const fresh = await startServer({ DATA_DIR: dataDir });
    const freshIdle = await idleRss(fresh);
    console.log(
      `PGlite, new data directory   idle ${fmt(freshIdle)} (target <= ${TARGET_IDLE_MB} MB: ${freshIdle <= TARGET_IDLE_MB ? "met" : "NOT met"})`,
    );
    const cookie = await signIn(fresh);
    const { peak, statuses } = await uploadPeak(fresh, cookie);
    console.log(`PGlite, ${UPLOADS} x 10 MB uploads   peak ${fmt(peak)} (statuses ${statuses.join(", ")})`);
    await stopServer(fresh);

    const reopened = await startServer({ DATA_DIR: dataDir });
    console.log(`PGlite, reopened directory   idle ${fmt(await idleRss(reopened))}`);
    await stopServer(reopened);

    await withPostgresDatabase(async (url) => {
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url });
      console.log(`PostgreSQL                   idle ${fmt(await idleRss(server))}`);
      await stopServer(server);
    });
    if (statuses.some((status) => status !== 201)) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
