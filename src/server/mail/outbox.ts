import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DbHandle, Executor } from "../db/database";
import { emailOutbox } from "../db/schema";
import type { MailTransport } from "./transport";

/** NOTIFY channel the outbox uses to wake workers (architecture doc, "Data and reliability rules"). */
export const OUTBOX_CHANNEL = "email_outbox";
/** Attempts before a message is marked failed: with a 5 s base the retries span about 17 hours. */
export const OUTBOX_MAX_ATTEMPTS = 15;
/** Longest wait between two attempts. */
export const OUTBOX_MAX_DELAY_MS = 6 * 60 * 60 * 1000;
/** How long a claimed row stays locked to one worker while it sends. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
const BATCH_SIZE = 10;
/** Safety net: a sweep at this interval even when no NOTIFY arrives (e.g. a lost LISTEN connection). */
const SWEEP_INTERVAL_MS = 60_000;

export interface OutboxMessage {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Queues an email inside the caller's transaction, so the email exists if and only if the
 * record it is about does. `pg_notify` is transactional too: workers wake on commit.
 * @param tx the caller's transaction (or the database for a stand-alone message)
 * @returns the outbox row id
 */
export async function enqueueEmail(tx: Executor, message: OutboxMessage): Promise<number> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    })
    .returning({ id: emailOutbox.id });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  if (!row) throw new Error("outbox insert returned no row");
  return row.id;
}

/**
 * Exponential backoff for attempt `n` (1-based): base × 2^(n−1), capped at {@link OUTBOX_MAX_DELAY_MS}.
 * @param attempt number of attempts made so far (≥ 1)
 * @param baseMs first delay in milliseconds
 * @returns delay in milliseconds before the next attempt
 */
export function backoffDelay(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), OUTBOX_MAX_DELAY_MS);
}

/**
 * Delivers queued emails. Safe to run in several processes on one database: rows are claimed
 * with `FOR UPDATE SKIP LOCKED` and a lease, so each is sent by one worker at a time.
 * Wakes on NOTIFY, on {@link OutboxWorker.wake}, at the next due retry, and on a slow sweep;
 * it never busy-polls.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private sweep: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly handle: DbHandle,
    private readonly transport: MailTransport,
    private readonly options: { from: string; retryBaseMs: number; log: FastifyBaseLogger },
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten = await this.handle.listen(OUTBOX_CHANNEL, () => this.wake());
    this.sweep = setInterval(() => this.wake(), SWEEP_INTERVAL_MS);
    this.sweep.unref();
    this.wake();
  }

  /** Waits for the batch in flight, then stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.sweep) clearInterval(this.sweep);
    await this.unlisten?.();
    await this.running;
  }

  /** Asks the worker to look for due messages now (coalesces concurrent calls). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.log.error({ err: error }, "outbox drain failed"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once no batch is in flight (tests use it to wait for delivery). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) break;
      await Promise.all(batch.map((row) => this.deliver(row)));
      if (this.stopped) return;
    }
    await this.scheduleNext();
  }

  private async claim() {
    const { db } = this.handle;
    const leaseUntil = new Date(Date.now() + CLAIM_LEASE_MS);
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.status, "pending"),
            lte(emailOutbox.nextAttemptAt, sql`now()`),
            or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(emailOutbox.id))
        .limit(BATCH_SIZE)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(emailOutbox)
        .set({ lockedUntil: leaseUntil, attempts: sql`${emailOutbox.attempts} + 1` })
        .where(
          inArray(
            emailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  private async deliver(row: typeof emailOutbox.$inferSelect): Promise<void> {
    const { db } = this.handle;
    try {
      await this.transport.send({
        from: this.options.from,
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null, html: "", text: "" })
        .where(eq(emailOutbox.id, row.id));
      this.options.log.info({ outboxId: row.id, kind: row.kind, attempts: row.attempts }, "email sent");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      const delay = backoffDelay(row.attempts, this.options.retryBaseMs);
      await db
        .update(emailOutbox)
        .set({
          status: failed ? "failed" : "pending",
          lockedUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + delay),
        })
        .where(eq(emailOutbox.id, row.id));
      this.options.log.warn(
        {
          outboxId: row.id,
          kind: row.kind,
          attempts: row.attempts,
          retryInMs: failed ? null : delay,
          error: message,
        },
        failed ? "email delivery failed permanently" : "email delivery failed; will retry",
      );
    }
  }

  /** Arms one timer for the earliest pending retry, so retries happen without polling. */
  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    const [next] = await this.handle.db
      .select({
        at: sql<string>`min(greatest(${emailOutbox.nextAttemptAt}, coalesce(${emailOutbox.lockedUntil}, ${emailOutbox.nextAttemptAt})))`,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "pending"));
    if (this.timer) clearTimeout(this.timer);
    if (!next?.at) return;
    // A row due now but leased to another worker must not spin this one: wait at least 1 s then.
    const untilDue = new Date(next.at).getTime() - Date.now();
    const wait = untilDue > 0 ? Math.min(untilDue + 5, SWEEP_INTERVAL_MS) : 1000;
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }
}
