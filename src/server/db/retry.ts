import { ERROR_CODES } from "../../common/api/errors";
import { HttpError } from "../core/errors";
import type { Database, Transaction } from "./database";
import { errorChain } from "./faults";

/**
 * SQLSTATEs after which the whole transaction may simply run again (PostgreSQL appendix A):
 * deadlock_detected 40P01 and serialization_failure 40001. PostgreSQL has already rolled the
 * transaction back, so nothing of the failed attempt is left.
 */
const RETRYABLE_SQLSTATES = new Set(["40P01", "40001"]);

/** How many times a transaction runs before a conflict answers 503 (ADR 0011). */
export const TRANSACTION_ATTEMPTS = 3;

/** True when `error`, or an error in its cause chain, is a deadlock or serialization failure. */
export function isRetryableConflict(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const code = typeof link === "object" && link !== null ? (link as { code?: unknown }).code : undefined;
    return typeof code === "string" && RETRYABLE_SQLSTATES.has(code);
  });
}

/**
 * Runs `work` in a transaction, again (up to {@link TRANSACTION_ATTEMPTS} runs in all) when
 * PostgreSQL aborts it as a deadlock victim or a serialization failure. Services take their
 * locks in one order (the user row first, docs/architecture.md "Lock order"), so this is the
 * safety net for orders nobody foresaw, never the mechanism. `work` must have no effect outside
 * the transaction, since it may run more than once.
 * @throws 503 SERVICE_UNAVAILABLE when every attempt met a conflict (ADR 0011: a request the
 *   database cannot serve now answers 503, never 500); any other error as `work` threw it
 */
export async function transactionWithRetry<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) {
        throw new HttpError(
          503,
          ERROR_CODES.SERVICE_UNAVAILABLE,
          "The service is busy. Please try again in a few seconds.",
        );
      }
    }
  }
}
