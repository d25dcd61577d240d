import {
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_PROBE_MAX_MS,
  OUTBOX_PROBE_MIN_MS,
} from "../../../common/limits";
import { SealedOpenError } from "../../crypto/sealed";
import type { DbHandle } from "../../db/database";
import type { MailTransport } from "../transport";
import { attachmentsOf, isTransportFailure, SmtpRecovery, smtpMessageOf } from "./email";
import { type ClaimRange, claimDue, LeaseBook, MARK_GROUP_MS, releaseFailed } from "./lease";
import type { OutboxOptions } from "./options";
import { DbOutage } from "./outage";
import { backoffDelay, OUTBOX_CHANNEL, OUTBOX_PRIORITY, type OutboxRow } from "./queue";
import { bringForward, Sweeper, WakeTimer } from "./sweeps";
import { deliverWebhook, WebhookHealth } from "./webhook";

/** One claim loop: urgent takes priorities below bulk, bulk every email, webhook the rest. */
interface Lane extends ClaimRange {
  name: "urgent" | "bulk" | "webhook";
  /** Messages sent at once; the email lanes share the SMTP pool's size. */
  concurrency: number;
  running: Promise<void> | undefined;
  again: boolean;
}

/**
 * Delivers queued emails, at least once and each with a stable `Message-ID` (ADR 0012).
 * Safe to run in several processes on one database: rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so each is sent by one worker at a time (`lease.ts`).
 *
 * - Claim loops: urgent (sign-in, invitations) and bulk (every email, by priority then id) send
 *   through the SMTP pool (`email.ts`), `concurrency` at a time; the webhook loop posts the CRM
 *   webhook's rows (`webhook.ts`, ADR 0051).
 * - Once SMTP accepts a message, its `sent` mark is owed in memory until written, the lease
 *   renewed meanwhile, so no worker sends it again; only a crash in that window lets it go out
 *   once more, with the same Message-ID.
 * - After a transport failure the worker probes SMTP; recovery makes the waiting rows due now.
 * - A database outage is logged once; the worker retries with backoff and on every wake.
 *
 * Wakes on NOTIFY, on {@link OutboxWorker.wake}, at the next due retry, and on a slow sweep
 * (`sweeps.ts`); it never busy-polls.
 */
export class OutboxWorker {
  private readonly leaseMs: number;
  private readonly lanes: Lane[];
  private readonly book: LeaseBook;
  private readonly smtp: SmtpRecovery;
  private readonly sweeper: Sweeper;
  private readonly webhookHealth = new WebhookHealth();
  private readonly outage: DbOutage;
  private readonly timer: WakeTimer;
  private bringForwardDue = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = true;

