// `npm run bench:magic-link`: does POST /api/auth/send-magic-link take the same time for an
// address with an account as for one without (ADR 0029)? Sends BENCH_REQUESTS requests
// of each kind, interleaved, one at a time, each from its own forwarded IP and to its own
// address (so no rate limit interferes), on embedded PGlite and on PostgreSQL
// (BENCH_DATABASE_URL, default the local test server; skipped with a note when unreachable),
// BENCH_PAUSE_MS apart (default 50, so each request finds the server idle).
// Prints the median and p90 response time of each kind. A benchmark, not a test: it prints figures.
// The client runs in a worker thread: in the server's own thread, work the server does after
// replying would delay the client's reading of the reply and blur what a remote caller sees.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createDb, type DbHandle } from "../src/server/db/database";
import { users } from "../src/server/db/schema";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
/** Pause between requests in ms, so each finds the server idle (0: back to back). */
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 50);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** Client loop, in plain JavaScript for the worker: timings of known and unknown addresses, interleaved. */
const CLIENT = `
const { parentPort, workerData } = require("node:worker_threads");
const { port, total, warmUp, pauseMs } = workerData;
const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
(async () => {
  let ip = 0;
  const send = async (email) => {
    ip++;
    const started = performance.now();
    const response = await fetch("http://127.0.0.1:" + port + "/api/auth/send-magic-link", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10." + (ip >> 16) + "." + ((ip >> 8) & 255) + "." + (ip & 255) },
      body: JSON.stringify({ email }),
    });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error("send-magic-link answered " + response.status);
    return elapsed;
  };
  const known = [];
  const unknown = [];
  for (let i = 0; i < total; i++) {
    const a = await send("known" + i + "@example.com");
    await pause();
    const b = await send("unknown" + i + "@example.com");
    await pause();
    if (i >= warmUp) { known.push(a); unknown.push(b); }
  }
  parentPort.postMessage({ known, unknown });
})();
`;

function measureInWorker(port: number, total: number): Promise<{ known: number[]; unknown: number[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: { port, total, warmUp: WARM_UP, pauseMs: PAUSE_MS },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

async function run(label: string, handle: DbHandle): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aisleiq-bench-"));
  const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir, NODE_ENV: "test", TRUST_PROXY: "1" });
  const app = await buildApp(config, { dbHandle: handle, serveClient: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const total = REQUESTS + WARM_UP;
  await handle.db
    .insert(users)
    .values(
      Array.from({ length: total }, (_, i) => ({ email: `known${i}@example.com`, fullName: `Known ${i}` })),
    );

  const { known, unknown } = await measureInWorker(port, total);
  await app.ctx.tasks.idle();
  const line = (kind: string, values: number[]) =>
    `${label.padEnd(10)} ${kind.padEnd(8)} median ${quantile(values, 0.5).toFixed(2).padStart(6)} ms   p90 ${quantile(values, 0.9).toFixed(2).padStart(6)} ms`;
  console.log(line("known", known));
  console.log(line("unknown", unknown));
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `POST /api/auth/send-magic-link, ${REQUESTS} requests per kind, interleaved, one at a time, ${PAUSE_MS} ms apart`,
);
await run("PGlite", await createDb({}));

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const admin = new pg.Client({ connectionString: baseUrl });
try {
  await admin.connect();
} catch (error) {
  console.log(
    `PostgreSQL  skipped: cannot connect to ${new URL(baseUrl).host} (${(error as Error).message})`,
  );
  process.exit(0);
}
const dbName = `aisleiq_bench_${process.pid}`;
await admin.query(`CREATE DATABASE ${dbName}`);
try {
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  await handle.migrate();
  await run("PostgreSQL", handle);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
