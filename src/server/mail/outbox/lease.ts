import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/database";
import { emailOutbox } from "../../db/schema";
import type { OutboxRow } from "./queue";

/**
 * Claims and leases of the outbox (ADR 0012, ADR 0037): rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, each claim counting one attempt; the worker keeps the
 * leases it holds renewed, and writes the `sent` marks of accepted messages in groups.
 */

/** How long `sent` marks gather before one UPDATE writes them all (one statement per ~25 ms, not per email). */
export const MARK_GROUP_MS = 25;

/** Which rows a claim loop takes: a priority range, so many at a time. */
export interface ClaimRange {
  minPriority: number | undefined;
  maxPriority: number | undefined;
  batchSize: number;
}

/**
 * Claims up to `range.batchSize` due, unleased, pending rows of the priority range, in
 * (priority, id) order: leases them for `leaseMs` and counts one attempt each.
 * @returns the claimed rows (empty when none is due)
 */
export async function claimDue(handle: DbHandle, range: ClaimRange, leaseMs: number): Promise<OutboxRow[]> {
  const leaseUntil = new Date(Date.now() + leaseMs);
  return handle.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "pending"),
          range.minPriority === undefined ? undefined : gte(emailOutbox.priority, range.minPriority),
          range.maxPriority === undefined ? undefined : lte(emailOutbox.priority, range.maxPriority),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(emailOutbox.priority), asc(emailOutbox.id))
      .limit(range.batchSize)
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

/** What the lease book needs of its worker. */
export interface LeaseHost {
  readonly handle: DbHandle;
  readonly leaseMs: number;
  isStopped(): boolean;
  /** A write failed: the worker logs an outage once and retries. */
  databaseFailed(error: unknown): void;
  databaseAnswered(): void;
}

/**
 * The rows one worker holds, and the `sent` marks it still owes the database.
 *
 * - `held`: row id → `attempts` as its claim set it, which names that one claim (every claim adds
 *   one). A row is here while it is being sent and while its `sent` mark is pending, and leaves
 *   before its release is written (ADR 0037).
 * - `sentMarks`: rows SMTP accepted whose `sent` mark is not written yet (id → acceptance time);
 *   written in groups, retried with backoff (100 ms doubling up to 5 s) until the database
 *   answers, the lease renewed meanwhile, so no worker sends such a row again.
 * - `sending`: rows whose send is in flight here. The bulk lane also claims urgent rows, so when a
 *   lease runs out mid-send, this worker's other lane can claim the same row again: that claim
 *   must not send it a second time (ADR 0012).
 */
export class LeaseBook {
  readonly held = new Map<number, number>();
  readonly sentMarks = new Map<number, Date>();
  readonly sending = new Set<number>();
  private flushing: Promise<void> | undefined;
  private flushAgain = false;
  private flushTimer: NodeJS.Timeout | undefined;
  private flushRetryMs = 0;

  constructor(private readonly host: LeaseHost) {}

  /** SMTP (or the receiver) accepted row `id`: its `sent` mark goes out with the next group. */
  markSent(id: number): void {
    this.sentMarks.set(id, new Date());
    this.scheduleFlush(MARK_GROUP_MS);
  }

  /** Writes the pending marks in `delayMs` (now by default), unless a write is already due. */
  scheduleFlush(delayMs = 0): void {
    // Once stopping, finish() writes the remaining marks itself.
    if (this.host.isStopped()) return;
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    if (this.flushTimer) return;
    const run = () => {
      this.flushTimer = undefined;
      this.flushing = this.flushMarks().finally(() => {
        this.flushing = undefined;
        if (this.flushAgain && this.sentMarks.size > 0 && !this.host.isStopped()) {
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

  /** The mark write in flight, if any. */
  get inFlight(): Promise<void> | undefined {
    return this.flushing;
  }

  /** Marks gathering for their group write (not a retry waiting for the database). */
  get gathering(): boolean {
    return this.flushTimer !== undefined && this.flushRetryMs === 0 && !this.host.isStopped();
  }

  /** Stopping: the timed write is cancelled ({@link finish} writes what is left). */
  cancelTimer(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }

  /** Stopping: waits for a write in flight, then writes what is left, once. */
  async finish(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.sentMarks.size > 0) await this.flushMarks();
  }

  /**
   * Writes every pending `sent` mark, grouped by the second SMTP accepted the message; a sent
   * row keeps neither body nor credentials (ADR 0074). On a database error the marks stay in
   * memory and the write is retried with backoff.
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
          await this.host.handle.db
            .update(emailOutbox)
            .set({
              status: "sent",
              sentAt: new Date(second),
              lockedUntil: null,
              lastError: null,
              html: "",
              text: "",
              sealedSecrets: null,
            })
            .where(inArray(emailOutbox.id, ids));
          for (const id of ids) {
            this.sentMarks.delete(id);
            this.held.delete(id);
          }
        }
      } catch (error) {
        this.host.databaseFailed(error);
        this.flushRetryMs = Math.min(Math.max(100, this.flushRetryMs * 2), 5000);
        if (!this.host.isStopped()) this.flushAgain = true;
        return;
      }
      this.flushRetryMs = 0;
      this.host.databaseAnswered();
    }
  }

  /**
   * Keeps the rows this worker holds leased to it. Renews a row only while it is still under
   * this worker's claim: same `attempts` as the claim set, and a lease not released. A heartbeat
   * that set off before a failed send released its row therefore cannot lock it again after the
   * release (ADR 0037).
   */
  async renew(): Promise<void> {
    if (this.held.size === 0 || this.host.isStopped()) return;
    const byClaim = new Map<number, number[]>();
    for (const [id, attempts] of this.held) {
      const ids = byClaim.get(attempts) ?? [];
      ids.push(id);
      byClaim.set(attempts, ids);
    }
    try {
      await this.host.handle.db
        .update(emailOutbox)
        .set({ lockedUntil: new Date(Date.now() + this.host.leaseMs) })
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
      this.host.databaseFailed(error);
    }
  }
}

/**
 * Releases a row after a failed attempt, under this claim's lease only (same `attempts`: a row
 * another worker has claimed since is theirs): pending again after `delayMs`, or failed for good,
 * then without its credentials (ADR 0074).
 */
export async function releaseFailed(
  handle: DbHandle,
  row: Pick<OutboxRow, "id" | "attempts">,
  outcome: { failed: boolean; error: string; delayMs: number },
): Promise<void> {
  await handle.db
    .update(emailOutbox)
    .set({
      status: outcome.failed ? "failed" : "pending",
      lockedUntil: null,
      lastError: outcome.error.slice(0, 500),
      nextAttemptAt: new Date(Date.now() + outcome.delayMs),
      ...(outcome.failed ? { sealedSecrets: null } : {}),
    })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts)));
}
