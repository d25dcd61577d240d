import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import { ERROR_CODES } from "../../common/api/errors";
import type {
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookDeliveryStatus,
  WebhookEvent,
} from "../../common/api/webhooks";
import type { AppConfig } from "../config";
import { conflict, notFound } from "../core/errors";
import type { Database, Executor } from "../db/database";
import { emailOutbox } from "../db/schema";
import { enqueueEmail, OUTBOX_CHANNEL, OUTBOX_PRIORITY, type OutboxKind } from "../mail/outbox";

/** The outbox kind of each webhook event. */
const EVENT_KIND: Record<WebhookEvent, OutboxKind> = {
  "lead.created": "lead_webhook",
  "demo_registration.created": "demo_registration_webhook",
};

/**
 * Queues one webhook delivery in the caller's transaction (ADR 0051), when LEAD_WEBHOOK_URL is
 * set: the row exists if and only if the lead or registration does, and the outbox's webhook loop
 * posts it after the commit, so the form never waits for the CRM. The body is
 * `{ id, type, createdAt, data }`; `id` is the delivery's idempotency key, also sent as the
 * `Idempotency-Key` header of every attempt.
 * @param summary one line naming the record for the admins' delivery log
 * @returns the idempotency key, or undefined when no webhook is configured
 */
export async function enqueueWebhook(
  tx: Executor,
  config: AppConfig,
  event: WebhookEvent,
  summary: string,
  data: Record<string, unknown>,
): Promise<string | undefined> {
  if (!config.LEAD_WEBHOOK_URL) return undefined;
  const id = randomUUID();
  const body = JSON.stringify({ id, type: event, createdAt: new Date().toISOString(), data });
  await enqueueEmail(tx, {
    kind: EVENT_KIND[event],
    // The target without its query (which may hold the receiver's key): the URL itself is read
    // from the configuration at each attempt (ADR 0074).
    to: webhookEndpoint(config) ?? "",
    subject: `${event} ${summary}`,
    html: "",
    text: body,
    // Not an email: the language column is the outbox's default.
    language: "en",
    messageId: id,
  });
  return id;
}

/**
 * Where deliveries go, for admins and the outbox rows: the URL's scheme, host and path, never its
 * user info or query (which may hold a key; ADR 0074).
 */
export function webhookEndpoint(config: AppConfig): string | null {
  if (!config.LEAD_WEBHOOK_URL) return null;
  const url = new URL(config.LEAD_WEBHOOK_URL);
  return `${url.origin}${url.pathname}`;
}

const isWebhook = gte(emailOutbox.priority, OUTBOX_PRIORITY.webhook);

const OUTBOX_STATUS: Record<WebhookDeliveryStatus, "pending" | "sent" | "failed"> = {
  pending: "pending",
  delivered: "sent",
  failed: "failed",
};

type Row = typeof emailOutbox.$inferSelect;

function toDelivery(row: Row): WebhookDelivery {
  const space = row.subject.indexOf(" ");
  const status: WebhookDeliveryStatus =
    row.status === "sent" ? "delivered" : row.status === "failed" ? "failed" : "pending";
  return {
    id: row.id,
    event: space === -1 ? row.subject : row.subject.slice(0, space),
    summary: space === -1 ? "" : row.subject.slice(space + 1),
    status,
    attempts: row.attempts,
    lastError: status === "delivered" ? null : row.lastError,
    nextAttemptAt: status === "pending" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.sentAt ? row.sentAt.toISOString() : null,
    idempotencyKey: row.messageId,
  };
}

/**
 * The webhook's deliveries, newest first, optionally of one status.
 * @returns the page and how many deliveries match in all
 */
export async function listWebhookDeliveries(
  db: Database,
  query: WebhookDeliveryListQuery,
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const where = and(
    isWebhook,
    query.status ? eq(emailOutbox.status, OUTBOX_STATUS[query.status]) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { deliveries: rows.map(toDelivery), total: totals?.n ?? 0 };
}

/**
 * Sends a delivery again now: a failed one gets a fresh round of attempts (its attempt count
 * starts over); a pending one waiting out its backoff becomes due at once. Nobody holds a failed
 * row, and a pending row is changed only while no worker has it leased, so no claim is disturbed
 * (ADR 0037).
 * @throws HttpError 404 NOT_FOUND for an id that is not a webhook delivery; 409 CONFLICT when it
 *   was delivered already or a worker is sending it right now
 */
export async function retryWebhookDelivery(db: Database, id: number): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.id, id), isWebhook))
      .for("update");
    if (!row) throw notFound("No webhook delivery has that id.");
    if (row.status === "sent") throw conflict("This delivery was accepted already.", ERROR_CODES.CONFLICT);
    const [updated] = await tx
      .update(emailOutbox)
      .set(
        row.status === "failed"
          ? { status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null }
          : { nextAttemptAt: sql`now()` },
      )
      .where(
        and(
          eq(emailOutbox.id, id),
          sql`(${emailOutbox.lockedUntil} is null or ${emailOutbox.lockedUntil} <= now())`,
        ),
      )
      .returning();
    if (!updated) throw conflict("This delivery is being sent right now.", ERROR_CODES.CONFLICT);
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    return toDelivery(updated);
  });
}
