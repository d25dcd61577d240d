import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ERROR_CODES } from "../../common/api/errors";
import type { InvitationPreview, InvitationStatus, InvitationSummary } from "../../common/api/invitations";
import type { Language } from "../../common/languages";
import { INVITATION_TTL_MS } from "../../common/limits";
import type { Role } from "../../common/roles";
import { type ClientInfo, NO_CLIENT, recordAudit, refusalAction } from "../auth/audit";
import {
  type Actor,
  inScope,
  inviteCompany,
  inviteRefusal,
  type ManageScope,
  manageScope,
  scopeFilter,
} from "../auth/policy";
import { createSession, type UserRow } from "../auth/sessions";
import { refuseToken, type TokenMessages, verificationTokens } from "../auth/verification-tokens";
import { companyNameOf } from "../companies/service";
import type { AppConfig } from "../config";
import { badRequest, conflict, forbidden, notFound } from "../core/errors";
import { dataKeyring } from "../crypto/data-keys";
import type { Database, Executor } from "../db/database";
import { firstRow, hasRow } from "../db/queries";
import { transactionWithRetry } from "../db/retry";
import { companies, userInvitations, users } from "../db/schema";
import { enqueueEmail } from "../mail/outbox";
import { invitationEmail } from "./emails";

/** Invitation links through the shared token mechanism (ADR 0024). */
const invitationLinks = verificationTokens(userInvitations);

/** What the accept screen says for each refusal; statuses and codes are the mechanism's. */
const INVITATION_MESSAGES: TokenMessages = {
  invalid: "The invitation link is invalid or has expired",
  used: "This invitation has already been used.",
  revoked: "This invitation was withdrawn.",
  expired: "This invitation has expired.",
};

/** First key of the two-key advisory lock that serialises invitations to one address. */
const INVITATION_LOCK_NAMESPACE = 7_311_011;
const inviters = alias(users, "inviters");

/**
 * Serialises everything that decides which invitations to one address are pending (sending,
 * accepting) across requests and processes. Lock order (docs/architecture.md "Lock order"): this
 * lock, then the inviter's user row, then invitation rows.
 */
