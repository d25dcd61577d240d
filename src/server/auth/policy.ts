import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import type { ErrorCode } from "../../common/api/errors";
import { invitableRoles } from "../../common/api/invitations";
import { canManageUsers, isAdmin, type Role } from "../../common/roles";
import { forbidden, HttpError, notFound } from "../core/errors";

/**
 * The tenant rules of ADR 0009 and ADR 0017, in one place. Every list, count and per-row
 * decision about what a manager may see or change goes through this module:
 * - an **admin** sees and manages everything;
 * - a **company admin** sees and manages only rows of their own company (`users.company_id`),
 *   nothing when they have no company;
 * - a **user** manages nothing and sees only their own background checks;
 * - nobody reviews their own check or manages their own account (ADR 0017).
 * Route access (who may call a route at all) is declared on the routes (`auth/access.ts`).
 */

/** What a manager may see and change: everything, or one company's rows (none when null). */
export type ManageScope = { all: true } | { all: false; companyId: number | null };

/** The fields of a user the rules read. */
export type Actor = { id: number; role: Role; companyId: number | null };

/**
 * The manage scope of `user`.
 * @throws 403 FORBIDDEN when the user has no manage rights (docs/product.md#6-roles canManageUsers)
 */
export function manageScope(user: Pick<Actor, "role" | "companyId">): ManageScope {
  if (!canManageUsers(user.role)) throw forbidden();
  if (isAdmin(user.role)) return { all: true };
  return { all: false, companyId: user.companyId };
}

/**
 * SQL condition limiting rows to `scope`, given the column that holds a row's company id
 * (`users.company_id` of a check's owner, `user_invitations.company_id`, `companies.id`, …).
 * @returns undefined for an admin (no filter), `false` for a company admin without a company
 */
export function scopeFilter(scope: ManageScope, companyColumn: AnyColumn): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.companyId === null) return sql`false`;
  return eq(companyColumn, scope.companyId);
}

/** True when a row of company `companyId` lies in `scope` (the per-row twin of {@link scopeFilter}). */
export function inScope(scope: ManageScope, companyId: number | null): boolean {
  return scope.all || (scope.companyId !== null && scope.companyId === companyId);
}

/** Scope of `user` when they are a manager, null for a plain user. */
function scopeOrNull(user: Actor): ManageScope | null {
  return canManageUsers(user.role) ? manageScope(user) : null;
}

/** A background check as the rules see it: its owner and the owner's company. */
export type CheckOwnership = { ownerId: number; ownerCompanyId: number | null };

/**
 * True when `viewer` may read a check and download its files: their own, or one whose owner
 * is in their manage scope (ADR 0009). Anything else answers 404 (IDOR).
 */
export function canView(viewer: Actor, check: CheckOwnership): boolean {
  if (check.ownerId === viewer.id) return true;
  const scope = scopeOrNull(viewer);
  return scope !== null && inScope(scope, check.ownerCompanyId);
}

/**
 * Whether `reviewer` may change a check's status: `"ok"`; `"self"` for their own check (never
 * reviewed by its owner, ADR 0017: 403 SELF_REVIEW_FORBIDDEN); `"hidden"` outside their scope
 * (404, ADR 0009).
 */
export function canReview(reviewer: Actor, check: CheckOwnership): "ok" | "self" | "hidden" {
  if (check.ownerId === reviewer.id) return "self";
  const scope = scopeOrNull(reviewer);
  return scope !== null && inScope(scope, check.ownerCompanyId) ? "ok" : "hidden";
}

/**
 * Why `inviter` may not invite someone with `target.role` into company `target.companyId`
 * (already defaulted: a company admin's own company), or null when they may (docs/product.md#5-validation, #6-roles;
 * ADR 0009): an admin any role into any company; a company admin only user or company_admin,
 * only into their own company, and only while they have one.
 */
export function inviteRefusal(
  inviter: Actor,
  target: { role: Role; companyId: number | null },
): string | null {
  const allowed = invitableRoles(inviter.role);
  if (allowed.length === 0) return "You don't have permission to invite users.";
  if (!allowed.includes(target.role)) return "You may not invite someone with this role.";
  if (isAdmin(inviter.role)) return null;
  if (inviter.companyId === null) return "You are not assigned to a company.";
  if (target.companyId !== inviter.companyId) return "You may only invite people into your own company.";
  return null;
}

