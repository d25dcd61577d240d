import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import { ERROR_CODES } from "../../common/api/errors";
import type { Language } from "../../common/languages";
import {
  MAGIC_LINK_EMAILS_PER_ADDRESS,
  MAGIC_LINK_REQUEST_RETRY_AFTER_MS,
  MAGIC_LINK_TTL_MS,
} from "../../common/limits";
import type { AppConfig } from "../config";
import { conflict, HttpError } from "../core/errors";
import { dataKeyring } from "../crypto/data-keys";
import type { Database, Executor } from "../db/database";
import { isConnectionError } from "../db/faults";
import { firstRow, hasRow } from "../db/queries";
import { transactionWithRetry } from "../db/retry";
import { companies, magicLinkRequests, magicLinkTokens, users } from "../db/schema";
import { enqueueEmail } from "../mail/outbox";
import { underRecipientCap } from "../mail/recipient-cap";
import { type ClientInfo, NO_CLIENT, recordAudit, refusalAction, unknownAddress } from "./audit";
import { deactivatedAccountEmail, magicLinkEmail } from "./emails";
import { deleteSession, endSessions, startSignedInSession, type UserRow } from "./sessions";
import { issueSignInCode } from "./sign-in-codes";
import { refuseToken, type TokenMessages, verificationTokens } from "./verification-tokens";

/** Advisory-lock key that serialises first-admin creation across requests and processes. */
const FIRST_ADMIN_LOCK_KEY = 7_401_002;

/** Stored magic-link requests the sweep reads per query (it handles each in its own transaction). */
const STALE_PAGE_SIZE = 100;

/** Magic links through the shared token mechanism (ADR 0024). */
const magicLinks = verificationTokens(magicLinkTokens);

/** True once at least one admin account exists (drives `GET /api/admin/login-info`). */
export async function adminExists(db: Database): Promise<boolean> {
  return hasRow(db, users, eq(users.role, "admin"));
}

/**
 * Issues a magic link for `user` inside `tx`: earlier unused links of the user stop working,
 * and the email goes into the outbox in the same transaction (docs/product.md#10-ground-rules). The email carries the
 * link and a one-time code; the row keeps the digests of both (ADR 0060). The same transaction
 * appends a `sign_in_email_sent` entry to the audit trail (ADR 0057), with the asking browser.
 * @param bindingHash hex SHA-256 of the binding cookie of the browser that asked (ADR 0015), if any
 * @param client the asking browser's address and User-Agent
 */
export async function issueMagicLink(
  tx: Executor,
  user: Pick<UserRow, "id" | "email" | "fullName" | "language" | "companyId">,
  config: AppConfig,
  bindingHash: string | null = null,
  client: ClientInfo = NO_CLIENT,
) {
  await tx
    .update(magicLinkTokens)
    .set({ used: true })
    .where(and(eq(magicLinkTokens.userId, user.id), eq(magicLinkTokens.used, false)));
  const token = magicLinks.issue();
  const code = await issueSignInCode();
  await tx.insert(magicLinkTokens).values({
    tokenHash: token.hash,
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS),
    bindingHash,
    codeDigest: code.digest,
  });
  const email = magicLinkEmail({
    publicUrl: config.PUBLIC_URL,
    token: token.raw,
    code: code.code,
    fullName: user.fullName,
    language: user.language,
  });
  // The link's token and the code are sealed at rest, never stored in the clear (ADR 0074).
  await enqueueEmail(
    tx,
    { kind: "magic_link", to: user.email, ...email, secrets: { token: token.raw, code: code.code } },
    dataKeyring(config),
  );
  await recordAudit(tx, {
    action: "sign_in_email_sent",
    actor: null,
    target: { id: user.id, email: user.email, companyId: user.companyId },
    client,
  });
}

