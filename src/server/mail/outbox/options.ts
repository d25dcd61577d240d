import type { FastifyBaseLogger } from "fastify";
import type { OUTBOX_SWEEP_INTERVAL_MS } from "../../../common/limits";
import type { Keyring } from "../../crypto/sealed";
import type { OUTBOX_PRIORITY } from "./queue";
import type { Sweeper, SweepResult } from "./sweeps";
import type { OutboxChannel } from "./webhook";

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
   * {@link OUTBOX_SWEEP_INTERVAL_MS} (see `sweeps.ts` {@link Sweeper}): the app passes the auth
   * module's stored magic-link requests (ADR 0029). One run at a time; a failure is logged and
   * retried at the next sweep; `stop()` waits for a run in flight. A {@link SweepResult} with
   * `sweepAgainInMs` asks for one more sweep then.
   */
  onSweep?: () => Promise<SweepResult | unknown>;
  /**
   * Delivers the rows that are not emails (priority ≥ {@link OUTBOX_PRIORITY.webhook}: the CRM
   * webhook, ADR 0051) in a claim loop of their own, so a slow receiver never holds up an email.
   * Without it such rows fail and are retried like an email SMTP refused.
   */
  webhook?: OutboxChannel;
  /**
   * Opens the credentials of waiting emails (ADR 0074). A row whose credentials do not open (no
   * keyring, or not the key it was sealed with) is marked failed with the reason, never sent.
   */
  keyring?: Keyring | undefined;
  /**
   * Reads the stored object a row names as its attachment (ADR 0084), at send time; a row with an
   * attachment fails (and is retried) without it.
   */
  readAttachment?: (key: string) => Promise<Buffer>;
  /** Told of every delivery attempt's outcome (the metrics count them); must not throw. */
  onAttempt?: (attempt: { kind: string; webhook: boolean; outcome: "sent" | "retry" | "failed" }) => void;
}
