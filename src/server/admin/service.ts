import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { AdminStats } from "../../common/api/companies";
import { ERROR_CODES } from "../../common/api/errors";
import type { SessionInfo } from "../../common/api/sessions";
import type {
  ManagedUser,
  UpdateUserInput,
  UserAudit,
  UserAuditAction,
  UserAuditEntry,
  UserList,
} from "../../common/api/users";
import { AUDIT_CSV_MAX_ROWS } from "../../common/limits";
import { isAdmin } from "../../common/roles";
import { type ClientInfo, emailDigest, NO_CLIENT, recordAudit } from "../auth/audit";
import {
  canManageSessions,
  canManageUser,
  type ManageScope,
  permitted,
  scopeFilter,
  type UserAction,
} from "../auth/policy";
import { deleteSessionsOf, endSessions, listSessions, type UserRow } from "../auth/sessions";
import { deviceLabel } from "../auth/user-agent";
import { deleteUserWithChecks } from "../background-checks/service";
import { companyNameOf } from "../companies/service";
import type { AppConfig } from "../config";
import { badRequest, forbidden, notFound } from "../core/errors";
import type { Database, Executor } from "../db/database";
import { firstRow } from "../db/queries";
import { transactionWithRetry } from "../db/retry";
import { backgroundChecks, companies, passkeys, userAudit, users } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { csvDocument } from "../http/csv";
import { revokeInvitationsBeyondAuthority } from "../invitations/service";
import { removeAllPasskeysOf } from "../passkeys/service";

/**
 * The admin area's queries (`/api/admin/*`): the dashboard figures and user management (ADR 0009,
 * 0017; contract in src/common/api/users.ts). Who may do what is the policy's
 * `canManageUser`; every change writes one `user_audit` row per change in the same transaction.
 */

/** Users in `scope` (ADR 0009: by `users.company_id`); the Users list and Total Users share it. */
export function usersInScope(scope: ManageScope): SQL | undefined {
  return scopeFilter(scope, users.companyId);
}

/**
 * Ends every way a user is signed in or about to sign in: deletes their sessions and their
 * unused magic links (deactivation takes effect at once: no old cookie or emailed link works afterwards), through
 * `deleteSessionsOf` of auth/sessions.ts.
 */
export async function endSessionsOf(tx: Executor, userId: number): Promise<void> {
  await deleteSessionsOf(tx, userId);
}

