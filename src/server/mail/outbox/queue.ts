import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Language } from "../../../common/languages";
import { OUTBOX_MAX_DELAY_MS } from "../../../common/limits";
import type { Keyring } from "../../crypto/sealed";
import type { Executor } from "../../db/database";
import { emailOutbox } from "../../db/schema";
import { sealSecrets, withPlaceholders } from "./secrets";

/**
 * The outbox's queue (ADR 0012): what a row is, its kind and priority, and how a caller queues
 * one inside its own transaction. Delivery is the worker's (`worker.ts`).
 */

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
  | "step_up_code"
  | "lead_webhook"
  | "demo_registration_webhook";

/**
 * Priorities of the outbox (`email_outbox.priority`; lower is sooner). Rows at `webhook` and above
 * are not emails: the webhook lane posts them through the worker's `webhook` channel (ADR 0051).
 */
export const OUTBOX_PRIORITY = { signIn: 0, invitation: 10, bulk: 100, webhook: 200 } as const;

const KIND_PRIORITY: Record<string, number> = {
  magic_link: OUTBOX_PRIORITY.signIn,
  account_deactivated: OUTBOX_PRIORITY.signIn,
  // A step-up code (ADR 0076) is awaited on screen like a sign-in code.
  step_up_code: OUTBOX_PRIORITY.signIn,
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

/** One `email_outbox` row as claimed. */
export type OutboxRow = typeof emailOutbox.$inferSelect;

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
  /**
   * The credentials the email carries (ADR 0074), e.g. `{ token, code }`: each value, wherever it
   * occurs in `subject`, `html` or `text`, is stored as a `{{secret.<name>}}` placeholder, and the
   * values are stored encrypted for this row; the worker puts them back just before sending.
   * Values must be URL-safe characters (`[A-Za-z0-9_-]`). Requires `enqueueEmail`'s keyring.
   */
  secrets?: Record<string, string> | undefined;
  /** A stored object sent as an attachment, read at send time: the row keeps its key, not its bytes (ADR 0084). */
  attachment?: { key: string; name: string } | undefined;
}

/**
 * Queues an email inside the caller's transaction, so the email exists if and only if the
 * record it is about does. `pg_notify` is transactional too: workers wake on commit.
 * The row gets its stable Message-ID (a UUID) and its priority (from `kind`) here.
 *
 * An email that carries a credential (a sign-in link or code, an invitation) names it in
 * `secrets` and passes the app's keyring, so the row at rest holds placeholders and a sealed
 * value, never the credential (ADR 0074):
 * `enqueueEmail(tx, { kind, to, ...rendered, secrets: { token, code } }, dataKeyring(config))`.
 * @param tx the caller's transaction (or the database for a stand-alone message)
 * @param keyring the app's data keys (`crypto/data-keys.ts` `dataKeyring`); required with `secrets`
 * @returns the outbox row id
 * @throws when `secrets` is given without a keyring, or a secret is not of the allowed form
 */
export async function enqueueEmail(
  tx: Executor,
  message: OutboxMessage,
  keyring?: Keyring | undefined,
): Promise<number> {
  const secrets = message.secrets && Object.keys(message.secrets).length > 0 ? message.secrets : undefined;
  let body = { subject: message.subject, html: message.html, text: message.text };
  let sealed: { id: number; sealedSecrets: string } | undefined;
  if (secrets) {
    if (!keyring) throw new Error("enqueueEmail: secrets need the data keyring");
    body = withPlaceholders(body, secrets);
    // The id first: the sealed value is bound to its row (ADR 0074).
    const [next] = (
      (await tx.execute(
        sql`select nextval(pg_get_serial_sequence('email_outbox', 'id'))::int as id`,
      )) as unknown as {
        rows: Array<{ id: number | string }>;
      }
    ).rows;
    const id = Number(next?.id);
    sealed = {
      id,
      sealedSecrets: sealSecrets(keyring, { id, kind: message.kind, toAddress: message.to }, secrets),
    };
  }
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      ...sealed,
      kind: message.kind,
      toAddress: message.to,
      ...body,
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
