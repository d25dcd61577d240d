import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Language } from "../../common/languages";
import {
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_MAX_DELAY_MS,
  OUTBOX_PROBE_MAX_MS,
  OUTBOX_PROBE_MIN_MS,
  OUTBOX_SWEEP_INTERVAL_MS,
} from "../../common/limits";
import type { DbHandle, Executor } from "../db/database";
import { describeDbError, isConnectionError, safeError } from "../db/faults";
import { emailOutbox } from "../db/schema";
import type { MailMessage, MailTransport } from "./transport";

/** NOTIFY channel the outbox uses to wake workers (docs/architecture.md#data-and-reliability-rules). */
export const OUTBOX_CHANNEL = "email_outbox";

/**
 * The kinds of outbox row the app writes. The kind sets its priority ({@link priorityOf}):
 * sign-in and invitation emails go before bulk mail (ADR 0012); any other kind is bulk.
 */
export type OutboxKind =
  | "magic_link"
  | "account_deactivated"
  | "invitation"
  | "lead"
  | "lead_confirmation"
  | "demo_registration"
  | "demo_registration_confirmation"
  | "check_decision"
  | "check_authorization_receipt"
  | "check_pre_adverse_notice"
  | "check_dispute_filed"
  | "check_final_notice"
  | "passkey_added"
  | "passkey_removed"
  | "lead_webhook"
  | "demo_registration_webhook";

/**
 * Priorities of the outbox (`email_outbox.priority`; lower is sooner). Rows at `webhook` and above
 * are not emails: the webhook lane posts them through {@link OutboxOptions.webhook} (ADR 0051).
 */
export const OUTBOX_PRIORITY = { signIn: 0, invitation: 10, bulk: 100, webhook: 200 } as const;

const KIND_PRIORITY: Record<string, number> = {
  magic_link: OUTBOX_PRIORITY.signIn,
  account_deactivated: OUTBOX_PRIORITY.signIn,
  invitation: OUTBOX_PRIORITY.invitation,
  lead: OUTBOX_PRIORITY.bulk,
  lead_confirmation: OUTBOX_PRIORITY.bulk,
  demo_registration: OUTBOX_PRIORITY.bulk,
  demo_registration_confirmation: OUTBOX_PRIORITY.bulk,
  // Security notices (ADR 0061): ahead of bulk mail, after sign-in links.
  passkey_added: OUTBOX_PRIORITY.invitation,
  passkey_removed: OUTBOX_PRIORITY.invitation,
  lead_webhook: OUTBOX_PRIORITY.webhook,
  demo_registration_webhook: OUTBOX_PRIORITY.webhook,
};

/**
 * The priority of an email of `kind`: 0 for sign-in links, 10 for invitations, 100 for bulk
 * (lead notices and confirmations, demo registrations, and any kind not listed). Rows below 100
 * also have their own claim loop, so they never wait for a bulk batch in flight. The CRM webhook's
 * kinds are 200: their own loop, never in an email batch (ADR 0051).
 */
export function priorityOf(kind: OutboxKind | (string & {})): number {
  return KIND_PRIORITY[kind] ?? OUTBOX_PRIORITY.bulk;
}

/** How a worker is tuned; every field but `from`, `retryBaseMs` and `log` has a production default. */
export interface OutboxOptions {
  /** `MAIL_FROM`; its domain is the right-hand side of each `Message-ID`. */
  from: string;
  /** First retry delay after a failed attempt, in ms; doubles per attempt. */
  retryBaseMs: number;
  log: FastifyBaseLogger;
  /** How long a claimed row stays locked to this worker, in ms; renewed while it holds the row. Default 2 min. */
  leaseMs?: number;
  /** Rows per bulk claim. Default 100. */
  batchSize?: number;
  /** Messages sent at once per claim loop. Default: the transport's concurrency (SMTP pool size). */
  concurrency?: number;
  /** First and longest wait between two SMTP probes while the transport is failing, in ms. Default 1 s and 30 s. */
  probeMinMs?: number;
  probeMaxMs?: number;
  /**
   * Work the sweep does besides waking the claim loops, at start and every
   * {@link OUTBOX_SWEEP_INTERVAL_MS}: the app passes the auth module's stored magic-link requests
   * (ADR 0029). One run at a time; a failure is logged (without query text; a database outage
   * once) and retried at the next sweep; `stop()` waits for a run in flight. When it resolves to
   * a {@link SweepResult} with `sweepAgainInMs`, one more sweep runs then (at least
   * {@link SWEEP_AGAIN_MIN_MS} later), besides the regular ones; each run's answer replaces the
   * previous one's.
   */
  onSweep?: () => Promise<SweepResult | unknown>;
  /**
   * Delivers the rows that are not emails (priority ≥ {@link OUTBOX_PRIORITY.webhook}: the CRM
   * webhook, ADR 0051) in a claim loop of their own, so a slow receiver never holds up an email.
   * Without it such rows fail and are retried like an email SMTP refused.
   */
  webhook?: OutboxChannel;
  /**
   * Reads the stored object a row names as its attachment (ADR 0084), at send time; a row with an
   * attachment fails (and is retried) without it.
   */
  readAttachment?: (key: string) => Promise<Buffer>;
  /** Told of every delivery attempt's outcome (the metrics count them); must not throw. */
  onAttempt?: (attempt: { kind: string; webhook: boolean; outcome: "sent" | "retry" | "failed" }) => void;
}

