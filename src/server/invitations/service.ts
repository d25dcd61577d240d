import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ERROR_CODES } from "../../common/api/errors";
import {
  type InvitationPreview,
  type InvitationStatus,
  type InvitationSummary,
  invitableRoles,
} from "../../common/api/invitations";
import { INVITATION_TTL_MS } from "../../common/limits";
import type { Role } from "../../common/roles";
import { createSession, type UserRow } from "../auth/sessions";
import { hashToken, issueToken } from "../auth/tokens";
import type { ManageScope } from "../companies/scope";
import type { AppConfig } from "../config";
import type { Database, Executor } from "../db/database";
import { companies, userInvitations, users } from "../db/schema";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../http/errors";
import { enqueueEmail } from "../mail/outbox";
import { invitationEmail } from "./email";

/** Machine codes of the invitations API (never rename one). */
export const INVITATION_CODES = {
  NOT_FOUND: "INVITATION_NOT_FOUND",
  REVOKED: "INVITATION_REVOKED",
  USED: ERROR_CODES.TOKEN_USED,
  EXPIRED: ERROR_CODES.TOKEN_EXPIRED,
  COMPANY_NOT_FOUND: "COMPANY_NOT_FOUND",
  COMPANY_REQUIRED: "COMPANY_REQUIRED",
} as const;

const RAW_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const inviters = alias(users, "inviters");

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

function scopeFilter(scope: ManageScope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.companyId === null) return sql`false`;
  return eq(userInvitations.companyId, scope.companyId);
}

async function assertEmailFree(db: Executor, email: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw conflict("An account with this email already exists.", ERROR_CODES.EMAIL_TAKEN);
}

async function queueInvitationEmail(
  tx: Executor,
  config: AppConfig,
  options: { email: string; token: string; inviterName: string; role: Role; companyName: string | null },
) {
  const mail = invitationEmail({ publicUrl: config.PUBLIC_URL, ...options });
  await enqueueEmail(tx, { kind: "invitation", to: options.email, ...mail });
}

/**
 * Invites `input.email` (spec §7 `POST /api/invitations/send`, issue #3). Role rules: an admin
 * may invite any role into any company; a company admin only user or company_admin, and only
 * into their own company (their company is used when none is given). A company admin invitee
 * must belong to a company. Earlier pending invitations to the same address stop working.
 * The email goes into the outbox in the same transaction.
 * @throws 403 FORBIDDEN for a role or company the inviter may not use; 400 COMPANY_NOT_FOUND /
 *   COMPANY_REQUIRED; 409 EMAIL_TAKEN when the address already has an account
 */
export async function sendInvitation(
  db: Database,
  config: AppConfig,
  inviter: UserRow,
  input: { email: string; role: Role; companyId?: number | null | undefined },
): Promise<InvitationSummary> {
  const allowed = invitableRoles(inviter.role);
  if (allowed.length === 0) throw forbidden("You don't have permission to invite users.");
  if (!allowed.includes(input.role)) throw forbidden("You may not invite someone with this role.");
  let companyId = input.companyId ?? null;
  if (inviter.role !== "admin") {
    if (inviter.companyId === null) throw forbidden("You are not assigned to a company.");
    if (companyId !== null && companyId !== inviter.companyId) {
      throw forbidden("You may only invite people into your own company.");
    }
    companyId = inviter.companyId;
  }
  if (input.role === "company_admin" && companyId === null) {
    throw badRequest("Choose the company this Company Admin will manage.", INVITATION_CODES.COMPANY_REQUIRED);
  }
  return db.transaction(async (tx) => {
    const companyName = companyId === null ? null : await companyNameOf(tx, companyId);
    if (companyName === undefined) {
      throw badRequest("That company does not exist.", INVITATION_CODES.COMPANY_NOT_FOUND);
    }
    await assertEmailFree(tx, input.email);
    await tx
      .update(userInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(userInvitations.email, input.email),
          eq(userInvitations.used, false),
          isNull(userInvitations.revokedAt),
        ),
      );
    const token = issueToken();
    const [row] = await tx
      .insert(userInvitations)
      .values({
        email: input.email,
        role: input.role,
        companyId,
        invitedBy: inviter.id,
        tokenHash: token.hash,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning({ id: userInvitations.id });
    if (!row) throw new Error("invitation insert returned no row");
    await queueInvitationEmail(tx, config, {
      email: input.email,
      token: token.raw,
      inviterName: inviter.fullName,
      role: input.role,
      companyName,
    });
    return summaryOf(tx, row.id);
  });
}

/** 404 / 410 for a token that cannot be used, by why. */
function unusable(row: InvitationRow | undefined): HttpError {
  if (!row)
    return new HttpError(404, INVITATION_CODES.NOT_FOUND, "The invitation link is invalid or has expired");
  if (row.used) return new HttpError(410, INVITATION_CODES.USED, "This invitation has already been used.");
  if (row.revokedAt) return new HttpError(410, INVITATION_CODES.REVOKED, "This invitation was withdrawn.");
  return new HttpError(410, INVITATION_CODES.EXPIRED, "This invitation has expired.");
}

async function findByToken(db: Executor, rawToken: string): Promise<InvitationRow | undefined> {
  if (!RAW_TOKEN.test(rawToken)) return undefined;
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(eq(userInvitations.tokenHash, hashToken(rawToken)))
    .limit(1);
  return row;
}

/**
 * What an invitation offers, for the accept screen (issue #3 `GET /api/invitations/{token}`).
 * @throws 404 INVITATION_NOT_FOUND (unknown or malformed); 410 TOKEN_USED, INVITATION_REVOKED,
 *   TOKEN_EXPIRED
 */
export async function previewInvitation(db: Database, rawToken: string): Promise<InvitationPreview> {
  const row = await findByToken(db, rawToken);
  if (!row || invitationStatus(row) !== "pending") throw unusable(row);
  let companyName: string | null = null;
  if (row.companyId !== null) {
    const [company] = await db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, row.companyId))
      .limit(1);
    companyName = company?.name ?? null;
  }
  return { email: row.email, role: row.role, companyName, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Accepts an invitation (spec §7 `POST /api/invitations/accept`): consumes the token atomically
 * (of concurrent calls exactly one wins), creates the user with the invited role and company,
 * marks the email verified (the link proved it), and starts a session.
 * @returns the new user and the raw session token with its expiry
 * @throws 404 / 410 as {@link previewInvitation}; 409 EMAIL_TAKEN when the address has an account
 */
export async function acceptInvitation(db: Database, rawToken: string, fullName: string) {
  if (!RAW_TOKEN.test(rawToken)) throw unusable(undefined);
  const tokenHash = hashToken(rawToken);
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(userInvitations)
      .set({ used: true })
      .where(
        and(
          eq(userInvitations.tokenHash, tokenHash),
          eq(userInvitations.used, false),
          isNull(userInvitations.revokedAt),
          sql`${userInvitations.expiresAt} > now()`,
        ),
      )
      .returning();
    if (!invitation) throw unusable(await findByToken(tx, rawToken));
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
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw conflict("An account with this email already exists.", ERROR_CODES.EMAIL_TAKEN);
    const session = await createSession(tx, user.id, now);
    return { user, session };
  });
}