/**
 * Creates the first admin (in `input.language`, the language of the setup request: ADR 0025)
 * and emails a sign-in link (docs/product.md#7-api `POST /api/admin/create-initial`).
 * Serialised by an advisory lock, so concurrent calls create exactly one admin.
 * @param bindingHash digest of the requesting browser's binding cookie (see binding.ts)
 * @param client the requesting browser, kept by the email's audit entry (ADR 0057)
 * @throws 409 ADMIN_EXISTS once any admin exists; 403 INITIAL_ADMIN_EMAIL_ONLY in production
 *   for any address but INITIAL_ADMIN_EMAIL; 409 EMAIL_TAKEN if the address has an account
 */
export async function createInitialAdmin(
  db: Database,
  config: AppConfig,
  input: { email: string; fullName: string; language?: Language },
  bindingHash: string | null = null,
  client: ClientInfo = NO_CLIENT,
) {
  if (config.NODE_ENV === "production") {
    const allowed = config.INITIAL_ADMIN_EMAIL?.trim().toLowerCase();
    if (!allowed || allowed !== input.email) {
      throw new HttpError(
        403,
        ERROR_CODES.INITIAL_ADMIN_EMAIL_ONLY,
        allowed
          ? "This address may not create the first admin account."
          : "First-admin setup is disabled: set INITIAL_ADMIN_EMAIL on the server.",
      );
    }
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    if (await hasRow(tx, users, eq(users.role, "admin")))
      throw conflict("An admin account already exists. Please sign in.", ERROR_CODES.ADMIN_EXISTS);
    if (await hasRow(tx, users, eq(users.email, input.email)))
      throw conflict("An account with this email already exists.", ERROR_CODES.EMAIL_TAKEN);
    const [admin] = await tx
      .insert(users)
      .values({ email: input.email, fullName: input.fullName, role: "admin", language: input.language })
      .returning();
    if (!admin) throw new Error("admin insert returned no row");
    await issueMagicLink(tx, admin, config, bindingHash, client);
  });
}

/**
 * Stores a request for a sign-in link: one INSERT, the same for every address, so neither the
 * answer nor its timing reveals whether the account exists (ADR 0029). Once this has
 * returned the request survives a crash; {@link issueRequestedMagicLink} and the outbox sweep
 * ({@link issueStaleMagicLinkRequests}) turn it into a link (ADR 0029).
 * @param email the normalised address
 * @param bindingHash digest of the requesting browser's binding cookie (see binding.ts)
 * @returns the request's id
 */
export async function storeMagicLinkRequest(
  db: Executor,
  email: string,
  bindingHash: string | null,
  client: ClientInfo = NO_CLIENT,
): Promise<number> {
  const [row] = await db
    .insert(magicLinkRequests)
    .values({ email, bindingHash, ip: client.ip, userAgent: client.userAgent })
    .returning({ id: magicLinkRequests.id });
  if (!row) throw new Error("magic-link request insert returned no row");
  return row.id;
}

/** What became of a claimed request. */
type RequestOutcome = "issued" | "deactivated" | "no-account" | "expired" | "capped";

/**
 * Claims one stored request matching `where` (skipping rows another worker holds), deletes it,
 * and in the same transaction issues the link when the address belongs to an active user, the
 * request is younger than a link's lifetime and the address is under its email cap (ADR 0034),
 * or queues the deactivated-account email, under the same cap, when it belongs to a deactivated
 * one (ADR 0038). A request for an address without an account, or a deactivated one, leaves an
 * entry in the audit trail (ADR 0057). The deletion and the link commit together:
 * a failure rolls both back (the request is tried again), and nothing is issued twice.
 * @returns the outcome, or undefined when no request was free to claim
 */