/** A way of delivering outbox rows other than SMTP (the CRM webhook). */
export interface OutboxChannel {
  /** Delivers one claimed row; resolves once the receiver accepted it, throws to retry it with backoff. */
  send(row: OutboxRow): Promise<void>;
  /** Rows sent at once by its claim loop. */
  concurrency: number;
}

/** What an `onSweep` step may ask of the worker. */
export interface SweepResult {
  /** Run one more sweep in this many ms: the step left work that becomes due then. */
  sweepAgainInMs?: number | undefined;
}

/** The soonest a sweep asked for by `onSweep` runs after the one that asked, in ms (no tight loop). */
export const SWEEP_AGAIN_MIN_MS = 250;

export interface OutboxMessage {
  /** One of {@link OutboxKind} for the app's emails; other kinds are sent as bulk. */
  kind: OutboxKind | (string & {});
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The language it is written in (`Content-Language`). */
  language: Language;
  /** Where replies go (`Reply-To`), e.g. the visitor a lead notice is about. */
  replyTo?: string | undefined;
  /** The row's stable id (UUID); generated when not given (the webhook puts it in its body first). */
  messageId?: string;
  /** A stored object sent as an attachment, read at send time: the row keeps its key, not its bytes (ADR 0084). */
  attachment?: { key: string; name: string } | undefined;
}

/**
 * Queues an email inside the caller's transaction, so the email exists if and only if the
 * record it is about does. `pg_notify` is transactional too: workers wake on commit.
 * The row gets its stable Message-ID (a UUID) and its priority (from `kind`) here.
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
      language: message.language,
      replyTo: message.replyTo ?? null,
      messageId: message.messageId ?? randomUUID(),
      priority: priorityOf(message.kind),
      attachmentKey: message.attachment?.key ?? null,
      attachmentName: message.attachment?.name ?? null,
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
 * The `Message-ID` header of an outbox row: `<uuid@domain>` with the domain of `from`
 * (RFC 5322 §3.6.4), `localhost` when `from` has none.
 * @param id the row's `message_id`
 * @param from the sender, e.g. `AisleIQ <no-reply@aisleiq.com>`
 */
export function messageIdHeader(id: string, from: string): string {
  const at = from.lastIndexOf("@");
  const domain =
    at === -1
      ? ""
      : from
          .slice(at + 1)
          .replace(/>.*$/s, "")
          .trim();
  return `<${id}@${/^[A-Za-z0-9.-]+$/.test(domain) ? domain : "localhost"}>`;
}

/**
 * Whether a send failure says the mail server (or the way to it) is down, rather than that it
 * refused this one message: no SMTP reply at all (refused, timed out, TLS, DNS, closed), or
 * 421 "service not available" (RFC 5321 §4.2.3). Such failures start the recovery probe.
 */
export function isTransportFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === "number") return responseCode === 421;
  return code !== "EENVELOPE" && code !== "EMESSAGE" && code !== "ESTREAM";
}

/** One `email_outbox` row as claimed. */
export type OutboxRow = typeof emailOutbox.$inferSelect;

/** How long `sent` marks gather before one UPDATE writes them all (one statement per ~25 ms, not per email). */
const MARK_GROUP_MS = 25;

/**
 * One claim loop: the urgent lane takes priorities below bulk only, the bulk lane every email
 * (priorities below webhook), the webhook lane the rest.
 */
