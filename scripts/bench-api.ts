// `npm run bench:api`: autocannon against GET /api/auth/me with a valid session for 10 s at
// 50 connections, on embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local
// test server; skipped with a note when unreachable). Prints requests/s and p99 latency.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { createSession } from "../src/server/auth/sessions";
import { loadConfig } from "../src/server/config";
import { createDb, type DbHandle } from "../src/server/db/database";
import { users } from "../src/server/db/schema";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function run(label: string, handle: DbHandle): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aisleiq-bench-"));
  const app = await buildApp(loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir, NODE_ENV: "test" }), {
    dbHandle: handle,
    serveClient: false,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const [user] = await handle.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.com`, fullName: "Bench User", role: "admin" })
    .returning();
  if (!user) throw new Error("could not create the bench user");
  const session = await createSession(handle.db, user.id);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/auth/me`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { cookie: `aisleiq_session=${session.token}` },
  });
  const ok = result["2xx"];
  console.log(
    `${label.padEnd(10)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms   ` +
      `(${ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${CONNECTIONS} connections, ${DURATION_S} s)`,
  );
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `GET /api/auth/me with a valid session, autocannon ${CONNECTIONS} connections for ${DURATION_S} s`,
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
  await run("PostgreSQL", await createDb({ databaseUrl: url.toString() }));
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
