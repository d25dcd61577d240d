/**
 * The email outbox (ADR 0012; docs/architecture.md#data-and-reliability-rules): the one public
 * surface of its parts.
 * - `queue.ts`: kinds, priorities, {@link enqueueEmail} inside the caller's transaction;
 * - `lease.ts`: claims, leases and the grouped `sent` marks;
 * - `email.ts`: the SMTP message of a row and the recovery probe;
 * - `webhook.ts`: the channel the CRM webhook's rows go through (ADR 0051);
 * - `sweeps.ts`: the periodic sweep, bringing waiting rows forward, the next due time;
 * - `secrets.ts`: credentials of waiting emails sealed at rest (ADR 0074);
 * - `outage.ts`: how the worker lives through a database outage;
 * - `options.ts`, `worker.ts`: {@link OutboxWorker}, which runs the claim loops.
 */
export { isTransportFailure, messageIdHeader } from "./email";
export type { OutboxOptions } from "./options";
export {
  backoffDelay,
  enqueueEmail,
  OUTBOX_CHANNEL,
  OUTBOX_PRIORITY,
  type OutboxKind,
  type OutboxMessage,
  type OutboxRow,
  priorityOf,
} from "./queue";
export { fillPlaceholders, secretPlaceholder, unopenableOutboxRows, withPlaceholders } from "./secrets";
export { SWEEP_AGAIN_MIN_MS, type SweepResult } from "./sweeps";
export type { OutboxChannel } from "./webhook";
export { OutboxWorker } from "./worker";