interface Lane {
  name: "urgent" | "bulk" | "webhook";
  minPriority: number | undefined;
  maxPriority: number | undefined;
  /** Messages sent at once; the email lanes share the SMTP pool's size. */
  concurrency: number;
  batchSize: number;
  running: Promise<void> | undefined;
  again: boolean;
}

/**
 * Delivers queued emails, at least once and each with a stable `Message-ID` (ADR 0012).
 * Safe to run in several processes on one database: rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so each is sent by one worker at a time.
 *
 * - Claim loops: urgent (sign-in, invitations) and bulk (every email, by priority then id)
 *   send their batches through the SMTP pool, `concurrency` messages at a time; the webhook loop
 *   posts the CRM webhook's rows through {@link OutboxOptions.webhook} (ADR 0051).
 * - Once SMTP accepts a message, the row is "sent, mark pending" in memory until the database
 *   records `sent`; marks are written in groups and retried with backoff, and the worker keeps
 *   the row's lease renewed meanwhile, so neither it nor another worker sends it again. Only a
 *   crash in that window lets the lease expire and the message go out once more, with the same
 *   Message-ID.
 * - After a transport failure, the worker probes SMTP (`verify`) with its own backoff (1 s up to
 *   30 s); the first successful probe or send makes every failed-and-waiting row due now.
 * - A database outage is logged once; the worker retries with backoff and on every wake.
 *
 * Wakes on NOTIFY, on {@link OutboxWorker.wake}, at the next due retry, and on a slow sweep;
 * it never busy-polls.
 */
export class OutboxWorker {
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly probeMinMs: number;
  private readonly probeMaxMs: number;
  private readonly lanes: Lane[];

  private timer: NodeJS.Timeout | undefined;
  private timerAt = 0;
  private sweep: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = true;

  /**
   * The leases this worker holds: row id → `attempts` as its claim set it, which names that one
   * claim (every claim adds one). A row is here while it is being sent and while its `sent` mark
   * is pending, and leaves before its release is written (ADR 0037).
   */
  private readonly leases = new Map<number, number>();
  /** Rows SMTP accepted whose `sent` mark is not written yet: id → acceptance time. */
  private readonly sentMarks = new Map<number, Date>();
  /**
   * Rows whose send is in flight in this worker. The bulk lane also claims urgent rows, so when a
   * lease runs out mid-send (renewals failing, a stalled event loop), this worker's other lane can
   * claim the same row again: that claim must not send it a second time (ADR 0012).
   */
  private readonly sending = new Set<number>();
  private flushing: Promise<void> | undefined;
  private flushAgain = false;
  private flushTimer: NodeJS.Timeout | undefined;
  private flushRetryMs = 0;

  private dbDown = false;
  private dbRetryMs = 0;
  private dbRetryTimer: NodeJS.Timeout | undefined;

  private sweeping: Promise<void> | undefined;
  /** The one-off sweep the latest `onSweep` step asked for. */
  private sweepAgain: NodeJS.Timeout | undefined;

  private transportDown = false;
  private probeMs: number;
  private probeTimer: NodeJS.Timeout | undefined;
  private bringForwardDue = false;
  private recoveredAt = 0;
  /** The webhook receiver failed its last delivery: its first success brings the waiting rows forward. */
  private webhookDown = false;
  private webhookBringForwardDue = false;