async function lockAddress(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INVITATION_LOCK_NAMESPACE}, hashtext(${email}))`);
}

/**
 * The inviter's row as it is now, share-locked until the transaction ends, so a deactivation or
 * role change of hers waits for this transaction (and then revokes what it must) instead of
 * slipping in between the check and the write. Undefined once she is deleted.
 */
async function lockInviter(tx: Executor, id: number): Promise<UserRow | undefined> {
  return firstRow(tx.select().from(users).where(eq(users.id, id)).for("share"));
}

/** The inviter fields the authority rule reads. */
type InviterState = Actor & Pick<UserRow, "isActive">;

/**
 * Why `inviter` may no longer stand behind an invitation for `invitation.role` into
 * `invitation.companyId`, or null when she still may (ADR 0032): she must be active and her
 * current role and company must allow the invitation ({@link inviteRefusal}).
 */
function authorityRefusal(
  inviter: InviterState | undefined,
  invitation: Pick<InvitationRow, "role" | "companyId">,
): string | null {
  if (!inviter) return "The person who sent this invitation no longer has an account.";
  if (!inviter.isActive) return "Your account is deactivated.";
  return inviteRefusal(inviter, invitation);
}

/**
 * Withdraws the not yet accepted invitations `inviter` sent that her current state no longer
 * allows (ADR 0032): all of them once she is deactivated; after a role or company change, those
 * her new role may not send into their company. Call it in the transaction that changes her, after
 * locking her row, so nothing she sent outlives her authority. Expired ones are withdrawn too, so
 * a resend cannot revive them. A deleted inviter's invitations go with her row (ON DELETE CASCADE).
 * @returns how many invitations were withdrawn
 */
export async function revokeInvitationsBeyondAuthority(tx: Executor, inviter: InviterState): Promise<number> {
  const open = await tx
    .select({ id: userInvitations.id, role: userInvitations.role, companyId: userInvitations.companyId })
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.invitedBy, inviter.id),
        eq(userInvitations.used, false),
        isNull(userInvitations.revokedAt),
      ),
    );
  const lapsed = open.filter((row) => authorityRefusal(inviter, row) !== null).map((row) => row.id);
  if (lapsed.length > 0) {
    await tx
      .update(userInvitations)
      .set({ revokedAt: new Date() })
      .where(inArray(userInvitations.id, lapsed));
  }
  return lapsed.length;
}

type InvitationRow = typeof userInvitations.$inferSelect;

/** pending / accepted / expired / revoked, in that order of precedence after acceptance. */
export function invitationStatus(
  row: Pick<InvitationRow, "used" | "revokedAt" | "expiresAt">,
  now = new Date(),
): InvitationStatus {
  if (row.used) return "accepted";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}

async function selectInvitations(db: Executor, where: SQL | undefined): Promise<InvitationSummary[]> {
  const rows = await db
    .select({ invitation: userInvitations, companyName: companies.name, invitedByName: inviters.fullName })
    .from(userInvitations)
    .leftJoin(companies, eq(companies.id, userInvitations.companyId))
    .leftJoin(inviters, eq(inviters.id, userInvitations.invitedBy))
    .where(where)
    .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id));
  const now = new Date();
  return rows.map(({ invitation, companyName, invitedByName }) => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    companyId: invitation.companyId,
    companyName,
    invitedByName,
    status: invitationStatus(invitation, now),
    expiresAt: invitation.expiresAt.toISOString(),
    createdAt: invitation.createdAt.toISOString(),
  }));
}

/** Invitations in `scope` (ADR 0009: by the invitation's company). */
const invitationsIn = (scope: ManageScope) => scopeFilter(scope, userInvitations.companyId);

const emailTaken = () => conflict("An account with this email already exists.", ERROR_CODES.EMAIL_TAKEN);

async function assertEmailFree(db: Executor, email: string): Promise<void> {
  if (await hasRow(db, users, eq(users.email, email))) throw emailTaken();
}

/**
 * 409 EMAIL_TAKEN when `email` has an account the inviter can see (ADR 0017). An account
 * outside the inviter's scope (another tenant's) is treated as no account at all: the
 * invitation goes out as usual and its accept answers EMAIL_TAKEN to the recipient, who knows
 * their account. So a company admin learns nothing about other tenants' accounts.
 */
async function assertNoAccountInScope(db: Executor, scope: ManageScope, email: string): Promise<void> {
  const account = await firstRow(
    db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email)),
  );
  if (account && inScope(scope, account.companyId)) throw emailTaken();
}

async function queueInvitationEmail(
  tx: Executor,
  config: AppConfig,
  options: {
    email: string;
    token: string;
    inviterName: string;
    role: Role;
    companyName: string | null;
    language: Language;
  },
) {
  const mail = invitationEmail({ publicUrl: config.PUBLIC_URL, ...options });
  // The invitation's token is sealed at rest, never stored in the clear (ADR 0074).
  await enqueueEmail(
    tx,
    { kind: "invitation", to: options.email, ...mail, secrets: { token: options.token } },
    dataKeyring(config),
  );
}

/**
 * Invites `input.email` (docs/product.md#7-api `POST /api/invitations/send`; ADR 0017, 0033). Role rules
 * are the policy's `inviteRefusal`: an admin may invite any role into any company; a company
 * admin only user or company_admin, only into their own company (used when none is given). A
 * company admin invitee must belong to a company. The email goes into the outbox in the same
 * transaction. The inviter's row is read again under a share lock (ADR 0032), so a deactivation
 * or demotion that commits first refuses the invitation, and one that commits later revokes it.
 *
 * Re-inviting an address with a pending invitation the inviter can see (ADR 0017):
 * - the earlier pending invitations in the inviter's scope stop working (never other tenants');
 * - the company is kept when the request names none (`companyId` omitted or null); naming a
 *   different one needs `replaceCompany: true` (409 INVITATION_COMPANY_CONFLICT otherwise);
 *   `replaceCompany: true` uses the requested company, none included.
 * Another tenant's pending invitation to the same address neither blocks nor shows (ADR 0033):
 * both stay pending, and the first accepted revokes the other. An existing account answers 409
 * EMAIL_TAKEN only when it lies in the inviter's scope (see {@link assertNoAccountInScope}).
 * @throws 403 FORBIDDEN for a role or company the inviter may not use; 400 COMPANY_NOT_FOUND /
 *   COMPANY_REQUIRED; 409 EMAIL_TAKEN / INVITATION_COMPANY_CONFLICT
 */
export async function sendInvitation(
  db: Database,
  config: AppConfig,
  inviter: UserRow,
  input: {
    email: string;
    role: Role;
    companyId?: number | null | undefined;
    replaceCompany?: boolean | undefined;
    /** The invitation email's language (ADR 0025): the request's, resolved by the route. */
    language: Language;
  },
  client: ClientInfo = NO_CLIENT,
): Promise<InvitationSummary> {
  const early = inviteRefusal(inviter, {
    role: input.role,
    companyId: inviteCompany(inviter, input.companyId),
  });
  if (early) throw forbidden(early);
  return transactionWithRetry(db, async (tx) => {
    await lockAddress(tx, input.email);
    const current = await lockInviter(tx, inviter.id);
    const requested = current ? inviteCompany(current, input.companyId) : null;
    const refusal = authorityRefusal(current, { role: input.role, companyId: requested });
    if (!current || refusal) throw forbidden(refusal ?? undefined);
    const scope = manageScope(current);
    const pending = await tx
      .select({ id: userInvitations.id, companyId: userInvitations.companyId })
      .from(userInvitations)
      .where(
        and(
          eq(userInvitations.email, input.email),
          eq(userInvitations.used, false),
          isNull(userInvitations.revokedAt),
          sql`${userInvitations.expiresAt} > now()`,
        ),
      )
      .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id));
    // Other tenants' pending invitations are none of this inviter's business (ADR 0033).
    const mine = pending.filter((row) => inScope(scope, row.companyId));
    let companyId = requested;
    const previous = mine[0];
    if (previous && !input.replaceCompany && previous.companyId !== companyId) {
      if (input.companyId === undefined || input.companyId === null) {
        companyId = previous.companyId;
      } else {
        const previousName = await companyNameOf(tx, previous.companyId);
        throw conflict(
          `A pending invitation to this address is for ${previousName ?? "no company"}. Send again with replaceCompany to change it.`,
          ERROR_CODES.INVITATION_COMPANY_CONFLICT,
        );
      }
    }
    if (input.role === "company_admin" && companyId === null) {
      throw badRequest("Choose the company this Company Admin will manage.", ERROR_CODES.COMPANY_REQUIRED);
    }
    const companyName = await companyNameOf(tx, companyId);
    if (companyName === undefined) {
      throw badRequest("That company does not exist.", ERROR_CODES.COMPANY_NOT_FOUND);
    }
    await assertNoAccountInScope(tx, scope, input.email);
    const revokeFilter = invitationsIn(scope);
    await tx
      .update(userInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(userInvitations.email, input.email),
          eq(userInvitations.used, false),
          isNull(userInvitations.revokedAt),
          ...(revokeFilter ? [revokeFilter] : []),
        ),
      );
    const token = invitationLinks.issue();
    const [row] = await tx
      .insert(userInvitations)
      .values({
        email: input.email,
        role: input.role,
        companyId,
        invitedBy: current.id,
        tokenHash: token.hash,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        language: input.language,
      })
      .returning({ id: userInvitations.id });
    if (!row) throw new Error("invitation insert returned no row");
    await queueInvitationEmail(tx, config, {
      email: input.email,
      token: token.raw,
      inviterName: current.fullName,
      role: input.role,
      companyName,
      language: input.language,
    });
    await recordAudit(tx, {
      action: "invitation_sent",
      actor: current,
      target: { id: null, email: input.email, companyId },
      detail: input.role,
      client,
    });
    return summaryOf(tx, row.id);
  });
}

/**
 * What an invitation offers, for the accept screen (`POST /api/invitations/inspect`, ADR 0055).
 * Changes nothing. An invitation whose inviter no longer has the authority to send it answers
 * as withdrawn (ADR 0032), as its acceptance would.
 * @throws the shared token answers (ADR 0024): 404 TOKEN_INVALID (unknown or malformed); 410
 *   TOKEN_USED, INVITATION_REVOKED, TOKEN_EXPIRED
 */
export async function previewInvitation(db: Database, rawToken: string): Promise<InvitationPreview> {
  const link = await invitationLinks.check(db, rawToken);
  if (link.status !== "ok") throw refuseToken(link.status, INVITATION_MESSAGES);
  const row = link.row;
  const inviter = await firstRow(db.select().from(users).where(eq(users.id, row.invitedBy)));
  if (authorityRefusal(inviter, row)) throw refuseToken("revoked", INVITATION_MESSAGES);
  const companyName = (await companyNameOf(db, row.companyId)) ?? null;
  return {
    email: row.email,
    role: row.role,
    companyName,
    expiresAt: row.expiresAt.toISOString(),
    language: row.language,
  };
}

/**
 * Accepts an invitation (docs/product.md#7-api `POST /api/invitations/accept`): consumes the token
 * through the shared mechanism (atomic: of concurrent calls exactly one wins; ADR 0024), creates
 * the user with the invited role and company, marks the email verified (the link proved it), and
 * starts a session. A taken email rolls the consumption back. The account's language is
 * `language` when the request names one, else the invitation's (ADR 0025).
 *
 * - The inviter's authority is checked as it is now (ADR 0032): when she is deactivated, deleted,
 *   or her role or company no longer allows this invitation, it is withdrawn (stored as revoked)
 *   and the answer is 410 INVITATION_REVOKED.
 * - The first invitation to an address accepted wins (ADR 0033): every other pending invitation
 *   to it, whichever tenant sent it, is revoked in the same transaction, so its inviter sees it
 *   as revoked.
 * - Lock order (docs/architecture.md "Lock order"): the address lock, the inviter's row, then the
 *   invitation rows, as sending and deactivation take them; a conflict the database still
 *   reports runs the transaction again ({@link transactionWithRetry}).
 * @returns the new user and the raw session token with its expiry
 * @throws the same 404 / 410 as {@link previewInvitation}; 409 EMAIL_TAKEN when the address has
 *   an account; 503 SERVICE_UNAVAILABLE when the database keeps aborting it as a conflict
 */
export async function acceptInvitation(
  db: Database,
  rawToken: string,
  fullName: string,
  language?: Language | undefined,
  client: ClientInfo = NO_CLIENT,
) {
  const outcome = await transactionWithRetry(db, async (tx) => {
    const seen = await invitationLinks.check(tx, rawToken);
    if (seen.status !== "ok") {
      const action = refusalAction(seen.status);
      // Nothing else changes on a refusal: this entry commits alone (ADR 0057).
      if (action && "row" in seen) {
        await recordAudit(tx, {
          action,
          actor: null,
          target: { id: null, email: seen.row.email, companyId: seen.row.companyId },
          detail: "invitation",
          client,
        });
      }
      return { lapsed: false as const, refused: seen.status };
    }
    await lockAddress(tx, seen.row.email);
    const inviter = await lockInviter(tx, seen.row.invitedBy);
    if (authorityRefusal(inviter, seen.row)) {
      // Withdrawn for good (committed), not just refused: the inviters' list shows it revoked.
      await tx
        .update(userInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(userInvitations.id, seen.row.id), isNull(userInvitations.revokedAt)));
      return { lapsed: true as const, refused: undefined };
    }
    const link = await invitationLinks.consume(tx, rawToken);
    if (link.status !== "ok") throw refuseToken(link.status, INVITATION_MESSAGES);
    const invitation = link.row;
    await assertEmailFree(tx, invitation.email);
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        email: invitation.email,
        fullName,
        role: invitation.role,
        companyId: invitation.companyId,
        isEmailVerified: true,
        lastLoginAt: now,
        language: language ?? invitation.language,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw emailTaken();
    // The first accepted wins (ADR 0033): the other tenants' invitations stop here.
    await tx
      .update(userInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(userInvitations.email, invitation.email),
          ne(userInvitations.id, invitation.id),
          eq(userInvitations.used, false),
          isNull(userInvitations.revokedAt),
        ),
      );
    const session = await createSession(tx, user.id, now, client);
    await recordAudit(tx, {
      action: "invitation_accepted",
      actor: user,
      target: { id: user.id, email: user.email, companyId: user.companyId },
      detail: user.role,
      client,
    });
    return { lapsed: false as const, refused: undefined, user, session };
  });
  if (outcome.lapsed) throw refuseToken("revoked", INVITATION_MESSAGES);
  if (outcome.refused) throw refuseToken(outcome.refused, INVITATION_MESSAGES);
  return { user: outcome.user, session: outcome.session };
}

/** Invitations the manager may see, newest first, each with its status. */
export async function listInvitations(db: Database, scope: ManageScope): Promise<InvitationSummary[]> {
  return selectInvitations(db, invitationsIn(scope));
}

/** The invitation summary of `id`, read back inside the transaction that wrote it. */
async function summaryOf(db: Executor, id: number): Promise<InvitationSummary> {
  const [summary] = await selectInvitations(db, eq(userInvitations.id, id));
  if (!summary) throw new Error("invitation vanished");
  return summary;
}

async function findInScope(db: Executor, scope: ManageScope, id: number): Promise<InvitationRow> {
  const filter = invitationsIn(scope);
  const row = await firstRow(
    db
      .select()
      .from(userInvitations)
      .where(filter ? and(eq(userInvitations.id, id), filter) : eq(userInvitations.id, id)),
  );
  if (!row) throw notFound("Invitation not found.");
  return row;
}

/**
 * The not yet accepted invitation `id` that `actor` may manage (resend or revoke): in the
 * actor's `manageScope`, for a role and company the actor may invite.
 * @param forbiddenText the 403 message, given the policy's refusal text
 * @throws 404 outside the scope; 403 for a role or company the actor may not invite (the
 *   policy's `inviteRefusal`); 409 INVITATION_ACCEPTED once accepted
 */
async function findOpenInScope(
  db: Executor,
  actor: UserRow,
  id: number,
  forbiddenText: (refusal: string) => string,
): Promise<InvitationRow> {
  const row = await findInScope(db, manageScope(actor), id);
  const refusal = inviteRefusal(actor, { role: row.role, companyId: row.companyId });
  if (refusal) throw forbidden(forbiddenText(refusal));
  if (row.used) throw conflict("This invitation has already been accepted.", ERROR_CODES.INVITATION_ACCEPTED);
  return row;
}

/**
 * Sends an invitation again with a new link and a fresh 7-day expiry; the old link stops
 * working. Works for pending and expired invitations. The actor becomes the
 * invitation's inviter: the new email names her, and the link now rests on her authority
 * (ADR 0032), read again under a share lock.
 * @throws 404 outside the actor's scope; 403 for a role the actor may not invite; 409
 *   INVITATION_ACCEPTED / INVITATION_REVOKED / EMAIL_TAKEN
 */
export async function resendInvitation(
  db: Database,
  config: AppConfig,
  actor: UserRow,
  id: number,
  client: ClientInfo = NO_CLIENT,
): Promise<InvitationSummary> {
  return transactionWithRetry(db, async (tx) => {
    const current = await lockInviter(tx, actor.id);
    if (!current?.isActive) throw forbidden();
    const row = await findOpenInScope(tx, current, id, (refusal) => refusal);
    if (row.revokedAt)
      throw conflict("This invitation was revoked. Send a new one.", ERROR_CODES.INVITATION_REVOKED);
    await assertNoAccountInScope(tx, manageScope(current), row.email);
    const token = invitationLinks.issue();
    await tx
      .update(userInvitations)
      .set({
        tokenHash: token.hash,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        invitedBy: current.id,
      })
      .where(eq(userInvitations.id, row.id));
    const companyName = (await companyNameOf(tx, row.companyId)) ?? null;
    await queueInvitationEmail(tx, config, {
      email: row.email,
      token: token.raw,
      inviterName: current.fullName,
      role: row.role,
      companyName,
      language: row.language,
    });
    await recordAudit(tx, {
      action: "invitation_resent",
      actor: current,
      target: { id: null, email: row.email, companyId: row.companyId },
      detail: row.role,
      client,
    });
    return summaryOf(tx, row.id);
  });
}

/**
 * Revokes an invitation so its link stops working. Revoking twice is harmless.
 * @throws 404 outside the actor's scope; 403 for a role the actor may not invite; 409
 *   INVITATION_ACCEPTED once accepted
 */
export async function revokeInvitation(
  db: Database,
  actor: UserRow,
  id: number,
  client: ClientInfo = NO_CLIENT,
): Promise<InvitationSummary> {
  return db.transaction(async (tx) => {
    const row = await findOpenInScope(
      tx,
      actor,
      id,
      () => "You may not manage an invitation with this role.",
    );
    if (!row.revokedAt) {
      await tx.update(userInvitations).set({ revokedAt: new Date() }).where(eq(userInvitations.id, row.id));
      await recordAudit(tx, {
        action: "invitation_revoked",
        actor,
        target: { id: null, email: row.email, companyId: row.companyId },
        detail: row.role,
        client,
      });
    }
    return summaryOf(tx, row.id);
  });
}