/** Invitations the manager may see, newest first (issue #3), each with its status. */
export async function listInvitations(db: Database, scope: ManageScope): Promise<InvitationSummary[]> {
  return selectInvitations(db, scopeFilter(scope));
}

/** The invitation summary of `id`, read back inside the transaction that wrote it. */
async function summaryOf(db: Executor, id: number): Promise<InvitationSummary> {
  const [summary] = await selectInvitations(db, eq(userInvitations.id, id));
  if (!summary) throw new Error("invitation vanished");
  return summary;
}

/** The name of company `id`, or undefined when there is no such company. */
async function companyNameOf(db: Executor, id: number): Promise<string | undefined> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return company?.name;
}

async function findInScope(db: Executor, scope: ManageScope, id: number): Promise<InvitationRow> {
  const filter = scopeFilter(scope);
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(filter ? and(eq(userInvitations.id, id), filter) : eq(userInvitations.id, id))
    .limit(1);
  if (!row) throw notFound("Invitation not found.");
  return row;
}

/**
 * Sends an invitation again with a new link and a fresh 7-day expiry; the old link stops
 * working (issue #3). Works for pending and expired invitations.
 * @throws 404 outside the actor's scope; 403 for a role the actor may not invite; 409
 *   INVITATION_ACCEPTED / INVITATION_REVOKED / EMAIL_TAKEN
 */
export async function resendInvitation(
  db: Database,
  config: AppConfig,
  actor: UserRow,
  scope: ManageScope,
  id: number,
): Promise<InvitationSummary> {
  return db.transaction(async (tx) => {
    const row = await findInScope(tx, scope, id);
    if (!invitableRoles(actor.role).includes(row.role)) {
      throw forbidden("You may not invite someone with this role.");
    }
    if (row.used) throw conflict("This invitation has already been accepted.", "INVITATION_ACCEPTED");
    if (row.revokedAt)
      throw conflict("This invitation was revoked. Send a new one.", INVITATION_CODES.REVOKED);
    await assertEmailFree(tx, row.email);
    const token = issueToken();
    await tx
      .update(userInvitations)
      .set({ tokenHash: token.hash, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
      .where(eq(userInvitations.id, row.id));
    const companyName = row.companyId === null ? null : ((await companyNameOf(tx, row.companyId)) ?? null);
    await queueInvitationEmail(tx, config, {
      email: row.email,
      token: token.raw,
      inviterName: actor.fullName,
      role: row.role,
      companyName,
    });
    return summaryOf(tx, row.id);
  });
}

/**
 * Revokes an invitation so its link stops working (issue #3). Revoking twice is harmless.
 * @throws 404 outside the actor's scope; 403 for a role the actor may not invite; 409
 *   INVITATION_ACCEPTED once accepted
 */
export async function revokeInvitation(
  db: Database,
  actor: UserRow,
  scope: ManageScope,
  id: number,
): Promise<InvitationSummary> {
  return db.transaction(async (tx) => {
    const row = await findInScope(tx, scope, id);
    if (!invitableRoles(actor.role).includes(row.role)) {
      throw forbidden("You may not manage an invitation with this role.");
    }
    if (row.used) throw conflict("This invitation has already been accepted.", "INVITATION_ACCEPTED");
    if (!row.revokedAt) {
      await tx.update(userInvitations).set({ revokedAt: new Date() }).where(eq(userInvitations.id, row.id));
    }
    return summaryOf(tx, row.id);
  });
}