async function claimMagicLinkRequest(
  db: Database,
  config: AppConfig,
  where: SQL | undefined,
): Promise<RequestOutcome | undefined> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        id: magicLinkRequests.id,
        email: magicLinkRequests.email,
        bindingHash: magicLinkRequests.bindingHash,
        ip: magicLinkRequests.ip,
        userAgent: magicLinkRequests.userAgent,
        expired: sql<boolean>`${magicLinkRequests.createdAt} <= now() - make_interval(secs => ${MAGIC_LINK_TTL_MS / 1000})`,
      })
      .from(magicLinkRequests)
      .where(where)
      .orderBy(asc(magicLinkRequests.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!request) return undefined;
    await tx.delete(magicLinkRequests).where(eq(magicLinkRequests.id, request.id));
    if (request.expired) return "expired";
    // The user row before the links (docs/architecture.md "Lock order"), shared so that a
    // deactivation waits for this link and then deletes it, or this waits and sees it inactive.
    const found = await firstRow(
      tx
        .select({ user: users, company: companies.name })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.email, request.email))
        .for("share", { of: users }),
    );
    const client = { ip: request.ip, userAgent: request.userAgent };
    if (!found) {
      // Recorded without the address in clear: masked, and its digest for an exact search (ADR 0057).
      await recordAudit(tx, {
        action: "link_requested_unknown",
        actor: null,
        ...unknownAddress(request.email),
        client,
      });
      return "no-account";
    }
    const { user, company } = found;
    if (!user.isActive) {
      await recordAudit(tx, {
        action: "link_requested_inactive",
        actor: null,
        target: { id: user.id, email: user.email, companyId: user.companyId },
        client,
      });
    }
    // At most MAGIC_LINK_EMAILS_PER_ADDRESS emails of either kind per link lifetime (ADR 0034):
    // past the cap nothing is sent, so the last link sent stays the valid one, and the request
    // answered the same 200 as any other.
    const kind = user.isActive ? "magic_link" : "account_deactivated";
    if (!(await underRecipientCap(tx, kind, user.email, MAGIC_LINK_EMAILS_PER_ADDRESS, MAGIC_LINK_TTL_MS))) {
      return "capped";
    }
    if (!user.isActive) {
      // A deactivated address is told why no link comes, and whom to ask (ADR 0038); the
      // answer on screen was the same as for any address, as it was sent before this lookup.
      const email = deactivatedAccountEmail({ fullName: user.fullName, company, language: user.language });
      await enqueueEmail(tx, { kind: "account_deactivated", to: user.email, ...email });
      return "deactivated";
    }
    await issueMagicLink(tx, user, config, request.bindingHash, client);
    return "issued";
  });
}

/**
 * Turns the stored request `id` into a sign-in link when its address belongs to an active user
 * that has had fewer than {@link MAGIC_LINK_EMAILS_PER_ADDRESS} sign-in emails in a link's
 * lifetime (ADR 0034), into the deactivated-account email for a deactivated one (ADR 0038), and
 * removes it either way (docs/product.md#7-api `POST /api/auth/send-magic-link`). The route
 * runs it once it has answered; a request another worker holds or has already handled is left
 * alone.
 * @returns true when a link was issued
 */
export async function issueRequestedMagicLink(db: Database, config: AppConfig, id: number): Promise<boolean> {
  return (await claimMagicLinkRequest(db, config, eq(magicLinkRequests.id, id))) === "issued";
}

/**
 * The outbox sweep's step (ADR 0029): handles every stored request at least `olderThanMs` old,
 * oldest first, one transaction each, so requests whose process crashed or whose first attempt
 * failed still get their link, once. A request older than the link lifetime
 * ({@link MAGIC_LINK_TTL_MS}) is dropped without a link. One request that keeps failing does not
 * hold up the others: it stays stored for the next sweep.
 * @param olderThanMs how old a request must be, so the accepting process gets the first try
 * @returns how many requests this call handled (issued, refused or dropped)
 * @throws a connection-class error at once (the rest waits for the next sweep); another failure
 *   once every other request has been tried
 */