/**
 * The company an invitation goes to when the inviter names `requested` (undefined or null for
 * none): as named for an admin; a company admin's own company when they name none (ADR 0009).
 * Whether the inviter may use it is {@link inviteRefusal}'s call.
 */
export function inviteCompany(inviter: Actor, requested: number | null | undefined): number | null {
  return requested ?? (isAdmin(inviter.role) ? null : inviter.companyId);
}

/** True when `inviter` may send this invitation (see {@link inviteRefusal}). */
export function canInvite(inviter: Actor, target: { role: Role; companyId: number | null }): boolean {
  return inviteRefusal(inviter, target) === null;
}

/**
 * The changes of user management (ADR 0017); `update` is a role or company change, `passkeys`
 * the removal of someone's passkeys (a lost device, ADR 0061), allowed like deactivation.
 */
export type UserAction = "update" | "deactivate" | "reactivate" | "delete" | "passkeys";

/**
 * Whether `actor` may apply `action` to `target` (ADR 0009, 0017):
 * - `"hidden"` when the target is outside the actor's scope (404, like checks);
 * - `"self"` for the actor's own account (403 SELF_MANAGEMENT_FORBIDDEN: nobody demotes,
 *   deactivates or deletes themselves);
 * - `"forbidden"` for a company admin acting on an admin, or changing role/company or deleting
 *   (admins only);
 * - `"ok"` otherwise.
 */
export function canManageUser(
  actor: Actor,
  target: Pick<Actor, "id" | "role" | "companyId">,
  action: UserAction,
): "ok" | "self" | "forbidden" | "hidden" {
  const scope = scopeOrNull(actor);
  if (scope === null || !inScope(scope, target.companyId)) return "hidden";
  if (target.id === actor.id) return "self";
  if (isAdmin(actor.role)) return "ok";
  if (action === "update" || action === "delete") return "forbidden";
  return isAdmin(target.role) ? "forbidden" : "ok";
}

/**
 * Whether `actor` may see and end `target`'s sessions (docs/product.md#12-account-records): as
 * for deactivation ({@link canManageUser}: an admin anyone's, a company admin those of her
 * company's users but no admin's; `"hidden"` outside the scope), and anyone her own.
 */
export function canManageSessions(
  actor: Actor,
  target: Pick<Actor, "id" | "role" | "companyId">,
): "ok" | "forbidden" | "hidden" {
  if (target.id === actor.id) return "ok";
  const decision = canManageUser(actor, target, "deactivate");
  return decision === "self" ? "ok" : decision;
}

/** What the answer to a refused per-row decision says (see {@link permitted}). */
export interface Refusals {
  /** The 404 text for a missing row or one outside the actor's scope ("Background check not found."). */
  notFound: string;
  /** The 403 for the actor's own row: its own code (SELF_REVIEW_FORBIDDEN…) and text. */
  self: { code: ErrorCode; message: string };
  /** The 403 FORBIDDEN text for an action the actor's role may not take; a general one if omitted. */
  forbidden?: string;
}

/**
 * `row` when `decide(row)` allows it, so every service answers a refused decision alike
 * (ADR 0009, ADR 0017).
 * @param row the row the action is about, undefined when there is none
 * @param decide one of this module's decisions ({@link canReview}, {@link canManageUser})
 * @throws 404 with `refusals.notFound` when there is no row or it is `"hidden"` (outside the
 *   actor's scope, so its existence is not revealed); 403 `refusals.self.code` for `"self"`;
 *   403 FORBIDDEN for `"forbidden"`
 */
export function permitted<T>(
  row: T | undefined,
  decide: (row: T) => "ok" | "self" | "forbidden" | "hidden",
  refusals: Refusals,
): T {
  const decision = row === undefined ? "hidden" : decide(row);
  if (row === undefined || decision === "hidden") throw notFound(refusals.notFound);
  if (decision === "self") throw new HttpError(403, refusals.self.code, refusals.self.message);
  if (decision === "forbidden") throw forbidden(refusals.forbidden);
  return row;
}
