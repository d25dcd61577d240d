import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AdminStats } from "../../common/api/companies";
import { ERROR_CODES } from "../../common/api/errors";
import type {
  ManagedUser,
  UpdateUserInput,
  UserAudit,
  UserAuditAction,
  UserList,
} from "../../common/api/users";
import { isAdmin } from "../../common/roles";
import { canManageUser, type ManageScope, permitted, scopeFilter, type UserAction } from "../auth/policy";
import { deleteSessionsOf, type UserRow } from "../auth/sessions";
import { deleteUserWithChecks } from "../background-checks/service";
import { companyNameOf } from "../companies/service";
import type { AppConfig } from "../config";
import type { Database, Executor } from "../db/database";
import { firstRow } from "../db/queries";
import { transactionWithRetry } from "../db/retry";
import { backgroundChecks, companies, passkeys, userAudit, users } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { badRequest, forbidden, notFound } from "../http/errors";
import { revokeInvitationsBeyondAuthority } from "../invitations/service";
import { removeAllPasskeysOf } from "../passkeys/service";

/**
 * The admin area's queries (`/api/admin/*`): the dashboard figures and user management (issue #11
 * "User management", contract in src/common/api/users.ts). Who may do what is the policy's
 * `canManageUser`; every change writes one `user_audit` row per change in the same transaction.
 */

/** Users in `scope` (ADR 0009: by `users.company_id`); the Users list and Total Users share it. */
export function usersInScope(scope: ManageScope): SQL | undefined {
  return scopeFilter(scope, users.companyId);
}

/**
 * Ends every way a user is signed in or about to sign in: deletes their sessions and their
 * unused magic links (issue #11: deactivation takes effect at once), through
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
 * The users in the manager's scope (issue #11 `GET /api/admin/users`), by name, one page of
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

async function audit(
  tx: Executor,
  actor: UserRow,
  target: UserRow,
  action: UserAuditAction,
  extra: { detail?: string | null; newCompanyId?: number | null; targetGone?: boolean } = {},
): Promise<void> {
  await tx.insert(userAudit).values({
    actorId: actor.id,
    actorName: actor.fullName,
    actorEmail: actor.email,
    targetUserId: extra.targetGone ? null : target.id,
    targetEmail: target.email,
    companyId: target.companyId,
    newCompanyId: extra.newCompanyId ?? null,
    action,
    detail: extra.detail ?? null,
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
 * Changes a user's role and/or company (issue #11 `PATCH /api/admin/users/{id}`, admins only).
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
      await audit(tx, actor, target, "role_changed", { detail: `${target.role} → ${role}` });
    }
    if (companyId !== target.companyId) {
      await audit(tx, actor, target, "company_changed", {
        detail: `${oldName ?? "none"} → ${newName ?? "none"}`,
        newCompanyId: companyId,
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
 * Deactivates or reactivates a user (issue #11, admins and company admins in their company,
 * never on admins or themselves). Deactivating deletes the user's sessions and unused magic
 * links and revokes the invitations she sent (ADR 0032) in the same transaction, so she is signed
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
      if (!active) await revokeInvitationsBeyondAuthority(tx, { ...target, isActive: false });
      await audit(tx, actor, target, active ? "reactivated" : "deactivated");
    }
    return managedUser(tx, target.id);
  });
}

/**
 * Removes every passkey of a user (ADR 0061: a lost or stolen device), for managers in their
 * scope, never on admins (company admins) or themselves, like deactivation; she is emailed about
 * it. Her sessions stay: whoever holds the device is stopped at the next sign-in, and an admin
 * who wants her signed out deactivates her.
 * @returns how many passkeys were removed (0 when she had none)
 * @throws 404 / 403 as {@link lockTarget}
 */
export async function removeUserPasskeys(
  db: Database,
  config: AppConfig,
  actor: UserRow,
  id: number,
): Promise<number> {
  return transactionWithRetry(db, async (tx) => {
    const target = await lockTarget(tx, actor, id, "passkeys");
    return removeAllPasskeysOf(tx, config, target);
  });
}

/**
 * Deletes a user (issue #11 `DELETE /api/admin/users/{id}`, admins only, never themselves):
 * their sessions, links and background checks go with them, and the checks' files are removed
 * from storage (`deleteUserWithChecks`). The audit row keeps the target's email.
 * @throws 404 / 403 as {@link lockTarget}
 */
export async function deleteUser(
  db: Database,
  storage: FileStorage,
  actor: UserRow,
  id: number,
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
  await audit(db, actor, target, "deleted", { detail, targetGone: true });
}

/**
 * The user audit trail in the manager's scope, newest first (issue #11
 * `GET /api/admin/users/audit`): everything for an admin; for a company admin the entries about
 * users of their company (before or after a company change).
 */
export async function listUserAudit(
  db: Database,
  scope: ManageScope,
  query: { page: number; pageSize: number },
): Promise<UserAudit> {
  const before = scopeFilter(scope, userAudit.companyId);
  const where = before === undefined ? undefined : or(before, scopeFilter(scope, userAudit.newCompanyId));
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
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actorName: row.actorName,
      actorEmail: row.actorEmail,
      targetEmail: row.targetEmail,
      detail: row.detail,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The four admin dashboard figures (docs/product.md#2-pages; issue #3: Total Users is a real count). An admin
 * sees the whole system; a company admin their own company (ADR 0009): its users, the company
 * itself, and its users' checks. Total Users counts exactly the rows the Users list shows
 * (issue #11: one scope filter, `usersInScope`).
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
