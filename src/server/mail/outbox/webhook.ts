import type { OutboxRow } from "./queue";

/**
 * Webhook delivery of the outbox (ADR 0051): rows at `OUTBOX_PRIORITY.webhook` and above are
 * posted through a channel (the CRM webhook, `webhooks/channel.ts`) in a claim loop of their own.
 */

/** A way of delivering outbox rows other than SMTP (the CRM webhook). */
export interface OutboxChannel {
  /** Delivers one claimed row; resolves once the receiver accepted it, throws to retry it with backoff. */
  send(row: OutboxRow): Promise<void>;
  /** Rows sent at once by its claim loop. */
  concurrency: number;
}

/**
 * Posts one claimed row through `channel`.
 * @throws when there is no channel (the row is then retried like an email SMTP refused), or
 *   whatever the channel throws
 */
export async function deliverWebhook(channel: OutboxChannel | undefined, row: OutboxRow): Promise<void> {
  if (!channel) throw new Error("no webhook channel is configured");
  await channel.send(row);
}

/**
 * Whether the receiver failed its last delivery. Its first success afterwards asks the worker to
 * make every webhook row waiting out a backoff due now, not hours later.
 */
export class WebhookHealth {
  private down = false;
  /** Set when the receiver is back: the worker brings the waiting rows forward, then clears it. */
  bringForwardDue = false;

  /** A delivery failed. */
  failed(): void {
    this.down = true;
  }

  /**
   * A delivery succeeded.
   * @returns true when this ends a run of failures (the caller wakes the worker)
   */
  delivered(): boolean {
    if (!this.down) return false;
    this.down = false;
    this.bringForwardDue = true;
    return true;
  }
}
