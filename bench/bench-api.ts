// `npm run bench:api` (target in the README's scripts table: ≥ 0.5× the baseline's req/s, ≤ 2× its p99): `GET /api/auth/me` with a valid session, AisleIQ against the
// raw `node:http` + driver baseline of bench/raw-auth-server.ts, in one run, on PostgreSQL
// (BENCH_DATABASE_URL, default the local test server; skipped with a note when unreachable) and
// on embedded PGlite. Each server runs in its own process, AisleIQ with request logging on at
// `info` (to /dev/null), so autocannon in this process does not share its core. Prints req/s and
// p99 of both and the ratios; the target is AisleIQ >= 0.5x the raw req/s, p99 <= 2x the raw p99.
// BENCH_DURATION (s, default 10) and BENCH_CONNECTIONS (default 50) shorten or widen the run.
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARM_UP_S = 2;

type Kind = "aisleiq" | "raw";
interface Ready {
  port: number;
  cookie: string;
}

/** Child side: opens the database, creates a user and a session, serves, reports port and cookie. */
async function serve(kind: Kind, databaseUrl: string | undefined): Promise<void> {
  const { createDb } = await import("../src/server/db/database");
  const { createSession, SESSION_COOKIE } = await import("../src/server/auth/sessions");
  const { users } = await import("../src/server/db/schema");
  const handle = await createDb({ databaseUrl });
  await handle.migrate();
  const [user] = await handle.db
    .insert(users)
    .values({
      email: `bench-${kind}-${randomBytes(4).toString("hex")}@example.com`,
      fullName: "Bench User",
      role: "admin",
    })
    .returning();
  if (!user) throw new Error("could not create the bench user");
  const session = await createSession(handle.db, user.id);
  const cookie = `${SESSION_COOKIE}=${session.token}`;
  let port: number;
  if (kind === "aisleiq") {
    const { buildApp } = await import("../src/server/app");
    const { loadConfig } = await import("../src/server/config");
    const dataDir = mkdtempSync(path.join(tmpdir(), "aisleiq-bench-"));
    process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
    const app = await buildApp(
      loadConfig({
        LOG_LEVEL: "info",
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        PUBLIC_URL: "http://localhost",
      }),
      {
        dbHandle: handle,
        serveClient: false,
      },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  } else {
    const raw = await import("./raw-auth-server");
    const query = databaseUrl
      ? raw.postgresMeQuery(databaseUrl).query
      : raw.pgliteMeQuery((handle.db as unknown as { $client: PGlite }).$client);
    ({ port } = await raw.startRawAuthServer(query, SESSION_COOKIE));
  }
  process.send?.({ port, cookie } satisfies Ready);
}

async function startChild(
  kind: Kind,
  databaseUrl: string | undefined,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_API_CHILD: kind, BENCH_API_DATABASE_URL: databaseUrl ?? "" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (message) => resolve(message as Ready));
    child.once("exit", (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return { child, ready };
}

async function measure(kind: Kind, databaseUrl: string | undefined) {
  const { child, ready } = await startChild(kind, databaseUrl);
  try {
    const options = {
      url: `http://127.0.0.1:${ready.port}/api/auth/me`,
      connections: CONNECTIONS,
      headers: { cookie: ready.cookie },
    };
    await autocannon({ ...options, duration: WARM_UP_S });
    const result = await autocannon({ ...options, duration: DURATION_S });
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      ok: result["2xx"],
      bad: result.non2xx + result.errors,
    };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
}

async function compare(label: string, databaseUrl: string | undefined): Promise<void> {
  const raw = await measure("raw", databaseUrl);
  const ours = await measure("aisleiq", databaseUrl);
  const line = (name: string, r: typeof raw) =>
    `  ${name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   (${r.ok} ok, ${r.bad} not ok)`;
  console.log(`${label}`);
  console.log(line("raw node:http + driver", raw));
  console.log(line("AisleIQ (logging info)", ours));
  const rpsRatio = ours.rps / raw.rps;
  const p99Ratio = ours.p99 / Math.max(raw.p99, 1);
  console.log(
    `  ratio                  ${rpsRatio.toFixed(2)}x req/s (target >= 0.50: ${rpsRatio >= 0.5 ? "met" : "NOT met"}), ` +
      `${p99Ratio.toFixed(2)}x p99 (target <= 2.00: ${p99Ratio <= 2 ? "met" : "NOT met"})`,
  );
}

async function main(): Promise<void> {
  console.log(
    `GET /api/auth/me with a valid session, autocannon ${CONNECTIONS} connections for ${DURATION_S} s after a ${WARM_UP_S} s warm-up`,
  );
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/test";
  const admin = new pg.Client({ connectionString: adminUrl });
  let connected = true;
  try {
    await admin.connect();
  } catch (error) {
    connected = false;
    console.log(
      `PostgreSQL skipped: cannot connect to ${new URL(adminUrl).host} (${(error as Error).message})`,
    );
  }
  if (connected) {
    const dbName = `aisleiq_bench_${process.pid}`;
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      await compare("PostgreSQL", url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(dbName)} WITH (FORCE)`);
      await admin.end();
    }
  }
  await compare("PGlite (in memory)", undefined);
}

const childKind = process.env.BENCH_API_CHILD as Kind | undefined;
if (childKind) await serve(childKind, process.env.BENCH_API_DATABASE_URL || undefined);
else await main();
