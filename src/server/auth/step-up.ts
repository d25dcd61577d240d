import { eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "../../common/api/errors";
import { STEP_UP_CODE_MAX_WRONG, STEP_UP_CODE_TTL_MS, STEP_UP_WINDOW_MS } from "../../common/limits";
import { HttpError } from "../core/errors";
import { dataKeyring, type KeyConfig } from "../crypto/data-keys";
import type { Database, Executor } from "../db/database";
import { transactionWithRetry } from "../db/retry";
import { sessions, stepUpCodes } from "../db/schema";
import { enqueueEmail } from "../mail/outbox";
import { type ClientInfo, recordAudit } from "./audit";
import { stepUpCodeEmail } from "./emails";
import type { ResolvedSession, UserRow } from "./sessions";
import { issueSignInCode, signInCodeMatches } from "./sign-in-codes";

/**
 * Step-up before adding a passkey (ADR 0076). A passkey signs in on its own and outlives every
 * session, so a stolen session cookie must not be enough to add one: the session's last proof
 * that it is her (its sign-in by link, code or passkey, or a step-up code) must be at most
 * {@link STEP_UP_WINDOW_MS} old. Otherwise she is emailed a six-digit code right then; typing it
 * on the same session refreshes that proof. The code is bound to the session, single-use, kept
 * only as an scrypt digest (as sign-in codes are, ADR 0060), dead after
 * {@link STEP_UP_CODE_TTL_MS} or {@link STEP_UP_CODE_MAX_WRONG} wrong tries.
 */

/** True when `session` proved it was her within the step-up window at `now`. */
export function isFreshSignIn(session: Pick<ResolvedSession, "authenticatedAt">, now = new Date()): boolean {
  return now.getTime() - session.authenticatedAt.getTime() <= STEP_UP_WINDOW_MS;
}

/**
 * Refuses a sensitive change (adding a passkey) on a session whose sign-in or step-up is older
 * than {@link STEP_UP_WINDOW_MS} (ADR 0076).
 * @throws 403 STEP_UP_REQUIRED
 */
export function requireFreshSignIn(
  session: Pick<ResolvedSession, "authenticatedAt">,
  now = new Date(),
): void {
  if (isFreshSignIn(session, now)) return;
  throw new HttpError(
    403,
    ERROR_CODES.STEP_UP_REQUIRED,
    "To add a passkey, confirm it's you with a code we email you.",
  );
}

/**
 * Queues the step-up email in `tx`: the one place it is enqueued, so its delivery (the outbox,
 * docs/architecture.md#data-and-reliability-rules) changes here alone.
 */
async function queueStepUpEmail(
  tx: Executor,
  user: Pick<UserRow, "email" | "fullName" | "language">,
  code: string,
  device: string,
  config: KeyConfig,
): Promise<void> {
  const email = stepUpCodeEmail({ code, fullName: user.fullName, device, language: user.language });
  // The code is sealed at rest, never stored in the clear (ADR 0074).
  await enqueueEmail(
    tx,
    { kind: "step_up_code", to: user.email, ...email, secrets: { code } },
    dataKeyring(config),
  );
}

/**
 * Emails a new step-up code to the person of `session` (ADR 0076), replacing any code the
 * session had, and appends a `step_up_requested` audit entry (ADR 0057), in one transaction.
 * @param device the asking browser and OS ("Chrome on macOS"), named in the email
 * @param config whose data key seals the code in the outbox (ADR 0074)
 * @returns where it went and until when it works
 */
export async function sendStepUpCode(
  db: Database,
  session: Pick<ResolvedSession, "sessionId" | "user">,
  device: string,
  client: ClientInfo,
  config: KeyConfig,
): Promise<{ email: string; expiresAt: Date }> {
  const { code, digest } = await issueSignInCode();
  const expiresAt = new Date(Date.now() + STEP_UP_CODE_TTL_MS);
  const { user } = session;
  await transactionWithRetry(db, async (tx) => {
    await tx
      .insert(stepUpCodes)
      .values({ sessionId: session.sessionId, userId: user.id, codeDigest: digest, expiresAt })
      .onConflictDoUpdate({
        target: stepUpCodes.sessionId,
        set: { codeDigest: digest, wrongTries: 0, expiresAt, createdAt: sql`now()` },
      });
    await queueStepUpEmail(tx, user, code, device, config);
    await recordAudit(tx, {
      action: "step_up_requested",
      actor: user,
      target: { id: user.id, email: user.email, companyId: user.companyId },
      client,
    });
  });
  return { email: user.email, expiresAt };
}

/** What typing a step-up code came to. */
export type StepUpOutcome =
  | { status: "ok"; freshUntil: Date }
  /** Not the live code of this session (wrong, expired, used, or none sent). */
  | { status: "wrong" }
  /** That was its {@link STEP_UP_CODE_MAX_WRONG}th wrong try: the code is gone. */
  | { status: "exhausted" };

/**
 * Checks a step-up code typed on `session` (ADR 0076), in one transaction that locks the
 * session's code row, so two tries of one code are checked one after the other and the right
 * code works once. Right: deletes the code, records the session's step-up time and appends
 * `step_up_succeeded`. Wrong: counts the try and appends `step_up_failed` with its number; the
 * last allowed try deletes the code. No live code: `wrong`, and nothing is recorded (there was
 * nothing to guess).
 */
export async function verifyStepUpCode(
  db: Database,
  session: Pick<ResolvedSession, "sessionId" | "user">,
  code: string,
  client: ClientInfo,
): Promise<StepUpOutcome> {
  const { user } = session;
  const target = { id: user.id, email: user.email, companyId: user.companyId };
  return transactionWithRetry(db, async (tx): Promise<StepUpOutcome> => {
    const [row] = await tx
      .select()
      .from(stepUpCodes)
      .where(eq(stepUpCodes.sessionId, session.sessionId))
      .for("update");
    if (!row || row.expiresAt.getTime() <= Date.now()) return { status: "wrong" };
    if (!(await signInCodeMatches(code, row.codeDigest))) {
      const attempt = row.wrongTries + 1;
      if (attempt >= STEP_UP_CODE_MAX_WRONG) {
        await tx.delete(stepUpCodes).where(eq(stepUpCodes.sessionId, row.sessionId));
      } else {
        await tx
          .update(stepUpCodes)
          .set({ wrongTries: attempt })
          .where(eq(stepUpCodes.sessionId, row.sessionId));
      }
      await recordAudit(tx, {
        action: "step_up_failed",
        actor: user,
        target,
        detail: String(attempt),
        client,
      });
      return attempt >= STEP_UP_CODE_MAX_WRONG ? { status: "exhausted" } : { status: "wrong" };
    }
    await tx.delete(stepUpCodes).where(eq(stepUpCodes.sessionId, row.sessionId));
    const now = new Date();
    await tx.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.id, row.sessionId));
    await recordAudit(tx, { action: "step_up_succeeded", actor: user, target, client });
    return { status: "ok", freshUntil: new Date(now.getTime() + STEP_UP_WINDOW_MS) };
  });
}