  constructor(
    private readonly handle: DbHandle,
    private readonly transport: MailTransport,
    private readonly options: OutboxOptions,
  ) {
    this.leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
    this.concurrency = Math.max(1, options.concurrency ?? transport.concurrency);
    this.probeMinMs = options.probeMinMs ?? OUTBOX_PROBE_MIN_MS;
    this.probeMaxMs = options.probeMaxMs ?? OUTBOX_PROBE_MAX_MS;
    this.probeMs = this.probeMinMs;
    const batchSize = options.batchSize ?? 100;
    this.lanes = [
      {
        name: "urgent",
        minPriority: undefined,
        maxPriority: OUTBOX_PRIORITY.bulk - 1,
        concurrency: this.concurrency,
        batchSize: 10,
        running: undefined,
        again: false,
      },
      {
        name: "bulk",
        minPriority: undefined,
        maxPriority: OUTBOX_PRIORITY.webhook - 1,
        concurrency: this.concurrency,
        batchSize,
        running: undefined,
        again: false,
      },
      {
        name: "webhook",
        minPriority: OUTBOX_PRIORITY.webhook,
        maxPriority: undefined,
        concurrency: Math.max(1, options.webhook?.concurrency ?? 1),
        batchSize: 20,
        running: undefined,
        again: false,
      },
    ];
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten = await this.handle.listen(OUTBOX_CHANNEL, () => this.wake());
    this.sweep = setInterval(() => void this.sweepNow(), OUTBOX_SWEEP_INTERVAL_MS);
    this.sweep.unref();
    this.heartbeat = setInterval(() => void this.renewLeases(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.heartbeat.unref();
    void this.sweepNow();
  }

  /**
   * Waits for the batches in flight, writes the pending `sent` marks (one try), then stops.
   * Marks that still cannot be written are logged: their rows go out once more, with the same
   * Message-ID, when their lease expires.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of [this.timer, this.flushTimer, this.dbRetryTimer, this.probeTimer, this.sweepAgain])
      clearTimeout(timer);
    this.timer = this.flushTimer = this.dbRetryTimer = this.probeTimer = this.sweepAgain = undefined;
    this.transportDown = false;
    clearInterval(this.sweep);
    await this.unlisten?.().catch(() => {});
    await this.sweeping;
    await Promise.all(this.lanes.map((lane) => lane.running));
    while (this.flushing) await this.flushing;
    if (this.sentMarks.size > 0) await this.flushMarks();
    clearInterval(this.heartbeat);
    if (this.sentMarks.size > 0) {
      this.options.log.warn(
        { outboxIds: [...this.sentMarks.keys()] },
        "outbox stopped with emails sent but not marked sent; they may be sent once more (same Message-ID)",
      );
    }
  }

  /**
   * Runs the sweep now: a wake-up, the `onSweep` step (unless one is already running), and a
   * wake-up for what the step queued. Resolves once that step has settled; its failure is
   * logged (a database outage once, like the worker's own), never thrown.
   */
  async sweepNow(): Promise<void> {
    if (this.stopped) return;
    this.wake();
    const { onSweep } = this.options;
    if (onSweep && !this.sweeping) {
      this.sweeping = Promise.resolve()
        .then(onSweep)
        .then(
          (result) => this.armSweepAgain((result as SweepResult | undefined)?.sweepAgainInMs),
          (error: unknown) => {
            if (isConnectionError(error)) this.databaseFailed(error);
            else this.options.log.error({ err: safeError(error) }, "outbox sweep step failed");
          },
        )
        .finally(() => {
          this.sweeping = undefined;
        });
    }
    await this.sweeping;
    this.wake();
  }

  /**
   * Arms the one-off sweep the latest `onSweep` run asked for, replacing any earlier one: the
   * latest run saw the freshest state (none asked for, none armed).
   */
  private armSweepAgain(inMs: number | undefined): void {
    clearTimeout(this.sweepAgain);
    this.sweepAgain = undefined;
    if (this.stopped || inMs === undefined || !Number.isFinite(inMs)) return;
    const delay = Math.min(Math.max(inMs + 20, SWEEP_AGAIN_MIN_MS), OUTBOX_SWEEP_INTERVAL_MS);
    this.sweepAgain = setTimeout(() => {
      this.sweepAgain = undefined;
      void this.sweepNow();
    }, delay);
    this.sweepAgain.unref();
  }

  /** Asks the worker to look for due messages now (coalesces concurrent calls). */
  wake(): void {
    if (this.stopped) return;
    for (const lane of this.lanes) this.wakeLane(lane);
  }

  /** Resolves once no batch and no `sent` mark write is in flight (tests use it to wait for delivery). */
  async idle(): Promise<void> {
    for (;;) {
      const busy = [...this.lanes.map((lane) => lane.running), this.flushing].filter(Boolean);
      if (busy.length > 0) {
        await Promise.all(busy);
      } else if (this.flushTimer && this.flushRetryMs === 0 && !this.stopped) {
        // Marks gathering for their group write (not a retry waiting for the database).
        await new Promise((resolve) => setTimeout(resolve, MARK_GROUP_MS));
      } else {
        return;
      }
    }
  }

  private wakeLane(lane: Lane): void {
    if (lane.running) {
      lane.again = true;
      return;
    }
    lane.running = this.drain(lane)
      .then(
        () => this.databaseAnswered(),
        (error: unknown) => this.databaseFailed(error),
      )
      .finally(() => {
        lane.running = undefined;
        if (lane.again && !this.stopped) {
          lane.again = false;
          this.wakeLane(lane);
        }
      });
  }

  private async drain(lane: Lane): Promise<void> {
    if (this.bringForwardDue) await this.bringForward(false);
    if (this.webhookBringForwardDue) await this.bringForward(true);
    for (;;) {
      if (this.stopped) return;
      const batch = await this.claim(lane);
      if (batch.length === 0) break;
      this.databaseAnswered();
      await this.sendAll(batch, lane.concurrency);
    }
    // The bulk lane's timer serves every lane: it reads the next due row of any priority.
    if (lane.name === "bulk") await this.scheduleNext();
  }

  private async claim(lane: Lane): Promise<OutboxRow[]> {
    const { db } = this.handle;
    const leaseUntil = new Date(Date.now() + this.leaseMs);
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.status, "pending"),
            lane.minPriority === undefined ? undefined : gte(emailOutbox.priority, lane.minPriority),
            lane.maxPriority === undefined ? undefined : lte(emailOutbox.priority, lane.maxPriority),
            lte(emailOutbox.nextAttemptAt, sql`now()`),
            or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(emailOutbox.priority), asc(emailOutbox.id))
        .limit(lane.batchSize)
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

  /** Sends a claimed batch, at most `concurrency` messages at a time, in claim order. */
  private async sendAll(batch: OutboxRow[], concurrency: number): Promise<void> {
    batch.sort((a, b) => a.priority - b.priority || a.id - b.id);
    let next = 0;
    const sender = async () => {
      for (let row = batch[next++]; row; row = batch[next++]) await this.deliver(row);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, sender));
  }