export async function issueStaleMagicLinkRequests(
  db: Database,
  config: AppConfig,
  olderThanMs = MAGIC_LINK_REQUEST_RETRY_AFTER_MS,
): Promise<number> {
  const stale = sql`${magicLinkRequests.createdAt} <= now() - make_interval(secs => ${olderThanMs / 1000})`;
  let handled = 0;
  let after = 0;
  let failure: unknown;
  for (;;) {
    const page = await db
      .select({ id: magicLinkRequests.id })
      .from(magicLinkRequests)
      .where(and(stale, gt(magicLinkRequests.id, after)))
      .orderBy(asc(magicLinkRequests.id))
      .limit(STALE_PAGE_SIZE);
    for (const { id } of page) {
      after = id;
      try {
        if (await claimMagicLinkRequest(db, config, eq(magicLinkRequests.id, id))) handled++;
      } catch (error) {
        if (isConnectionError(error)) throw error;
        failure ??= error;
      }
    }
    if (page.length < STALE_PAGE_SIZE) break;
  }
  if (failure !== undefined) throw failure;
  return handled;
}

/**
 * How long until the next stored request that {@link issueStaleMagicLinkRequests} left alone
 * for being younger than `olderThanMs` becomes old enough, so the outbox arms a sweep for that
 * moment instead of waiting a whole sweep interval (ADR 0029: after a quick restart, a request
 * stored just before it gets its link about `olderThanMs` after it was made, not a minute later).
 * Measured on the database's clock, as the sweep's own test is.
 * @param olderThanMs the age the sweep requires
 * @returns milliseconds (0 when one is due already), or undefined when no younger request is stored
 */
export async function nextMagicLinkRequestDueInMs(
  db: Database,
  olderThanMs = MAGIC_LINK_REQUEST_RETRY_AFTER_MS,
): Promise<number | undefined> {
  const age = sql`make_interval(secs => ${olderThanMs / 1000})`;
  const [row] = await db
    .select({
      // NULL when none is stored (GREATEST would turn that into 0): clamped below instead.
      ms: sql<
        string | number | null
      >`extract(epoch from min(${magicLinkRequests.createdAt}) + ${age} - now()) * 1000`,
    })
    .from(magicLinkRequests)
    .where(sql`${magicLinkRequests.createdAt} > now() - ${age}`);
  return row?.ms == null ? undefined : Math.max(0, Math.ceil(Number(row.ms)));
}

/** What the sign-in screens say for each refusal; statuses and codes are the mechanism's. */
const MAGIC_LINK_MESSAGES: TokenMessages = {
  invalid: "This sign-in link is not valid.",
  used: "This sign-in link has already been used. Request a new one.",
  expired: "This sign-in link has expired. Request a new one.",
};

const accountInactive = () => new HttpError(403, ERROR_CODES.ACCOUNT_INACTIVE, "This account is disabled.");

/**
 * Looks at a magic link without using it (ADR 0015): whose it is and whether
 * it was asked for in this browser. Changes nothing, so a scanner calling it consumes nothing.
 * @param isBound tells whether the request's binding cookie matches the stored digest
 * @returns `email` (the full address: the caller masks it), `bound`, and `language`: the user's
 *   stored language, the one her link's email was written in (ADR 0025)
 * @throws the same 404 TOKEN_INVALID / 410 TOKEN_USED / 410 TOKEN_EXPIRED / 403 ACCOUNT_INACTIVE
 *   as {@link verifyMagicLink} (ADR 0024)
 */
export async function inspectMagicLink(
  db: Database,
  rawToken: string,
  isBound: (bindingHash: string | null) => boolean,
): Promise<{ email: string; bound: boolean; language: Language }> {
  const link = await magicLinks.check(db, rawToken);
  if (link.status !== "ok") throw refuseToken(link.status, MAGIC_LINK_MESSAGES);
  const user = await firstRow(
    db
      .select({ email: users.email, isActive: users.isActive, language: users.language })
      .from(users)
      .where(eq(users.id, link.row.userId)),
  );
  if (!user?.isActive) throw accountInactive();
  return { email: user.email, bound: isBound(link.row.bindingHash), language: user.language };
}

