import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { Database, DbHandle } from "../../src/server/db/database";
import { emailOutbox } from "../../src/server/db/schema";
import {
  enqueueEmail,
  type OutboxKind,
  type OutboxOptions,
  OutboxWorker,
} from "../../src/server/mail/outbox";
import { createMailTransport, type MailTransport } from "../../src/server/mail/transport";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { testBackends } from "./support/database";
import { type DatabaseRef, resetDatabase, useTestDatabase } from "./support/fixture";
import { closedPort, waitFor } from "./support/test-app";

/**
 * The outbox's delivery guarantees (ADR 0012): a message SMTP accepted is never sent
 * again because the database failed to record it; every attempt carries the row's Message-ID;
 * sign-in emails overtake bulk mail; delivery resumes within seconds of an SMTP outage's end.
 */

const FROM = "AisleIQ <no-reply@aisleiq.test>";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pino logger that keeps every line it writes, for assertions on what an outage logs. */
function capturingLogger(): { log: FastifyBaseLogger; lines: Array<{ level: number; msg: string }> } {
  const lines: Array<{ level: number; msg: string }> = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log: log as unknown as FastifyBaseLogger, lines };
}

const silent = pino({ level: "silent" }) as unknown as FastifyBaseLogger;

/**
 * A database handle whose queries all fail like a lost PostgreSQL connection while `down`
 * is set (the LISTEN subscription keeps working, as the real one reconnects). `failure` makes the
 * error each query rejects with (default: a 57P01 admin shutdown).
 */
function outageHandle(
  handle: DbHandle,
  failure: () => Error = () =>
    Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }),
): { handle: DbHandle; setDown(down: boolean): void } {
  let down = false;
  // A query builder whose every method returns itself and which rejects when awaited.
  const failing: object = new Proxy(() => {}, {
    get: (_target, property) =>
      property === "then"
        ? (_resolve: unknown, reject: (error: unknown) => void) => reject(failure())
        : () => failing,
    apply: () => failing,
  });
  const entryPoints = new Set(["select", "update", "insert", "delete", "execute", "transaction"]);
  const db = new Proxy(handle.db, {
    get(target, property, receiver) {
      if (down && typeof property === "string" && entryPoints.has(property)) return () => failing;
      return Reflect.get(target, property, receiver);
    },
  }) as Database;
  return {
    handle: { ...handle, db },
    setDown(value) {
      down = value;
    },
  };
}

/**
 * Makes the database refuse every UPDATE that sets an outbox row to `sent` while
 * `outbox_fault.down` is true, counting refusals in the sequence `outbox_fault_refusals`.
 * Everything else (claims, lease renewals, failure records) keeps working.
 */