  private async deliver(row: OutboxRow): Promise<void> {
    // This claim is the lease the heartbeat renews from now on.
    this.leases.set(row.id, row.attempts);
    // Accepted by SMTP already, only the mark is missing: never send it again (ADR 0012).
    if (this.sentMarks.has(row.id)) {
      this.scheduleFlush();
      return;
    }
    // Claimed again while its first send is in flight here: that send decides, under this claim.
    if (this.sending.has(row.id)) return;
    this.sending.add(row.id);
    const webhook = row.priority >= OUTBOX_PRIORITY.webhook;
    try {
      if (webhook) {
        if (!this.options.webhook) throw new Error("no webhook channel is configured");
        await this.options.webhook.send(row);
      } else {
        await this.transport.send({
          from: this.options.from,
          to: row.toAddress,
          subject: row.subject,
          html: row.html,
          text: row.text,
          language: row.language,
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
          messageId: messageIdHeader(row.messageId, this.options.from),
          ...(await this.attachmentOf(row)),
        });
      }
    } catch (error) {
      this.sending.delete(row.id);
      // The claim this worker holds now: a later claim of its own while the send was in flight
      // counted one more attempt, and only that claim's release matches the row.
      const attempts = this.leases.get(row.id) ?? row.attempts;
      // Given up before the release is written, so no heartbeat renews a released row (ADR 0037).
      this.leases.delete(row.id);
      await this.recordFailure({ ...row, attempts }, error, webhook);
      return;
    }
    this.sending.delete(row.id);
    this.sentMarks.set(row.id, new Date());
    this.options.onAttempt?.({ kind: row.kind, webhook, outcome: "sent" });
    if (webhook) {
      this.options.log.info(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts },
        "webhook delivered",
      );
      if (this.webhookDown) {
        // The receiver is back: rows waiting out a backoff go now, not hours later.
        this.webhookDown = false;
        this.webhookBringForwardDue = true;
        this.wake();
      }
    } else {
      this.options.log.info({ outboxId: row.id, kind: row.kind, attempts: row.attempts }, "email sent");
      this.transportRecovered();
    }
    this.scheduleFlush(MARK_GROUP_MS);
  }

  /** The row's attachment, read from storage (ADR 0084); none when the row names none. */
  private async attachmentOf(row: OutboxRow): Promise<Pick<MailMessage, "attachments">> {
    if (!row.attachmentKey) return {};
    if (!this.options.readAttachment) throw new Error("no attachment reader is configured");
    const content = await this.options.readAttachment(row.attachmentKey);
    return { attachments: [{ filename: row.attachmentName ?? "attachment", content }] };
  }

  private async recordFailure(row: OutboxRow, error: unknown, webhook = false): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const failed = row.attempts >= OUTBOX_MAX_ATTEMPTS;
    this.options.onAttempt?.({ kind: row.kind, webhook, outcome: failed ? "failed" : "retry" });
    const delay = backoffDelay(row.attempts, this.options.retryBaseMs);
    this.options.log.warn(
      {
        outboxId: row.id,
        kind: row.kind,
        attempts: row.attempts,
        retryInMs: failed ? null : delay,
        error: message,
      },
      webhook
        ? failed
          ? "webhook delivery failed permanently"
          : "webhook delivery failed; will retry"
        : failed
          ? "email delivery failed permanently"
          : "email delivery failed; will retry",
    );
    if (webhook) this.webhookDown = true;
    else if (isTransportFailure(error)) this.transportFailed();
    if (!failed) this.armTimer(delay + 5);
    try {
      await this.handle.db
        .update(emailOutbox)
        .set({
          status: failed ? "failed" : "pending",
          lockedUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + delay),
        })
        // Only this claim's lease: a row another worker has claimed since is theirs.
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts)));
    } catch (dbError) {
      // Not sent, so nothing is lost: the lease expires and the row is tried again.
      this.databaseFailed(dbError);
    }
  }

  // --- "sent" marks -------------------------------------------------------------------------

  private scheduleFlush(delayMs = 0): void {
    // Once stopping, stop() writes the remaining marks itself.
    if (this.stopped) return;
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    if (this.flushTimer) return;
    const run = () => {
      this.flushTimer = undefined;
      this.flushing = this.flushMarks().finally(() => {
        this.flushing = undefined;
        if (this.flushAgain && this.sentMarks.size > 0 && !this.stopped) {
          this.flushAgain = false;
          this.scheduleFlush(this.flushRetryMs);
        }
      });
    };
    if (delayMs <= 0) {
      run();
      return;
    }
    this.flushTimer = setTimeout(run, delayMs);
    this.flushTimer.unref();
  }

  /**
   * Writes every pending `sent` mark, grouped by the second SMTP accepted the message. On a
   * database error the marks stay in memory and the write is retried with backoff (100 ms
   * doubling up to 5 s) until the database answers.
   */
  private async flushMarks(): Promise<void> {
    while (this.sentMarks.size > 0) {
      const groups = new Map<number, number[]>();
      for (const [id, at] of this.sentMarks) {
        const second = Math.floor(at.getTime() / 1000) * 1000;
        const ids = groups.get(second) ?? [];
        if (ids.length < 1000) ids.push(id);
        groups.set(second, ids);
      }
      try {
        for (const [second, ids] of groups) {
          await this.handle.db
            .update(emailOutbox)
            .set({
              status: "sent",
              sentAt: new Date(second),
              lockedUntil: null,
              lastError: null,
              html: "",
              text: "",
            })
            .where(inArray(emailOutbox.id, ids));
          for (const id of ids) {
            this.sentMarks.delete(id);
            this.leases.delete(id);
          }
        }
      } catch (error) {
        this.databaseFailed(error);
        this.flushRetryMs = Math.min(Math.max(100, this.flushRetryMs * 2), 5000);
        if (!this.stopped) {
          this.flushAgain = true;
        }
        return;
      }
      this.flushRetryMs = 0;
      this.databaseAnswered();
    }
  }

  /**
   * Keeps the rows this worker holds (sending, or sent with the mark pending) leased to it. Renews
   * a row only while it is still under this worker's claim: same `attempts` as the claim set, and
   * a lease not released. A heartbeat that set off before a failed send released its
   * row therefore cannot lock it again after the release (ADR 0037).
   */
  private async renewLeases(): Promise<void> {
    if (this.leases.size === 0 || this.stopped) return;
    const byClaim = new Map<number, number[]>();
    for (const [id, attempts] of this.leases) {
      const ids = byClaim.get(attempts) ?? [];
      ids.push(id);
      byClaim.set(attempts, ids);
    }
    try {
      await this.handle.db
        .update(emailOutbox)
        .set({ lockedUntil: new Date(Date.now() + this.leaseMs) })
        .where(
          and(
            eq(emailOutbox.status, "pending"),
            // Released rows have none. A lease run out but not claimed again (same attempts) is
            // still this worker's: renewing it after a stall keeps a second worker off it.
            isNotNull(emailOutbox.lockedUntil),
            or(
              ...[...byClaim].map(([attempts, ids]) =>
                and(eq(emailOutbox.attempts, attempts), inArray(emailOutbox.id, ids)),
              ),
            ),
          ),
        );
    } catch (error) {
      this.databaseFailed(error);
    }
  }

  // --- SMTP recovery ------------------------------------------------------------------------

  private transportFailed(): void {
    if (this.transportDown) return;
    this.transportDown = true;
    // Failing again soon after a recovery (the server greets but does not take mail) keeps the
    // probe's backoff growing, so the waiting rows are not retried every second.
    const relapse = Date.now() - this.recoveredAt < this.probeMaxMs;
    this.probeMs = relapse ? Math.min(this.probeMs * 2, this.probeMaxMs) : this.probeMinMs;
    this.armProbe();
  }

  private armProbe(): void {
    if (this.stopped || this.probeTimer) return;
    this.probeTimer = setTimeout(async () => {
      this.probeTimer = undefined;
      if (!this.transportDown || this.stopped) return;
      try {
        await this.transport.verify();
        this.transportRecovered();
      } catch {
        this.probeMs = Math.min(this.probeMs * 2, this.probeMaxMs);
        this.armProbe();
      }
    }, this.probeMs);
    this.probeTimer.unref();
  }

  private transportRecovered(): void {
    if (!this.transportDown) return;
    this.transportDown = false;
    this.recoveredAt = Date.now();
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    this.options.log.info("outbox: SMTP answers again; retrying waiting emails now");
    this.bringForwardDue = true;
    this.wake();
  }

  /**
   * Makes every row waiting after a failed attempt due now, and wakes the other workers: the
   * emails after SMTP recovered, or the webhook rows after the receiver accepted one again.
   */
  private async bringForward(webhook: boolean): Promise<void> {
    // Cleared first: a recovery noticed while this runs asks again.
    if (webhook) this.webhookBringForwardDue = false;
    else this.bringForwardDue = false;
    try {
      await this.handle.db.transaction(async (tx) => {
        await tx
          .update(emailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(
            and(
              eq(emailOutbox.status, "pending"),
              webhook
                ? gte(emailOutbox.priority, OUTBOX_PRIORITY.webhook)
                : lt(emailOutbox.priority, OUTBOX_PRIORITY.webhook),
              isNotNull(emailOutbox.lastError),
              gt(emailOutbox.nextAttemptAt, sql`now()`),
            ),
          );
        await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
      });
    } catch (error) {
      if (webhook) this.webhookBringForwardDue = true;
      else this.bringForwardDue = true;
      throw error;
    }
  }

  // --- database outages ---------------------------------------------------------------------

  private databaseFailed(error: unknown): void {
    const db = describeDbError(error);
    if (!db) {
      // Not a database error: a bug worth a stack (without query text or parameters).
      this.options.log.error({ err: safeError(error) }, "outbox drain failed");
    } else if (!this.dbDown) {
      this.dbDown = true;
      this.options.log.warn(
        { db },
        "outbox: database unavailable; retrying until it answers (logged once per outage)",
      );
    }
    if (this.stopped || this.dbRetryTimer) return;
    this.dbRetryMs = Math.min(Math.max(250, this.dbRetryMs * 2), 5000);
    this.dbRetryTimer = setTimeout(() => {
      this.dbRetryTimer = undefined;
      this.wake();
      if (this.sentMarks.size > 0) this.scheduleFlush();
    }, this.dbRetryMs);
    this.dbRetryTimer.unref();
  }

  private databaseAnswered(): void {
    if (!this.dbDown) return;
    this.dbDown = false;
    this.dbRetryMs = 0;
    this.options.log.info("outbox: database answers again");
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
    if (!next?.at) return;
    // A row due now but leased to another worker must not spin this one: wait at least 1 s then.
    const untilDue = new Date(next.at).getTime() - Date.now();
    // Never replaces a sooner wake-up: a lane's failed delivery arms its retry timer before the
    // row's lease is released, and this read may still see the lease (up to 2 min away).
    this.armTimer(untilDue > 0 ? Math.min(untilDue + 5, OUTBOX_SWEEP_INTERVAL_MS) : 1000);
  }

  /** Wakes the worker in `ms`, unless a wake-up is already due sooner (or `replace` is set). */
  private armTimer(ms: number, replace = false): void {
    if (this.stopped) return;
    const at = Date.now() + ms;
    if (this.timer && !replace && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, ms);
    this.timer.unref();
  }
}