/**
 * Consumes a magic-link token and starts a session (docs/product.md#7-api `POST /api/auth/verify-magic-link`).
 * The shared mechanism consumes atomically: of many concurrent calls exactly one succeeds
 * (ADR 0024). Stamps `lastLoginAt` and `isEmailVerified`; an inactive account refuses before
 * the link is consumed. Takes the user row before the link, like deactivation, and runs again on
 * a deadlock or serialization failure ({@link transactionWithRetry}). The sign-in, and a link
 * presented again or too late, are entries of the audit trail (ADR 0057).
 * @param client the signing-in browser's address and User-Agent (sessions list, audit)
 * @returns the user and the raw session token with its expiry
 * @throws 404 TOKEN_INVALID (unknown), 410 TOKEN_USED, 410 TOKEN_EXPIRED, 403 ACCOUNT_INACTIVE;
 *   503 SERVICE_UNAVAILABLE when the database keeps aborting it as a conflict
 */
export async function verifyMagicLink(db: Database, rawToken: string, client: ClientInfo = NO_CLIENT) {
  const outcome = await transactionWithRetry(db, async (tx) => {
    // Lock order (docs/architecture.md "Lock order"): the user row before the link, as
    // deactivation does (it locks the user, then deletes the unused links). Consuming first
    // would hold the link while waiting for the user: a deadlock with a deactivation.
    const seen = await magicLinks.check(tx, rawToken);
    if (seen.status !== "ok") return { kind: "refused" as const, refused: seen };
    const [user] = await tx
      .update(users)
      .set({ lastLoginAt: new Date(), isEmailVerified: true })
      .where(and(eq(users.id, seen.row.userId), eq(users.isActive, true)))
      .returning();
    // Re-read after waiting for the user row: a deactivation that committed meanwhile wins.
    if (!user) throw accountInactive();
    const link = await magicLinks.consume(tx, rawToken);
    if (link.status !== "ok") return { kind: "refused" as const, refused: link };
    const session = await startSignedInSession(tx, user, client, "magic_link");
    return { kind: "signed-in" as const, user, session };
  });
  if (outcome.kind === "refused") {
    const { refused } = outcome;
    const action = refusalAction(refused.status);
    if (action && "row" in refused) {
      // Outside the transaction above, which changed nothing: this entry is all that stays.
      const owner = await firstRow(db.select().from(users).where(eq(users.id, refused.row.userId)));
      if (owner) {
        await recordAudit(db, {
          action,
          actor: null,
          target: { id: owner.id, email: owner.email, companyId: owner.companyId },
          detail: "magic_link",
          client,
        });
      }
    }
    throw refuseToken(refused.status, MAGIC_LINK_MESSAGES);
  }
  return { user: outcome.user, session: outcome.session };
}

/**
 * Signs the browser holding `rawToken` out (`POST /api/auth/logout`): deletes its session and
 * appends a `signed_out` entry to the audit trail (ADR 0057) when there was one.
 */
export async function signOut(db: Database, rawToken: string, client: ClientInfo = NO_CLIENT): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = await deleteSession(tx, rawToken);
    if (userId === undefined) return;
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return;
    await recordAudit(tx, {
      action: "signed_out",
      actor: user,
      target: { id: user.id, email: user.email, companyId: user.companyId },
      client,
    });
  });
}

/**
 * Ends sessions of the signed-in user herself (docs/product.md#12-account-records): one of hers
 * (`{ ids: [id] }`) or every other one (`{ except: currentId }`, sign out other devices), at
 * once. Appends a `session_ended` entry (actor and target her, detail how many) when any was live.
 * @returns how many live sessions were ended
 */
export async function endOwnSessions(
  db: Database,
  user: UserRow,
  which: { ids: number[] } | { except: number },
  client: ClientInfo = NO_CLIENT,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await endSessions(tx, user.id, which);
    if (ended > 0) {
      await recordAudit(tx, {
        action: "session_ended",
        actor: user,
        target: { id: user.id, email: user.email, companyId: user.companyId },
        detail: String(ended),
        client,
      });
    }
    return ended;
  });
}

/**
 * Stores the portal and email language a signed-in user chose (ADR 0025).
 * @returns the stored language
 */
export async function setUserLanguage(db: Database, userId: number, language: Language): Promise<Language> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
  return language;
}
