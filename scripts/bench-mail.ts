// `npm run bench:mail`: the email outbox of one process against a local SMTP sink (ADR 0012).
// Queues BENCH_MAIL_BACKLOG (default 5,000) lead emails, then one sign-in email every ~100 ms
// while the backlog drains. Prints emails/s and the sign-in emails' latency (enqueue → accepted
// by the sink) p50/p99/max, plus duplicates seen by the sink. Targets: ≥ 500 emails/s and a
// sign-in p99 < 2 s. Runs on PostgreSQL (a throw-away database created through
// TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and, with
// BENCH_MAIL_PGLITE=1, on embedded PGlite too. The sink runs in a child process, so the figures
// are the outbox process's alone.
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import pino from "pino";
import { magicLinkEmail } from "../src/server/auth/emails";
import { createDb, type DbHandle } from "../src/server/db/database";
import { emailOutbox } from "../src/server/db/schema";
import { leadNoticeEmail } from "../src/server/leads/emails";
import { enqueueEmail, OutboxWorker, priorityOf } from "../src/server/mail/outbox";
import { createMailTransport } from "../src/server/mail/transport";

const BACKLOG = Number(process.env.BENCH_MAIL_BACKLOG ?? 5000);
const SIGN_IN_EVERY_MS = 100;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const FROM = "AisleIQ <no-reply@aisleiq.test>";

type SinkMessage =
  | { type: "ready"; port: number }
  | { type: "signIn"; to: string; at: number }
  | { type: "progress"; count: number; duplicates: number; firstAt: number; lastAt: number };

/** Child side: an SMTP server that counts messages and reports sign-in arrivals. */
async function sink(): Promise<void> {
  const { startHeaderSink } = await import("./header-sink");
  const seen = new Set<string>();
  let count = 0;
  let duplicates = 0;
  let firstAt = 0;
  let lastAt = 0;
  const { port } = await startHeaderSink((headers, recipients) => {
    const at = Date.now();
    count++;
    firstAt ||= at;
    lastAt = at;
    const id = /^Message-ID:[ \t]*(\S+)/im.exec(headers)?.[1] ?? "";
    if (seen.has(id)) duplicates++;
    seen.add(id);
    const to = recipients[0] ?? "";
    if (to.startsWith("signin-")) process.send?.({ type: "signIn", to, at } satisfies SinkMessage);
  });
  process.send?.({ type: "ready", port } satisfies SinkMessage);
  setInterval(() => {
    process.send?.({ type: "progress", count, duplicates, firstAt, lastAt } satisfies SinkMessage);
  }, 100);
  process.on("disconnect", () => process.exit(0));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function run(label: string, handle: DbHandle): Promise<void> {
  await handle.migrate();
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ["sink"], {
    execArgv: process.execArgv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let progress = { count: 0, duplicates: 0, firstAt: 0, lastAt: 0 };
  const arrivals = new Map<string, number>();
  const port = await new Promise<number>((resolve) => {
    child.on("message", (message: SinkMessage) => {
      if (message.type === "ready") resolve(message.port);
      else if (message.type === "signIn") arrivals.set(message.to, message.at);
      else progress = message;
    });
  });
  // The backlog is queued before the worker starts (rows as enqueueEmail writes them, inserted
  // 500 at a time), so the figures measure delivery, not this script's inserts.
  const queueStarted = Date.now();
  const lead = {
    firstName: "Bench",
    lastName: "Lead",
    company: "Bench Grocers",
    phone: "+1 555 0100",
    email: "bench.lead@example.com",
    planTitle: "Optimal" as const,
  };
  for (let i = 0; i < BACKLOG; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(i + 500, BACKLOG); j++) {
      const mail = leadNoticeEmail(lead, j + 1, "http://localhost:3000");
      rows.push({
        kind: "lead",
        toAddress: `sales+${j}@example.com`,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        language: mail.language,
        replyTo: mail.replyTo,
        messageId: randomUUID(),
        priority: priorityOf("lead"),
      });
    }
    await handle.db.insert(emailOutbox).values(rows);
  }
  const enqueuedMs = Date.now() - queueStarted;

  const log = pino({ level: "warn" }) as unknown as FastifyBaseLogger;
  // BENCH_MAIL_CONNECTIONS sets the pool size (the app's default: 5, see mail/transport.ts).
  const pool = process.env.BENCH_MAIL_CONNECTIONS
    ? `?maxConnections=${process.env.BENCH_MAIL_CONNECTIONS}`
    : "";
  const transport = createMailTransport(`smtp://127.0.0.1:${port}${pool}`, log);
  const worker = new OutboxWorker(handle, transport, { from: FROM, retryBaseMs: 5000, log });
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  await worker.start();

  const queuedAt = new Map<string, number>();
  let n = 0;
  // Sign-in emails keep coming while lead emails are still waiting.
  while (progress.count - arrivals.size < BACKLOG) {
    const to = `signin-${n++}@example.com`;
    queuedAt.set(to, Date.now());
    const mail = magicLinkEmail({
      publicUrl: "http://aisleiq.test",
      token: randomBytes(32).toString("base64url"),
      code: "123456",
      fullName: "Bench User",
    });
    await enqueueEmail(handle.db, { kind: "magic_link", to, ...mail });
    await new Promise((resolve) => setTimeout(resolve, SIGN_IN_EVERY_MS));
    if (Date.now() - started > 10 * 60_000) throw new Error("backlog not drained within 10 minutes");
  }
  const total = BACKLOG + queuedAt.size;
  while (progress.count < total || arrivals.size < queuedAt.size) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await worker.stop();
  const cpu = process.cpuUsage(cpuBefore);
  transport.close();
  child.disconnect();

  const latencies = [...queuedAt]
    .map(([to, at]) => (arrivals.get(to) ?? Number.NaN) - at)
    .sort((a, b) => a - b);
  const drainS = (progress.lastAt - started) / 1000;
  const fmt = (ms: number) => `${Math.round(ms)} ms`;
  console.log(
    [
      `${label}: ${total} emails (${BACKLOG} leads queued beforehand in ${(enqueuedMs / 1000).toFixed(1)} s + ${queuedAt.size} sign-in) delivered in ${drainS.toFixed(1)} s`,
      `  throughput: ${Math.round(total / drainS)} emails/s (first → last delivery: ${Math.round(total / ((progress.lastAt - progress.firstAt) / 1000))} emails/s); target ≥ 500`,
      `  sign-in latency: p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}, max ${fmt(latencies.at(-1) ?? Number.NaN)}; target p99 < 2000 ms`,
      `  duplicates seen by the sink: ${progress.duplicates}; outbox process CPU: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
    ].join("\n"),
  );
}

async function onPostgres(): Promise<void> {
  const name = `aisleiq_bench_mail_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } catch (error) {
    console.log(`PostgreSQL: skipped (${(error as Error).message})`);
    await admin.end().catch(() => {});
    return;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  try {
    await run("PostgreSQL", handle);
  } finally {
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  await onPostgres();
  if (process.env.BENCH_MAIL_PGLITE === "1") {
    const lite = await createDb({});
    try {
      await run("PGlite", lite);
    } finally {
      await lite.close();
    }
  }
}

if (process.argv[2] === "sink") {
  await sink();
} else {
  await main();
  process.exit(0);
}