async function installSentMarkFault(db: Database): Promise<void> {
  await db.execute(sql.raw("create table outbox_fault (down boolean not null)"));
  await db.execute(sql.raw("insert into outbox_fault values (true)"));
  await db.execute(sql.raw("create sequence outbox_fault_refusals"));
  await db.execute(
    sql.raw(`create function outbox_fault_check() returns trigger language plpgsql as $$
      begin
        if new.status = 'sent' and old.status <> 'sent' and (select down from outbox_fault) then
          perform nextval('outbox_fault_refusals');
          raise exception 'could not write to the database' using errcode = '08006';
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(
      "create trigger outbox_fault before update on email_outbox for each row execute function outbox_fault_check()",
    ),
  );
}

async function setSentMarkFault(db: Database, down: boolean): Promise<void> {
  await db.execute(sql`update outbox_fault set down = ${down}`);
}

async function sentMarkRefusals(db: Database): Promise<number> {
  const result = (await db.execute(sql.raw("select last_value, is_called from outbox_fault_refusals"))) as {
    rows: Array<{ last_value: string | number; is_called: boolean }>;
  };
  const row = result.rows[0];
  return row?.is_called ? Number(row.last_value) : 0;
}

async function removeSentMarkFault(db: Database): Promise<void> {
  await db.execute(sql.raw("drop trigger if exists outbox_fault on email_outbox"));
  await db.execute(sql.raw("drop function if exists outbox_fault_check()"));
  await db.execute(sql.raw("drop table if exists outbox_fault"));
  await db.execute(sql.raw("drop sequence if exists outbox_fault_refusals"));
}

/**
 * A database handle on which the outbox's release of a row after a failed send (the UPDATE that
 * clears `locked_until` and records `last_error`) reaches the database at once but its answer
 * comes back `delayMs` late, as over a slow network: the lease heartbeat ticks in between.
 */
function slowReleaseHandle(handle: DbHandle, delayMs: number): DbHandle {
  const db = new Proxy(handle.db, {
    get(target, property, receiver) {
      if (property !== "update") return Reflect.get(target, property, receiver);
      return (table: Parameters<Database["update"]>[0]) => {
        const builder = target.update(table);
        return new Proxy(builder, {
          get(updateTarget, name, updateReceiver) {
            if (name !== "set") return Reflect.get(updateTarget, name, updateReceiver);
            return (values: Record<string, unknown>) => {
              const set = updateTarget.set(values);
              const isRelease =
                values.lockedUntil === null && "lastError" in values && values.status === "pending";
              if (!isRelease) return set;
              return {
                where: (condition: Parameters<typeof set.where>[0]) => {
                  const query = set.where(condition);
                  return {
                    // biome-ignore lint/suspicious/noThenProperty: a thenable standing in for the query
                    then: (resolve: (value: unknown) => void, reject: (error: unknown) => void) =>
                      query
                        .then(async (result) => {
                          await sleep(delayMs);
                          return result;
                        })
                        .then(resolve, reject),
                  };
                },
              };
            };
          },
        });
      };
    },
  }) as Database;
  return { ...handle, db };
}

function enqueue(db: Database, kind: OutboxKind, to: string) {
  return enqueueEmail(db, {
    kind,
    to,
    subject: `${kind} for ${to}`,
    html: `<p>${kind}</p>`,
    text: kind,
    language: "en",
  });
}

async function rowOf(db: Database, id: number) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

describe.each(testBackends())("email outbox guarantees on $name", (backend) => {
  const database: DatabaseRef = useTestDatabase(backend);
  const cleanups: Array<() => Promise<void> | void> = [];

  /** Starts a worker on `handle`, stopped (and its transport closed) after the test. */
  async function startWorker(
    transport: MailTransport,
    options: Partial<OutboxOptions> = {},
    handle: DbHandle = database.handle,
  ): Promise<OutboxWorker> {
    const worker = new OutboxWorker(handle, transport, {
      from: FROM,
      retryBaseMs: 50,
      log: silent,
      ...options,
    });
    cleanups.push(async () => {
      await worker.stop();
      transport.close();
    });
    await worker.start();
    return worker;
  }

  const sinks: SmtpSink[] = [];
  async function sink(port?: number): Promise<SmtpSink> {
    const started = await startSmtpSink(port);
    sinks.push(started);
    return started;
  }

  afterEach(async () => {
    // Workers and their SMTP pools first: a sink waits for its open connections when closing.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    for (const started of sinks.splice(0)) await started.close();
    await removeSentMarkFault(database.db);
    await resetDatabase(database.db);
  });

  it("sends once when the database dies right after SMTP accepted, and records it sent when it is back", async () => {
    const smtp = await sink();
    const outage = outageHandle(database.handle);
    const { log, lines } = capturingLogger();
    const real = createMailTransport(smtp.url, silent);
    // The database goes away between SMTP's acceptance and the "sent" mark.
    const transport: MailTransport = {
      ...real,
      async send(message) {
        await real.send(message);
        outage.setDown(true);
      },
    };
    const worker = await startWorker(transport, { leaseMs: 400, log }, outage.handle);

    const id = await enqueue(database.db, "magic_link", "outage@example.com");
    await smtp.nextEmail("outage@example.com");
    // The outage outlasts the lease several times over: the row is claimable again meanwhile.
    await sleep(2000);
    expect((await rowOf(database.db, id)).status).toBe("pending");
    outage.setDown(false);
    // As the LISTEN connection does on reconnecting: the claim runs at once, while the lease is
    // still expired and before the mark is retried.
    worker.wake();

    const row = await waitFor(async () => {
      const current = await rowOf(database.db, id);
      return current.status === "sent" && current;
    });
    expect(row).toMatchObject({ status: "sent", lockedUntil: null, lastError: null, html: "", text: "" });
    await sleep(500);
    expect(smtp.emailsTo("outage@example.com")).toHaveLength(1);
    // One warning for the whole outage, no error and no stack.
    const warnings = lines.filter((line) => line.msg.includes("database unavailable"));
    expect(warnings).toHaveLength(1);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.some((line) => line.msg.includes("database answers again"))).toBe(true);
  });

  it("logs node-postgres's code-less 'Connection terminated unexpectedly' as one outage warn, not as a bug", async () => {
    const smtp = await sink();
    // Exactly what node-postgres rejects with when PostgreSQL restarts under a query: no code, no severity.
    const outage = outageHandle(database.handle, () => new Error("Connection terminated unexpectedly"));
    const { log, lines } = capturingLogger();
    const worker = await startWorker(createMailTransport(smtp.url, silent), { log }, outage.handle);
    // The start's first drains finish on a database that answers; then it goes away.
    await worker.idle();
    outage.setDown(true);
    // Three wakes during the outage (the restart under load that logged three error lines).
    const id = await enqueue(database.db, "magic_link", "restart@example.com");
    await enqueue(database.db, "lead", "restart-bulk@example.com");
    worker.wake();
    await waitFor(() => lines.some((line) => line.msg.includes("database unavailable")));
    worker.wake();
    await worker.idle();
    outage.setDown(false);
    worker.wake();
    await waitFor(async () => (await rowOf(database.db, id)).status === "sent");
    await waitFor(() => lines.some((line) => line.msg.includes("database answers again")));

    const warnings = lines.filter((line) => line.msg.includes("database unavailable"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, db: { message: "Connection terminated unexpectedly" } });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(smtp.emailsTo("restart@example.com")).toHaveLength(1);
  });

  it("never sends a message twice when its lease runs out while this worker is still sending it", async () => {
    const smtp = await sink();
    const outage = outageHandle(database.handle);
    const real = createMailTransport(smtp.url, silent);
    let sends = 0;
    // The first send stalls: meanwhile the lease cannot be renewed (the database is unreachable
    // for this worker) and runs out, the database answers again, and the other lane (bulk serves
    // urgent rows too) claims the row again while the first send is still in flight.
    let worker: OutboxWorker | undefined;
    const transport: MailTransport = {
      ...real,
      async send(message) {
        sends++;
        if (sends === 1) {
          outage.setDown(true);
          await waitFor(async () => {
            const { lockedUntil } = await rowOf(database.db, id);
            return lockedUntil !== null && lockedUntil < new Date();
          });
          outage.setDown(false);
          worker?.wake();
          await waitFor(async () => (await rowOf(database.db, id)).attempts >= 2);
        }
        await real.send(message);
      },
    };
    worker = await startWorker(transport, { leaseMs: 300 }, outage.handle);
    const id = await enqueue(database.db, "magic_link", "stall@example.com");
    const row = await waitFor(async () => {
      const current = await rowOf(database.db, id);
      return current.status === "sent" && current;
    });
    expect(row.status).toBe("sent");
    await worker.idle();
    expect(sends).toBe(1);
    expect(smtp.emailsTo("stall@example.com")).toHaveLength(1);
  });

  it("holds the lease while the sent mark is refused, so a second worker does not resend", async () => {
    const smtp = await sink();
    await installSentMarkFault(database.db);
    const options = { leaseMs: 1500 };
    await startWorker(createMailTransport(smtp.url, silent), options);
    await startWorker(createMailTransport(smtp.url, silent), options);

    const id = await enqueue(database.db, "magic_link", "held@example.com");
    await smtp.nextEmail("held@example.com");
    await waitFor(async () => (await sentMarkRefusals(database.db)) >= 3);
    // Three lease periods with the mark refused: neither worker sends it again (renewed every 500 ms).
    await sleep(4500);
    expect(smtp.emailsTo("held@example.com")).toHaveLength(1);
    expect((await rowOf(database.db, id)).status).toBe("pending");

    await setSentMarkFault(database.db, false);
    const row = await waitFor(async () => {
      const current = await rowOf(database.db, id);
      return current.status === "sent" && current;
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    await sleep(300);
    expect(smtp.emailsTo("held@example.com")).toHaveLength(1);
  });

  it("resends with the same Message-ID only when the worker holding the mark goes away", async () => {
    const smtp = await sink();
    await installSentMarkFault(database.db);
    const { log, lines } = capturingLogger();
    const firstTransport = createMailTransport(smtp.url, silent);
    cleanups.push(() => firstTransport.close());
    const first = new OutboxWorker(database.handle, firstTransport, {
      from: FROM,
      retryBaseMs: 50,
      leaseMs: 500,
      log,
    });
    await first.start();
    const id = await enqueue(database.db, "magic_link", "twice@example.com");
    const original = await smtp.nextEmail("twice@example.com");
    await waitFor(async () => (await sentMarkRefusals(database.db)) >= 1);
    await first.stop();
    expect(lines.some((line) => line.msg.includes("may be sent once more"))).toBe(true);

    // A second process takes over once the lease has expired.
    await startWorker(createMailTransport(smtp.url, silent), { leaseMs: 500 });
    const copy = await smtp.nextEmail("twice@example.com");
    expect(copy.messageId).toBe(original.messageId);
    await setSentMarkFault(database.db, false);
    await waitFor(async () => (await rowOf(database.db, id)).status === "sent");
    expect(smtp.emailsTo("twice@example.com")).toHaveLength(2);
  });

  it("delivers every email promptly and once when SMTP refused it and the lease heartbeat ran while the release was on its way", async () => {
    const smtp = await sink();
    const emails = Array.from({ length: 10 }, (_, index) => `lease-${index}@example.com`);
    smtp.refuseNext(emails.length);
    // Heartbeat every 3 s; each release answers 3.1 s late, so a heartbeat runs in between.
    const leaseMs = 9000;
    await startWorker(
      createMailTransport(smtp.url, silent),
      { leaseMs, concurrency: emails.length },
      slowReleaseHandle(database.handle, 3100),
    );
    const started = Date.now();
    for (const email of emails) await enqueue(database.db, "magic_link", email);

    // One refusal each, then a retry 50 ms later: all delivered long before a lease runs out.
    await waitFor(() => emails.every((email) => smtp.emailsTo(email).length > 0), { timeoutMs: leaseMs });
    expect(Date.now() - started).toBeLessThan(leaseMs);
    await waitFor(async () => {
      const rows = await database.db.select().from(emailOutbox);
      return rows.length === emails.length && rows.every((row) => row.status === "sent");
    });
    expect(smtp.refusedCount).toBe(emails.length);
    for (const email of emails) expect(smtp.emailsTo(email)).toHaveLength(1);
  });

  it("uses the row's Message-ID on every attempt", async () => {
    const smtp = await sink();
    smtp.refuseNext(1);
    await startWorker(createMailTransport(smtp.url, silent));
    const id = await enqueue(database.db, "invitation", "same-id@example.com");
    const mail = await smtp.nextEmail("same-id@example.com");
    const row = await rowOf(database.db, id);
    expect(mail.messageId).toBe(`<${row.messageId}@aisleiq.test>`);
    expect(smtp.refused.map((refused) => refused.messageId)).toEqual([mail.messageId]);
    const other = await enqueue(database.db, "invitation", "other-id@example.com");
    const otherMail = await smtp.nextEmail("other-id@example.com");
    expect(otherMail.messageId).toBe(`<${(await rowOf(database.db, other)).messageId}@aisleiq.test>`);
    expect(otherMail.messageId).not.toBe(mail.messageId);
  });

  it("delivers a sign-in email queued behind a bulk backlog before the backlog drains", async () => {
    const smtp = await sink();
    const backlog = 600;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < backlog; i++)
        await enqueue(tx as unknown as Database, "lead", `sales+${i}@example.com`);
    });
    // Already queued when the worker starts: the sign-in email, queued last, goes out among the first.
    await enqueue(database.db, "magic_link", "first@example.com");
    await startWorker(createMailTransport(smtp.url, silent));
    await smtp.nextEmail("first@example.com");
    const firstPosition = smtp.received.findIndex((mail) => mail.to.includes("first@example.com"));
    expect(firstPosition).toBeLessThan(10);

    // Queued while the backlog is draining: it does not wait for the rest of the backlog.
    await waitFor(() => smtp.received.length >= 50);
    await enqueue(database.db, "magic_link", "while-busy@example.com");
    await smtp.nextEmail("while-busy@example.com");
    const bulkBefore = smtp.received.filter((mail) => mail.subject.startsWith("lead")).length;
    expect(bulkBefore).toBeLessThan(backlog / 2);
    await waitFor(() => smtp.received.length === backlog + 2, { timeoutMs: 30_000 });
  });

  it("resumes delivery within seconds of an SMTP outage's end, long before the backoff", async () => {
    const port = await closedPort();
    // Backoff says: next attempt in a minute.
    await startWorker(createMailTransport(`smtp://127.0.0.1:${port}`, silent), { retryBaseMs: 60_000 });
    const id = await enqueue(database.db, "magic_link", "back@example.com");
    const waiting = await waitFor(async () => {
      const row = await rowOf(database.db, id);
      return row.lastError !== null && row.lockedUntil === null && row;
    });
    expect(waiting.attempts).toBe(1);
    expect(waiting.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    // The outage goes on for a while (probes fail meanwhile), then SMTP is back.
    await sleep(1500);
    const smtp = await sink(port);
    const backAt = Date.now();
    await smtp.nextEmail("back@example.com", 15_000);
    expect(Date.now() - backAt).toBeLessThan(10_000);
    const sent = await waitFor(async () => {
      const row = await rowOf(database.db, id);
      return row.status === "sent" && row;
    });
    // One more attempt, not a loop of them.
    expect(sent.attempts).toBe(2);
  });

  it("does not retry every second while SMTP greets but keeps refusing mail with 421", async () => {
    const smtp = await sink();
    smtp.refuseNext(1000, 421);
    // Probes succeed (the server greets) yet every send fails: the probe's backoff keeps growing.
    await startWorker(createMailTransport(smtp.url, silent), {
      retryBaseMs: 60_000,
      probeMinMs: 100,
      probeMaxMs: 1600,
    });
    const id = await enqueue(database.db, "magic_link", "refused@example.com");
    await sleep(4000);
    const row = await rowOf(database.db, id);
    expect(row.status).toBe("pending");
    // Probe waits 100, 200, 400, 800, 1600 ms: about 6 attempts in 4 s, not one per 100–200 ms.
    expect(row.attempts).toBeGreaterThanOrEqual(3);
    expect(row.attempts).toBeLessThanOrEqual(8);

    smtp.refuseNext(0);
    await smtp.nextEmail("refused@example.com", 5000);
  });
});