  constructor(
    private readonly handle: DbHandle,
    private readonly transport: MailTransport,
    private readonly options: OutboxOptions,
  ) {
    this.leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
    const concurrency = Math.max(1, options.concurrency ?? transport.concurrency);
    const lane = (name: Lane["name"], range: ClaimRange, sendAtOnce: number): Lane => ({
      name,
      ...range,
      concurrency: sendAtOnce,
      running: undefined,
      again: false,
    });
    const below = (priority: number) => ({ minPriority: undefined, maxPriority: priority - 1 });
    this.lanes = [
      lane("urgent", { ...below(OUTBOX_PRIORITY.bulk), batchSize: 10 }, concurrency),
      lane("bulk", { ...below(OUTBOX_PRIORITY.webhook), batchSize: options.batchSize ?? 100 }, concurrency),
      lane(
        "webhook",
        { minPriority: OUTBOX_PRIORITY.webhook, maxPriority: undefined, batchSize: 20 },
        Math.max(1, options.webhook?.concurrency ?? 1),
      ),
    ];
    const isStopped = () => this.stopped;
    this.outage = new DbOutage({
      log: options.log,
      isStopped,
      retry: () => {
        this.wake();
        if (this.book.sentMarks.size > 0) this.book.scheduleFlush();
      },
    });
    this.timer = new WakeTimer({ isStopped, wake: () => this.wake() });
    this.book = new LeaseBook({
      handle,
      leaseMs: this.leaseMs,
      isStopped,
      databaseFailed: (error) => this.databaseFailed(error),
      databaseAnswered: () => this.databaseAnswered(),
    });
    this.smtp = new SmtpRecovery(transport, {
      probeMinMs: options.probeMinMs ?? OUTBOX_PROBE_MIN_MS,
      probeMaxMs: options.probeMaxMs ?? OUTBOX_PROBE_MAX_MS,
      log: options.log,
      isStopped,
      onRecovered: () => {
        this.bringForwardDue = true;
        this.wake();
      },
    });
    this.sweeper = new Sweeper({
      onSweep: options.onSweep,
      log: options.log,
      isStopped,
      wake: () => this.wake(),
      databaseFailed: (error) => this.databaseFailed(error),
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten = await this.handle.listen(OUTBOX_CHANNEL, () => this.wake());
    this.heartbeat = setInterval(() => void this.book.renew(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.heartbeat.unref();
    this.sweeper.start();
  }

  /**
   * Waits for the batches in flight, writes the pending `sent` marks (one try), then stops.
   * Marks that still cannot be written are logged: their rows go out once more, with the same
   * Message-ID, when their lease expires.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer.stop();
    this.outage.stop();
    this.book.cancelTimer();
    this.smtp.stop();
    this.sweeper.stop();
    await this.unlisten?.().catch(() => {});
    await this.sweeper.inFlight;
    await Promise.all(this.lanes.map((lane) => lane.running));
    await this.book.finish();
    clearInterval(this.heartbeat);
    if (this.book.sentMarks.size > 0) {
      this.options.log.warn(
        { outboxIds: [...this.book.sentMarks.keys()] },
        "outbox stopped with emails sent but not marked sent; they may be sent once more (same Message-ID)",
      );
    }
  }

  /** Runs the sweep now (see `sweeps.ts`); resolves once its step has settled, never throws. */
  sweepNow(): Promise<void> {
    return this.sweeper.run();
  }

  /** Asks the worker to look for due messages now (coalesces concurrent calls). */
  wake(): void {
    if (this.stopped) return;
    for (const lane of this.lanes) this.wakeLane(lane);
  }

  /** Resolves once no batch and no `sent` mark write is in flight (tests use it to wait for delivery). */
  async idle(): Promise<void> {
    for (;;) {
      const busy = [...this.lanes.map((lane) => lane.running), this.book.inFlight].filter(Boolean);
      if (busy.length > 0) await Promise.all(busy);
      else if (this.book.gathering) await new Promise((resolve) => setTimeout(resolve, MARK_GROUP_MS));
      else return;
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
    if (this.webhookHealth.bringForwardDue) await this.bringForward(true);
    for (;;) {
      if (this.stopped) return;
      const batch = await claimDue(this.handle, lane, this.leaseMs);
      if (batch.length === 0) break;
      this.databaseAnswered();
      await this.sendAll(batch, lane.concurrency);
    }
    // The bulk lane's timer serves every lane: it reads the next due row of any priority.
    if (lane.name === "bulk") await this.timer.armForNextDue(this.handle);
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
    const { held, sentMarks, sending } = this.book;
    // This claim is the lease the heartbeat renews from now on.
    held.set(row.id, row.attempts);
    // Accepted by SMTP already, only the mark is missing: never send it again (ADR 0012).
    if (sentMarks.has(row.id)) {
      this.book.scheduleFlush();
      return;
    }
    // Claimed again while its first send is in flight here: that send decides, under this claim.
    if (sending.has(row.id)) return;
    sending.add(row.id);
    const webhook = row.priority >= OUTBOX_PRIORITY.webhook;
    try {
      if (webhook) await deliverWebhook(this.options.webhook, row);
      else
        await this.transport.send({
          ...smtpMessageOf(row, this.options.from, this.options.keyring),
          ...(await attachmentsOf(row, this.options.readAttachment)),
        });
    } catch (error) {
      sending.delete(row.id);
      // The claim this worker holds now: a later claim of its own while the send was in flight
      // counted one more attempt, and only that claim's release matches the row.
      const attempts = held.get(row.id) ?? row.attempts;
      // Given up before the release is written, so no heartbeat renews a released row (ADR 0037).
      held.delete(row.id);
      await this.recordFailure({ ...row, attempts }, error, webhook);
      return;
    }
    sending.delete(row.id);
    this.book.markSent(row.id);
    this.options.onAttempt?.({ kind: row.kind, webhook, outcome: "sent" });
    const facts = { outboxId: row.id, kind: row.kind, attempts: row.attempts };
    if (webhook) {
      this.options.log.info(facts, "webhook delivered");
      // The receiver is back: rows waiting out a backoff go now, not hours later.
      if (this.webhookHealth.delivered()) this.wake();
    } else {
      this.options.log.info(facts, "email sent");
      this.smtp.recovered();
    }
  }

  private async recordFailure(row: OutboxRow, error: unknown, webhook: boolean): Promise<void> {
    // Credentials that do not open never will: failed at once, with the reason (ADR 0074).
    const unopenable =
      !webhook && !!row.sealedSecrets && (error instanceof SealedOpenError || !this.options.keyring);
    const reason = error instanceof Error ? error.message : String(error);
    const message = unopenable ? `not sent: its sign-in credentials cannot be decrypted: ${reason}` : reason;
    const failed = unopenable || row.attempts >= OUTBOX_MAX_ATTEMPTS;
    this.options.onAttempt?.({ kind: row.kind, webhook, outcome: failed ? "failed" : "retry" });
    const delay = backoffDelay(row.attempts, this.options.retryBaseMs);
    const what = webhook ? "webhook delivery" : "email delivery";
    this.options.log.warn(
      {
        ...{ outboxId: row.id, kind: row.kind, attempts: row.attempts },
        retryInMs: failed ? null : delay,
        error: message,
      },
      failed ? `${what} failed permanently` : `${what} failed; will retry`,
    );
    if (webhook) this.webhookHealth.failed();
    else if (!unopenable && isTransportFailure(error)) this.smtp.failed();
    if (!failed) this.timer.arm(delay + 5);
    try {
      await releaseFailed(this.handle, row, { failed, error: message, delayMs: delay });
    } catch (dbError) {
      // Not sent, so nothing is lost: the lease expires and the row is tried again.
      this.databaseFailed(dbError);
    }
  }

  /** Brings the waiting emails (or webhook rows) forward; asks again when the database fails. */
  private async bringForward(webhook: boolean): Promise<void> {
    // Cleared first: a recovery noticed while this runs asks again.
    if (webhook) this.webhookHealth.bringForwardDue = false;
    else this.bringForwardDue = false;
    try {
      await bringForward(this.handle, webhook);
    } catch (error) {
      if (webhook) this.webhookHealth.bringForwardDue = true;
      else this.bringForwardDue = true;
      throw error;
    }
  }

  private databaseFailed(error: unknown): void {
    this.outage.failed(error);
  }

  private databaseAnswered(): void {
    this.outage.answered();
  }
}
