import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { ERROR_CODES, type ErrorCode } from "../../common/api/errors";
import { TOKEN_PATTERN } from "../../common/validation";
import { HttpError } from "../core/errors";
import { hashToken, type IssuedToken, issueToken } from "../core/tokens";
import type { Executor } from "../db/database";
import { firstRow } from "../db/queries";
import { apiErrorSchema } from "../http/errors";

/**
 * The one verification-token mechanism (ADR 0024), shared by magic links and invitations: each
 * keeps its own table, and both get the same rules and the same answers.
 *
 * - **Issue:** 32 random bytes; the email carries the raw value, the row only its SHA-256.
 * - **Shape:** {@link TOKEN_PATTERN}; anything else is `invalid` without a query.
 * - **Check** (preview, inspect): what the token is worth now, changing nothing.
 * - **Consume** (verify, accept): one conditional `UPDATE … SET used = true … RETURNING`, so of
 *   any number of concurrent calls exactly one gets `ok`.
 * - **Refuse:** {@link refuseToken} turns a failed result into the one HTTP answer for it.
 */

/** Columns every verification-token table has; `revokedAt` only where a token can be withdrawn. */
export interface TokenColumns {
  tokenHash: AnyPgColumn;
  used: AnyPgColumn;
  expiresAt: AnyPgColumn;
  revokedAt?: AnyPgColumn;
}

/** Why a token cannot be used. `invalid` covers unknown and malformed alike. */
export type TokenRefusal = "invalid" | "used" | "revoked" | "expired";

/**
 * The outcome of checking or consuming a token: its row, or why not; a token that exists but no
 * longer works still names its row (whose link it was, for the audit trail of ADR 0057).
 */
export type TokenResult<Row> =
  | { status: "ok"; row: Row }
  | { status: "invalid" }
  | { status: Exclude<TokenRefusal, "invalid">; row: Row };

/**
 * The one answer per refusal, for every token endpoint (ADR 0024): unknown or malformed 404
 * TOKEN_INVALID, then 410 for a token that existed but no longer works. (A malformed token never
 * reaches a service over HTTP: the request contract answers it with 400 VALIDATION_ERROR.)
 */
export const TOKEN_ANSWERS: Record<TokenRefusal, { status: number; code: ErrorCode }> = {
  invalid: { status: 404, code: ERROR_CODES.TOKEN_INVALID },
  used: { status: 410, code: ERROR_CODES.TOKEN_USED },
  revoked: { status: 410, code: ERROR_CODES.INVITATION_REVOKED },
  expired: { status: 410, code: ERROR_CODES.TOKEN_EXPIRED },
};

/**
 * OpenAPI responses of every route that takes a token (inspect, verify, invitation preview and
 * accept), described with the codes of {@link TOKEN_ANSWERS}; spread into the route's `response`,
 * where they win over the module's error responses of the same statuses (`http/route.ts`).
 */
export const tokenErrorResponses = {
  400: apiErrorSchema.describe(
    `Malformed request; a malformed token answers ${ERROR_CODES.VALIDATION} with field "token"`,
  ),
  404: apiErrorSchema.describe(`Unknown token: ${ERROR_CODES.TOKEN_INVALID}`),
  410: apiErrorSchema.describe(
    `Token no longer usable: ${ERROR_CODES.TOKEN_USED}, ${ERROR_CODES.TOKEN_EXPIRED}, or (invitations) ${ERROR_CODES.INVITATION_REVOKED}`,
  ),
};

/** The human message for each refusal, worded for the kind of link (`revoked` where it can happen). */
export type TokenMessages = Record<Exclude<TokenRefusal, "revoked">, string> & { revoked?: string };

/**
 * The HTTP error for a refused token: status and code from {@link TOKEN_ANSWERS}, message from
 * `messages` (falling back to the `invalid` one for a refusal the kind of link has no words for).
 */
export function refuseToken(refusal: TokenRefusal, messages: TokenMessages): HttpError {
  const answer = TOKEN_ANSWERS[refusal];
  return new HttpError(answer.status, answer.code, messages[refusal] ?? messages.invalid);
}

/** The token operations for one table; see {@link verificationTokens}. */
export interface VerificationTokens<Row> {
  /** A new token: `raw` for the email only, `hash` for the row's `token_hash`. */
  issue(): IssuedToken;
  /** What `raw` is worth now (the database clock decides expiry); changes nothing. */
  check(db: Executor, raw: string): Promise<TokenResult<Row>>;
  /**
   * Marks `raw` used if it is usable, atomically, and returns the row as updated; otherwise says
   * why not. Call inside the transaction that acts on the row, so a later refusal (inactive
   * account, taken email) rolls the consumption back.
   */
  consume(tx: Executor, raw: string): Promise<TokenResult<Row>>;
}

/**
 * The mechanism for `table` (magic_link_tokens, user_invitations). Precedence of refusals, as the
 * invitation statuses show them: used, then revoked, then expired.
 */
export function verificationTokens<T extends PgTable & TokenColumns>(
  table: T,
): VerificationTokens<T["$inferSelect"]> {
  type Row = T["$inferSelect"];
  const { tokenHash, used, expiresAt, revokedAt } = table;
  const state = {
    row: table,
    used: sql<boolean>`${used}`,
    revoked: revokedAt ? sql<boolean>`${revokedAt} is not null` : sql<boolean>`false`,
    expired: sql<boolean>`${expiresAt} <= now()`,
  };

  async function check(db: Executor, raw: string): Promise<TokenResult<Row>> {
    if (!TOKEN_PATTERN.test(raw)) return { status: "invalid" };
    const found = (await firstRow(
      db
        .select(state)
        .from(table as PgTable)
        .where(eq(tokenHash, hashToken(raw))),
    )) as unknown as { row: Row; used: boolean; revoked: boolean; expired: boolean } | undefined;
    if (!found) return { status: "invalid" };
    if (found.used) return { status: "used", row: found.row };
    if (found.revoked) return { status: "revoked", row: found.row };
    if (found.expired) return { status: "expired", row: found.row };
    return { status: "ok", row: found.row };
  }

  async function consume(tx: Executor, raw: string): Promise<TokenResult<Row>> {
    if (!TOKEN_PATTERN.test(raw)) return { status: "invalid" };
    const usable: SQL[] = [eq(tokenHash, hashToken(raw)), eq(used, false), sql`${expiresAt} > now()`];
    if (revokedAt) usable.push(isNull(revokedAt));
    const [row] = (await tx
      .update(table)
      .set({ used: true } as PgUpdateSetSource<T>)
      .where(and(...usable))
      .returning()) as Row[];
    if (row) return { status: "ok", row };
    const now = await check(tx, raw);
    // Refused by the UPDATE yet fine for the SELECT should not happen (one transaction, one
    // now()); if it ever does, someone else holds the token: never answer `ok` without the UPDATE.
    return now.status === "ok" ? { status: "used", row: now.row } : now;
  }

  return { issue: issueToken, check, consume };
}
