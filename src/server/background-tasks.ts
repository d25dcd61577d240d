import type { FastifyBaseLogger } from "fastify";
import { safeError } from "./db/faults";

/**
 * Work a handler starts after it has answered (ADR 0029: send-magic-link answers known
 * and unknown addresses in the same time, then issues the link). Failures are logged, never
 * thrown, so they cannot crash the process; `idle()` lets shutdown (and tests) wait for them, so
 * closing the app does not cut a task off half-way.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Runs `work` now and tracks it until it settles.
   * @param name what the task does, for the log line if it fails
   */
  run(name: string, work: () => Promise<unknown>): void {
    const task = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => {
          // safeError drops Drizzle's query text and parameters, which carry addresses and
          // emailed links (no secrets in logs, docs/architecture.md#security-boundaries).
          this.log.error({ task: name, err: safeError(error) }, "background task failed");
        },
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every task started so far (and any they start) has settled. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
