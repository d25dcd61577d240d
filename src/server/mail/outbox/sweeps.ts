import { and, eq, gt, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { OUTBOX_SWEEP_INTERVAL_MS } from "../../../common/limits";
import type { DbHandle } from "../../db/database";
import { isConnectionError, safeError } from "../../db/faults";
import { emailOutbox } from "../../db/schema";
import { OUTBOX_CHANNEL, OUTBOX_PRIORITY } from "./queue";

/**
 * The outbox's sweeps: the slow periodic one (with the app's own step, e.g. stored sign-in
 * requests, ADR 0029, and document retention, ADR 0058), bringing waiting rows forward after a
 * recovery, and finding when the next row becomes due, so the worker never busy-polls.
 */

/** What an `onSweep` step may ask of the worker. */
export interface SweepResult {
  /** Run one more sweep in this many ms: the step left work that becomes due then. */
  sweepAgainInMs?: number | undefined;
}

/** The soonest a sweep asked for by `onSweep` runs after the one that asked, in ms (no tight loop). */
export const SWEEP_AGAIN_MIN_MS = 250;

/**
 * Runs the sweep at start, every {@link OUTBOX_SWEEP_INTERVAL_MS}, and once more when a step
 * asked for it: a wake-up, the `onSweep` step (one run at a time), and a wake-up for what the
 * step queued.
 */
export class Sweeper {
  private interval: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** The one-off sweep the latest `onSweep` step asked for. */
  private again: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: {
      onSweep: (() => Promise<SweepResult | unknown>) | undefined;
      log: FastifyBaseLogger;
      isStopped(): boolean;
      wake(): void;
      /** A connection-class failure of the step: logged once per outage by the worker. */
      databaseFailed(error: unknown): void;
    },
  ) {}

  /** Starts the periodic sweep and runs the first one now. */
  start(): void {
    this.interval = setInterval(() => void this.run(), OUTBOX_SWEEP_INTERVAL_MS);
    this.interval.unref();
    void this.run();
  }

  /**
   * Runs the sweep now. Resolves once the step has settled; its failure is logged (a database
   * outage once, like the worker's own), never thrown.
   */
  async run(): Promise<void> {
    const { onSweep, isStopped, wake } = this.options;
    if (isStopped()) return;
    wake();
    if (onSweep && !this.running) {
      this.running = Promise.resolve()
        .then(onSweep)
        .then(
          (result) => this.armAgain((result as SweepResult | undefined)?.sweepAgainInMs),
          (error: unknown) => {
            if (isConnectionError(error)) this.options.databaseFailed(error);
            else this.options.log.error({ err: safeError(error) }, "outbox sweep step failed");
          },
        )
        .finally(() => {
          this.running = undefined;
        });
    }
    await this.running;
    wake();
  }

  /** Stops the timers (a step in flight goes on: see {@link inFlight}). */
  stop(): void {
    clearTimeout(this.again);
    this.again = undefined;
    clearInterval(this.interval);
  }

  /** The step in flight, if any (stop waits for it). */
  get inFlight(): Promise<void> | undefined {
    return this.running;
  }

  /**
   * Arms the one-off sweep the latest step asked for, replacing any earlier one: the latest run
   * saw the freshest state (none asked for, none armed).
   */
  private armAgain(inMs: number | undefined): void {
    clearTimeout(this.again);
    this.again = undefined;
    if (this.options.isStopped() || inMs === undefined || !Number.isFinite(inMs)) return;
    const delay = Math.min(Math.max(inMs + 20, SWEEP_AGAIN_MIN_MS), OUTBOX_SWEEP_INTERVAL_MS);
    this.again = setTimeout(() => {
      this.again = undefined;
      void this.run();
    }, delay);
    this.again.unref();
  }
}

/**
 * Makes every row waiting after a failed attempt due now, and wakes the other workers: the
 * emails after SMTP recovered (`webhook` false), or the webhook rows after the receiver
 * accepted one again (`webhook` true).
 */
export async function bringForward(handle: DbHandle, webhook: boolean): Promise<void> {
  await handle.db.transaction(async (tx) => {
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
}

/**
 * The worker's one wake-up timer: armed for the earliest pending retry, so retries happen
 * without polling. Arming never replaces a sooner wake-up.
 */
export class WakeTimer {
  private timer: NodeJS.Timeout | undefined;
  private at = 0;

  constructor(private readonly options: { isStopped(): boolean; wake(): void }) {}

  /** Wakes the worker in `ms`, unless a wake-up is already due sooner. */
  arm(ms: number): void {
    if (this.options.isStopped()) return;
    const at = Date.now() + ms;
    if (this.timer && this.at <= at) return;
    clearTimeout(this.timer);
    this.at = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.options.wake();
    }, ms);
    this.timer.unref();
  }

  /** Arms the timer for the next pending row of any priority ({@link nextDueInMs}). */
  async armForNextDue(handle: DbHandle): Promise<void> {
    if (this.options.isStopped()) return;
    const untilDue = await nextDueInMs(handle);
    if (untilDue === undefined) return;
    // A row due now but leased to another worker must not spin this one: wait at least 1 s then.
    // Never replaces a sooner wake-up: a lane's failed delivery arms its retry timer before the
    // row's lease is released, and this read may still see the lease (up to 2 min away).
    this.arm(untilDue > 0 ? Math.min(untilDue + 5, OUTBOX_SWEEP_INTERVAL_MS) : 1000);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * When the next pending row becomes claimable (due, and its lease run out), in ms from now
 * (0 or less: now).
 * @returns undefined when nothing is pending
 */
export async function nextDueInMs(handle: DbHandle): Promise<number | undefined> {
  const [next] = await handle.db
    .select({
      at: sql<string>`min(greatest(${emailOutbox.nextAttemptAt}, coalesce(${emailOutbox.lockedUntil}, ${emailOutbox.nextAttemptAt})))`,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "pending"));
  if (!next?.at) return undefined;
  return new Date(next.at).getTime() - Date.now();
}
