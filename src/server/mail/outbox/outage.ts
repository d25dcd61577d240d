import type { FastifyBaseLogger } from "fastify";
import { describeDbError, safeError } from "../../db/faults";

/**
 * How the outbox worker lives through a database outage (ADR 0011): one warn line when it
 * starts, one info line when the database answers again, a retry with backoff (250 ms doubling
 * up to 5 s) meanwhile; an error that is not the database's is logged as the bug it is.
 */
export class DbOutage {
  private down = false;
  private retryMs = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  /**
   * @param options.retry called after each backoff while the database fails (the worker wakes
   *   its claim loops and retries its pending `sent` marks)
   */
  constructor(private readonly options: { log: FastifyBaseLogger; isStopped(): boolean; retry(): void }) {}

  /** A database call failed (or threw a bug): log it as such and retry after the backoff. */
  failed(error: unknown): void {
    const db = describeDbError(error);
    if (!db) {
      // Not a database error: a bug worth a stack (without query text or parameters).
      this.options.log.error({ err: safeError(error) }, "outbox drain failed");
    } else if (!this.down) {
      this.down = true;
      this.options.log.warn(
        { db },
        "outbox: database unavailable; retrying until it answers (logged once per outage)",
      );
    }
    if (this.options.isStopped() || this.retryTimer) return;
    this.retryMs = Math.min(Math.max(250, this.retryMs * 2), 5000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.options.retry();
    }, this.retryMs);
    this.retryTimer.unref();
  }

  /** A database call succeeded: ends an outage, once. */
  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.retryMs = 0;
    this.options.log.info("outbox: database answers again");
  }

  /** Cancels the pending retry (the worker stops). */
  stop(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
