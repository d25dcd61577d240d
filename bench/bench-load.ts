// `npm run bench:load` (docs/operations.md "Load benchmark"): mixed load on PostgreSQL. Starts the server as a separate
// process (build/node/main.js when built, else src/server/main.ts through tsx) on a throw-away
// database, with an in-process SMTP sink, then runs three autocannon loads at once, splitting
// BENCH_CONNECTIONS (default 200) for BENCH_DURATION seconds (default 60):
//   GET /                      the home page (404 without a build: run `npm run build` first)
//   GET /api/auth/me           with a valid session
//   POST /api/send-get-started-email   a new lead each time
// Leads are limited to 10 per IP per 15 minutes: the server runs with NODE_ENV=production and
// TRUST_PROXY=1, so it trusts X-Forwarded-For (as behind the load balancer), and each lead comes
// from its own address.
// Nothing in the server is relaxed for the benchmark.
// Prints req/s, p50/p99 per kind and 5xx count, then waits for the outbox to drain (at most
// BENCH_DRAIN_TIMEOUT seconds, default 600) and prints leads acknowledged vs stored vs emailed.
// Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { count, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { startHeaderSink } from "../scripts/header-sink";
import { createSession } from "../src/server/auth/sessions";
import { createDb } from "../src/server/db/database";
import { emailOutbox, leads, users } from "../src/server/db/schema";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DRAIN_TIMEOUT_S = Number(process.env.BENCH_DRAIN_TIMEOUT ?? 600);
const SALES = "sales@bench.example";

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** What the counting sink saw: messages per recipient and sales notices per lead number. */
interface SinkCounts {
  /** Messages per recipient address (lower-cased). */
  byRecipient: Map<string, number>;
  /** Sales notices per lead number `n` (from the subject "New lead: Bench L<n> (…"). */
  noticesByLead: Map<number, number>;
  total: number;
}

/**
 * An SMTP sink that counts messages (tens of thousands arrive: no bodies are kept). It reads each
 * message's header block only, to tell which lead a sales notice is about.
 */
async function startCountingSink(): Promise<{ url: string; counts: SinkCounts; close(): Promise<void> }> {
  const counts: SinkCounts = { byRecipient: new Map(), noticesByLead: new Map(), total: 0 };
  const sink = await startHeaderSink((headers, recipients) => {
    counts.total++;
    for (const to of recipients) counts.byRecipient.set(to, (counts.byRecipient.get(to) ?? 0) + 1);
    const lead = /^Subject: New lead: Bench L(\d+) /m.exec(headers)?.[1];
    if (lead !== undefined) {
      const n = Number(lead);
      counts.noticesByLead.set(n, (counts.noticesByLead.get(n) ?? 0) + 1);
    }
  });
  return { url: `smtp://127.0.0.1:${sink.port}`, counts, close: sink.close };
}

async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server not ready within 120 s");
}

interface KindResult {
  label: string;
  result: autocannon.Result;
}

function printKind({ label, result }: KindResult): void {
  const fiveXx = result["5xx"];
  console.log(
    `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   ` +
      `p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   ` +
      `2xx ${String(result["2xx"]).padStart(7)}   4xx ${String(result["4xx"]).padStart(5)}   5xx ${String(fiveXx).padStart(5)}   ` +
      `errors ${result.errors}, timeouts ${result.timeouts}`,
  );
}

const baseDbUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const admin = new pg.Client({ connectionString: baseDbUrl });
admin.on("error", () => {});
try {
  await admin.connect();
} catch (error) {
  console.error(
    `bench:load needs PostgreSQL: cannot connect to ${new URL(baseDbUrl).host} (${(error as Error).message})`,
  );
  process.exit(1);
}
const dbName = `aisleiq_bench_load_${process.pid}`;
await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)}`);
const dbUrl = new URL(baseDbUrl);
dbUrl.pathname = `/${dbName}`;

const sink = await startCountingSink();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "aisleiq-bench-load-"));
const built = existsSync("build/node/main.js");
const entry = built ? ["build/node/main.js"] : ["--import", "tsx", "src/server/main.ts"];
const child = spawn(process.execPath, entry, {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    // Production refuses public gate passwords and http (docs/operations.md "Production checks").
    ALLOW_HTTP_PUBLIC_URL: "true",
    EVENTS_PASSWORD: "bench-events-password",
    CHANNEL_PARTNER_PASSWORD: "bench-partner-password",
    TRUST_PROXY: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    SALES_EMAIL: SALES,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
  },
});

const handle = await createDb({ databaseUrl: dbUrl.toString() });
try {
  await waitUntilReady(baseUrl, child);
  const [user] = await handle.db
    .insert(users)
    .values({ email: "bench-admin@bench.example", fullName: "Bench Admin", role: "admin" })
    .returning();
  if (!user) throw new Error("could not create the bench user");
  const session = await createSession(handle.db, user.id);
  const home = await fetch(`${baseUrl}/`);
  console.log(
    `server: ${built ? "build/node/main.js" : "src/server/main.ts (tsx; no build)"}, PostgreSQL ${new URL(baseDbUrl).host}/${dbName}; ` +
      `GET / answers ${home.status}${home.status === 404 ? " (no client build: run `npm run build`)" : ""}`,
  );
  await home.arrayBuffer();

  const perKind = Math.max(1, Math.floor(CONNECTIONS / 3));
  console.log(`autocannon: ${perKind * 3} connections (${perKind} per kind) for ${DURATION_S} s\n`);
  let leadCounter = 0;
  const acknowledged: Array<{ n: number; id: number }> = [];
  const common = { connections: perKind, duration: DURATION_S, timeout: 30 };
  const [homeResult, meResult, leadResult] = await Promise.all([
    autocannon({ ...common, url: `${baseUrl}/` }),
    autocannon({
      ...common,
      url: `${baseUrl}/api/auth/me`,
      headers: { cookie: `aisleiq_session=${session.token}` },
    }),
    autocannon({
      ...common,
      url: `${baseUrl}/api/send-get-started-email`,
      requests: [
        {
          method: "POST",
          setupRequest: (request, context) => {
            const n = leadCounter++;
            (context as { n: number }).n = n;
            const email = `lead-${n}@bench.example`;
            return {
              ...request,
              headers: {
                "content-type": "application/json",
                "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              },
              body: JSON.stringify({
                firstName: "Bench",
                lastName: `L${n}`,
                company: "Load Test Foods",
                phone: "+1 314 555 0100",
                email,
                planTitle: "Optimal",
              }),
            };
          },
          onResponse: (status, body, context) => {
            if (status !== 201) return;
            const id = (JSON.parse(body) as { id: number }).id;
            acknowledged.push({ n: (context as { n: number }).n, id });
          },
        },
      ],
    }),
  ]);
  const results: KindResult[] = [
    { label: "GET /", result: homeResult },
    { label: "GET /api/auth/me", result: meResult },
    { label: "POST /api/send-get-started-email", result: leadResult },
  ];
  for (const kind of results) printKind(kind);
  const total = results.reduce((sum, { result }) => sum + result.requests.average, 0);
  const fiveXx = results.reduce((sum, { result }) => sum + result["5xx"], 0);
  console.log(`${"all".padEnd(34)} ${total.toFixed(0).padStart(6)} req/s   5xx ${fiveXx}`);

  // Leads acknowledged vs stored vs emailed (visitor confirmation and sales notice each).
  const stored =
    acknowledged.length === 0
      ? []
      : await handle.db
          .select({ id: leads.id, email: leads.email })
          .from(leads)
          .where(
            inArray(
              leads.id,
              acknowledged.map((lead) => lead.id),
            ),
          );
  const { counts } = sink;
  const confirmationsOf = (lead: { n: number }) =>
    counts.byRecipient.get(`lead-${lead.n}@bench.example`) ?? 0;
  const noticesOf = (lead: { n: number }) => counts.noticesByLead.get(lead.n) ?? 0;
  const emailed = () =>
    acknowledged.filter((lead) => confirmationsOf(lead) > 0 && noticesOf(lead) > 0).length;
  const drainStart = Date.now();
  let last = -1;
  while (Date.now() - drainStart < DRAIN_TIMEOUT_S * 1000) {
    const now = emailed();
    if (now >= acknowledged.length) break;
    if (now !== last) {
      process.stdout.write(`\rdraining the outbox: ${now} of ${acknowledged.length} leads fully emailed   `);
      last = now;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const drainS = (Date.now() - drainStart) / 1000;
  // Let stragglers (e.g. leads stored as the load stopped) arrive before counting duplicates.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const [tableRows] = await handle.db.select({ n: count() }).from(leads);
  const [sentRows] = await handle.db
    .select({ n: count() })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "sent"));
  const twice = acknowledged.filter((lead) => confirmationsOf(lead) > 1 || noticesOf(lead) > 1).length;
  console.log(
    `\nleads: acknowledged ${acknowledged.length}, stored ${stored.length}, emailed ${emailed()} ` +
      `(confirmation and sales notice both delivered; outbox drained ${drainS.toFixed(0)} s after the load)`,
  );
  console.log(
    `emails: ${counts.total} received by the sink for ${sentRows?.n ?? 0} outbox rows marked sent; ` +
      `${twice} acknowledged leads emailed more than once; the leads table holds ${tableRows?.n ?? 0} rows ` +
      "(requests still queued when the load stopped are stored but not counted as acknowledged)",
  );
} finally {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await handle.close();
  await sink.close();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(dbName)} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
