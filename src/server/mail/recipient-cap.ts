import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Transaction } from "../db/database";
import { emailOutbox } from "../db/schema";
import type { OutboxKind } from "./outbox";

/**
 * Advisory-lock namespace (first key of `pg_advisory_xact_lock(int, int)`) of the per-recipient
 * caps; the second key is a hash of the address. Distinct from every other lock of the app.
 */
const RECIPIENT_LOCK_NAMESPACE = 7_401_034;

/**
 * Whether one more email of `kind` may go to `to` (ADR 0034): true while fewer than `max` such
 * emails were queued for that address in the last `windowMs`, counted in the outbox itself, so
 * the cap holds across processes, client IPs and restarts. Takes a transaction-scoped lock on the
 * address first, so concurrent transactions for one address count one after another and never
 * both take the last place; the caller must queue the email in the same transaction.
 * @param tx the transaction that will queue the email
 * @param kind the outbox kind counted, e.g. "magic_link"
 * @param to the recipient; compared case-insensitively
 * @param max emails allowed per window (from src/common/limits.ts)
 * @param windowMs the window, in ms
 */
export async function underRecipientCap(
  tx: Transaction,
  kind: OutboxKind,
  to: string,
  max: number,
  windowMs: number,
): Promise<boolean> {
  const address = to.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(${RECIPIENT_LOCK_NAMESPACE}, hashtext(${address}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(emailOutbox)
    .where(
      and(
        sql`lower(${emailOutbox.toAddress}) = ${address}`,
        eq(emailOutbox.kind, kind),
        gt(emailOutbox.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    );
  return (row?.n ?? 0) < max;
}