/** `%text%` for LIKE/ILIKE with the user's `%`, `_` and `\` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type UserWithCompany = { user: UserRow; companyName: string | null; passkeyCount: number };

/** A user's passkey count, as a column of a query on `users` (ADR 0061). */
const passkeyCountColumn =
  sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${users.id})`.mapWith(Number);

function toManagedUser({ user, companyName, passkeyCount }: UserWithCompany): ManagedUser {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    companyId: user.companyId,
    companyName,
    isActive: user.isActive,
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
    passkeyCount,
  };
}

/**
 * The users in the manager's scope (`GET /api/admin/users`, ADR 0009), by name, one page of
 * them. `q` matches name or email case-insensitively as plain text (LIKE wildcards escaped).
 * @param query.page 1-based; a page past the end is empty (total still counts every match)
 */
export async function listUsers(
  db: Database,
  scope: ManageScope,
  query: { q?: string | undefined; page: number; pageSize: number },
): Promise<UserList> {
  const q = query.q?.trim();
  const search = q
    ? or(ilike(users.fullName, containsPattern(q)), ilike(users.email, containsPattern(q)))
    : undefined;
  const where = and(usersInScope(scope), search);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, companyName: companies.name, passkeyCount: passkeyCountColumn })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toManagedUser), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/**
 * Locks and returns the target user when `actor` may apply `action` to them (policy
 * `canManageUser`).
 * @throws 404 outside the actor's scope; 403 SELF_MANAGEMENT_FORBIDDEN for themselves; 403
 *   FORBIDDEN for an action their role may not take (a company admin on an admin)
 */
async function lockTarget(tx: Executor, actor: UserRow, id: number, action: UserAction): Promise<UserRow> {
  const [target] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return permitted(target, (row) => canManageUser(actor, row, action), {
    notFound: "User not found.",
    self: {
      code: ERROR_CODES.SELF_MANAGEMENT_FORBIDDEN,
      message: "You can't change, deactivate or delete your own account. Ask another admin.",
    },
    forbidden: "You don't have permission to change this user.",
  });
}

/** One user-management entry of the audit trail (auth/audit.ts), in the change's transaction. */
async function audit(
  tx: Executor,
  actor: UserRow,
  target: UserRow,
  action: UserAuditAction,
  extra: {
    detail?: string | null;
    newCompanyId?: number | null;
    targetGone?: boolean;
    client?: ClientInfo;
  } = {},
): Promise<void> {
  await recordAudit(tx, {
    action,
    actor,
    target: { id: extra.targetGone ? null : target.id, email: target.email, companyId: target.companyId },
    newCompanyId: extra.newCompanyId ?? null,
    detail: extra.detail ?? null,
    client: extra.client ?? NO_CLIENT,
  });
}

async function managedUser(db: Executor, id: number): Promise<ManagedUser> {
  const row = await firstRow(
    db
      .select({ user: users, companyName: companies.name, passkeyCount: passkeyCountColumn })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, id)),
  );
  if (!row) throw notFound("User not found.");
  return toManagedUser(row);
}

/**
 * Changes a user's role and/or company (`PATCH /api/admin/users/{id}`, admins only).
 * A company admin must belong to a company. Each actual change writes one audit row
 * (`role_changed` "user → company_admin", `company_changed` "Acme → none"); an unchanged value
 * writes none. The new role applies from the user's next request (sessions read it each time).
 * Her pending invitations that the new role or company no longer allows are revoked in the same
 * transaction (ADR 0032).
 * @throws 404 / 403 as {@link lockTarget}; 400 COMPANY_NOT_FOUND / COMPANY_REQUIRED
 */
export async function updateUser(
  db: Database,
  actor: UserRow,
  id: number,
  input: UpdateUserInput,
  client: ClientInfo = NO_CLIENT,
): Promise<ManagedUser> {
  return transactionWithRetry(db, async (tx) => {
    const target = await lockTarget(tx, actor, id, "update");
    const role = input.role ?? target.role;
    const companyId = input.companyId === undefined ? target.companyId : input.companyId;
    const [oldName, newName] = await Promise.all([
      companyNameOf(tx, target.companyId),
      companyNameOf(tx, companyId),
    ]);
    if (newName === undefined)
      throw badRequest("That company does not exist.", ERROR_CODES.COMPANY_NOT_FOUND);
    if (role === "company_admin" && companyId === null) {
      throw badRequest("A Company Admin must belong to a company. Choose one.", ERROR_CODES.COMPANY_REQUIRED);
    }
    if (role !== target.role || companyId !== target.companyId) {
      await tx.update(users).set({ role, companyId }).where(eq(users.id, target.id));
      // What she sent under her old role or company must not outlive it (ADR 0032).
      await revokeInvitationsBeyondAuthority(tx, { ...target, role, companyId });
    }
    if (role !== target.role) {
      await audit(tx, actor, target, "role_changed", { detail: `${target.role} → ${role}`, client });
    }
    if (companyId !== target.companyId) {
      await audit(tx, actor, target, "company_changed", {
        detail: `${oldName ?? "none"} → ${newName ?? "none"}`,
        newCompanyId: companyId,
        client,
      });
    }
    return managedUser(tx, target.id);
  });
}

/**
 * True when the user's latest deactivation is an admin's to undo (ADR 0032): it was done by
 * someone who is an admin now, by someone since deleted, or outside the app (no audit entry).
 * Only a deactivation by a company admin may be undone by a company admin.
 */
async function deactivatedByAdmin(tx: Executor, userId: number): Promise<boolean> {
  const latest = await firstRow(
    tx
      .select({ actorRole: users.role })
      .from(userAudit)
      .leftJoin(users, eq(users.id, userAudit.actorId))
      .where(and(eq(userAudit.targetUserId, userId), eq(userAudit.action, "deactivated")))
      .orderBy(desc(userAudit.at), desc(userAudit.id)),
  );
  return !latest?.actorRole || isAdmin(latest.actorRole);
}

/**
 * Deactivates or reactivates a user (ADR 0009: admins, and company admins in their company,
 * never on admins or themselves). Deactivating deletes the user's sessions, unused magic
 * links and passkeys (ADR 0076: a passkey outlives sessions) and revokes the invitations she
 * sent (ADR 0032) in the same transaction, so she is signed
 * out at once and nothing she sent can still be accepted; reactivating deletes sessions and links
 * again (any that raced the deactivation), so it revives nothing, and revives no invitation.
 * A company admin may not undo a deactivation an admin made (ADR 0032). Setting the state a user
 * already has changes nothing and writes no audit row.
 *
 * Lock order (docs/architecture.md "Lock order"): the user row first, as sign-in and invitation
 * acceptance take it; a conflict the database still reports runs the transaction again.
 * @throws 404 / 403 as {@link lockTarget}; 403 FORBIDDEN for a company admin reactivating a user
 *   an admin deactivated; 503 SERVICE_UNAVAILABLE when the database keeps aborting it as a conflict
 */
export async function setUserActive(
  db: Database,
  actor: UserRow,
  id: number,
  active: boolean,
  client: ClientInfo = NO_CLIENT,
): Promise<ManagedUser> {
  return transactionWithRetry(db, async (tx) => {
    const target = await lockTarget(tx, actor, id, active ? "reactivate" : "deactivate");
    if (target.isActive !== active) {
      if (active && !isAdmin(actor.role) && (await deactivatedByAdmin(tx, target.id))) {
        throw forbidden("An admin deactivated this user. Only an admin can reactivate them.");
      }
      await tx.update(users).set({ isActive: active }).where(eq(users.id, target.id));
      // Also on reactivation: a session that raced the deactivation must not come back to life.
      await endSessionsOf(tx, target.id);
      if (!active) {
        await revokeInvitationsBeyondAuthority(tx, { ...target, isActive: false });
        // A passkey outlives every session: one added with a stolen cookie would sign in again
        // after reactivation. Deactivation removes them, each an audit entry; reactivation
        // brings none back (ADR 0076).
        await removeAllPasskeysOf(tx, null, target, { actor, client });
      }
      await audit(tx, actor, target, active ? "reactivated" : "deactivated", { client });
    }
    return managedUser(tx, target.id);
  });
}

/**
 * Removes every passkey of a user (ADR 0061: a lost or stolen device), for managers in their
 * scope, never on admins (company admins) or themselves, like deactivation; she is emailed about
 * it, and each passkey removed is a `passkey_removed` audit entry by `actor` (ADR 0057). Her
 * sessions stay: whoever holds the device is stopped at the next sign-in, and an admin who wants
 * her signed out deactivates her.
 * @param client the admin's browser, kept by the entries
 * @returns how many passkeys were removed (0 when she had none)
 * @throws 404 / 403 as {@link lockTarget}
 */
export async function removeUserPasskeys(
  db: Database,
  config: AppConfig,
  actor: UserRow,
  id: number,
  client: ClientInfo = NO_CLIENT,
): Promise<number> {
  return transactionWithRetry(db, async (tx) => {
    const target = await lockTarget(tx, actor, id, "passkeys");
    return removeAllPasskeysOf(tx, config, target, { actor, client });
  });
}

/**
 * Deletes a user (`DELETE /api/admin/users/{id}`, admins only, never themselves):
 * their sessions, links and background checks go with them, and the checks' files are removed
 * from storage (`deleteUserWithChecks`). The audit row keeps the target's email.
 * @throws 404 / 403 as {@link lockTarget}
 */
export async function deleteUser(
  db: Database,
  storage: FileStorage,
  actor: UserRow,
  id: number,
  client: ClientInfo = NO_CLIENT,
): Promise<void> {
  const { target, checks } = await db.transaction(async (tx) => {
    const locked = await lockTarget(tx, actor, id, "delete");
    const [row] = await tx
      .select({ n: count() })
      .from(backgroundChecks)
      .where(eq(backgroundChecks.userId, id));
    return { target: locked, checks: row?.n ?? 0 };
  });
  if (!(await deleteUserWithChecks(db, storage, target.id))) throw notFound("User not found.");
  const detail = checks === 0 ? null : `${checks} background check${checks === 1 ? "" : "s"} removed`;
  await audit(db, actor, target, "deleted", { detail, targetGone: true, client });
}

/** The audit trail's filters (`GET /api/admin/users/audit`, ADR 0057); all optional. */
export interface AuditFilters {
  /** Text in the actor's name or address, the target's address or current name; or an exact unknown address. */
  q?: string | undefined;
  /** Entries by or about this user. */
  userId?: number | undefined;
  action?: UserAuditAction | undefined;
  /** ISO 8601 instants, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The SQL condition of a manager's scope and the filters over `user_audit`. */
function auditWhere(scope: ManageScope, filters: AuditFilters): SQL | undefined {
  const before = scopeFilter(scope, userAudit.companyId);
  const inScope = before === undefined ? undefined : or(before, scopeFilter(scope, userAudit.newCompanyId));
  const q = filters.q?.trim();
  const text = q
    ? or(
        ilike(userAudit.actorName, containsPattern(q)),
        ilike(userAudit.actorEmail, containsPattern(q)),
        ilike(userAudit.targetEmail, containsPattern(q)),
        inArray(
          userAudit.targetUserId,
          sql`(select ${users.id} from ${users} where ${users.fullName} ilike ${containsPattern(q)})`,
        ),
        // An address without an account is stored as a digest only: the exact address finds it.
        eq(userAudit.emailDigest, emailDigest(q)),
      )
    : undefined;
  return and(
    inScope,
    text,
    filters.userId === undefined
      ? undefined
      : or(eq(userAudit.actorId, filters.userId), eq(userAudit.targetUserId, filters.userId)),
    filters.action === undefined ? undefined : eq(userAudit.action, filters.action),
    filters.from === undefined ? undefined : gte(userAudit.at, new Date(filters.from)),
    filters.to === undefined ? undefined : lte(userAudit.at, new Date(filters.to)),
  );
}

function toAuditEntry(row: typeof userAudit.$inferSelect): UserAuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actorId: row.actorId,
    actorName: row.actorName,
    actorEmail: row.actorEmail,
    targetEmail: row.targetEmail,
    targetUserId: row.targetUserId,
    detail: row.detail,
    ip: row.ip,
    device: deviceLabel(row.userAgent),
  };
}

/**
 * The audit trail in the manager's scope, newest first (`GET /api/admin/users/audit`,
 * ADR 0057): everything for an admin; for a company admin the entries about users of their
 * company (before or after a company change), invitations into it and its users' sign-ins.
 * Entries about addresses without an account belong to no company: admins only.
 */
export async function listUserAudit(
  db: Database,
  scope: ManageScope,
  query: AuditFilters & { page: number; pageSize: number },
): Promise<UserAudit> {
  const where = auditWhere(scope, query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userAudit)
      .where(where)
      .orderBy(desc(userAudit.at), desc(userAudit.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(userAudit).where(where),
  ]);
  return {
    entries: rows.map(toAuditEntry),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The columns of the audit trail's CSV, in order (the JSON fields of the same names). */
export const AUDIT_CSV_COLUMNS = [
  "id",
  "at",
  "action",
  "actorId",
  "actorName",
  "actorEmail",
  "targetUserId",
  "targetEmail",
  "detail",
  "ip",
  "device",
] as const satisfies readonly (keyof UserAuditEntry)[];

/**
 * Every entry matching the filters in the manager's scope, newest first, as CSV (RFC 4180,
 * formula-safe cells; ADR 0057): the columns of {@link AUDIT_CSV_COLUMNS}, empty cells for
 * nulls; at most {@link AUDIT_CSV_MAX_ROWS} entries (the newest).
 */
export async function userAuditCsv(db: Database, scope: ManageScope, filters: AuditFilters): Promise<string> {
  const rows = await db
    .select()
    .from(userAudit)
    .where(auditWhere(scope, filters))
    .orderBy(desc(userAudit.at), desc(userAudit.id))
    .limit(AUDIT_CSV_MAX_ROWS);
  return csvDocument(
    [...AUDIT_CSV_COLUMNS],
    rows.map((row) => {
      const entry = toAuditEntry(row);
      return AUDIT_CSV_COLUMNS.map((column) => {
        const value = entry[column];
        return value === null ? "" : String(value);
      });
    }),
  );
}

/**
 * Locks and returns a user whose sessions `actor` may see and end (policy `canManageSessions`).
 * @throws 404 outside the actor's scope; 403 FORBIDDEN for a company admin on an admin
 */
async function sessionsTarget(tx: Executor, actor: UserRow, id: number, lock: boolean): Promise<UserRow> {
  const query = tx.select().from(users).where(eq(users.id, id));
  const [target] = lock ? await query.for("update") : await query;
  return permitted(target, (row) => canManageSessions(actor, row), {
    notFound: "User not found.",
    self: { code: ERROR_CODES.SELF_MANAGEMENT_FORBIDDEN, message: "" },
    forbidden: "You don't have permission to manage this user's sessions.",
  });
}

/**
 * A managed user's live sessions (docs/product.md#12-account-records
 * `GET /api/admin/users/{id}/sessions`): any user's for an admin, her company's users' for a
 * company admin (never an admin's), and anyone's own.
 * @param currentId the asking request's session, marked `current` when it is among them
 * @throws 404 / 403 as {@link sessionsTarget}
 */
export async function listUserSessions(
  db: Database,
  actor: UserRow,
  id: number,
  currentId: number | null,
): Promise<SessionInfo[]> {
  const target = await sessionsTarget(db, actor, id, false);
  return listSessions(db, target.id, currentId);
}

/**
 * Ends one or all of a managed user's sessions at once (`DELETE /api/admin/users/{id}/sessions`
 * and `…/sessions/{sessionId}`): her next request on them answers 401. Appends a
 * `session_ended` entry (detail: how many) when any was live.
 * @param sessionId one session, or undefined for all of them
 * @returns how many live sessions were ended
 * @throws 404 / 403 as {@link sessionsTarget}
 */
export async function endUserSessions(
  db: Database,
  actor: UserRow,
  id: number,
  sessionId: number | undefined,
  client: ClientInfo = NO_CLIENT,
): Promise<number> {
  return transactionWithRetry(db, async (tx) => {
    // The user row first (docs/architecture.md "Lock order"), then her sessions.
    const target = await sessionsTarget(tx, actor, id, true);
    const ended = await endSessions(tx, target.id, sessionId === undefined ? "all" : { ids: [sessionId] });
    if (ended > 0) await audit(tx, actor, target, "session_ended", { detail: String(ended), client });
    return ended;
  });
}

/**
 * The four admin dashboard figures (docs/product.md#2-pages; Total Users is a real count, not a placeholder). An admin
 * sees the whole system; a company admin their own company (ADR 0009): its users, the company
 * itself, and its users' checks. Total Users counts exactly the rows the Users list shows
 * (one scope filter, `usersInScope`, ADR 0017).
 */
export async function adminStats(db: Database, scope: ManageScope): Promise<AdminStats> {
  const userFilter = usersInScope(scope);
  const companyFilter = scopeFilter(scope, companies.id);
  const checksWith = async (status: "pending" | "approved") => {
    const [row] = await db
      .select({ n: count() })
      .from(backgroundChecks)
      .innerJoin(users, eq(users.id, backgroundChecks.userId))
      .where(
        userFilter
          ? and(eq(backgroundChecks.status, status), userFilter)
          : eq(backgroundChecks.status, status),
      );
    return row?.n ?? 0;
  };
  const [[userCount], [companyCount], pendingChecks, approved] = await Promise.all([
    db.select({ n: count() }).from(users).where(userFilter),
    db.select({ n: count() }).from(companies).where(companyFilter),
    checksWith("pending"),
    checksWith("approved"),
  ]);
  return { totalUsers: userCount?.n ?? 0, companies: companyCount?.n ?? 0, pendingChecks, approved };
}
