import { canManageUsers, isAdmin } from "../../common/roles";
import type { UserRow } from "../auth/sessions";
import { forbidden } from "../http/errors";

/**
 * What a manager may see and change (ADR 0009): an admin everything; a company admin only the
 * users, invitations and background checks of their own company (none when they have no
 * company).
 */
export type ManageScope = { all: true } | { all: false; companyId: number | null };

/**
 * The manage scope of `user`.
 * @throws 403 FORBIDDEN when the user has no manage rights (spec §6 canManageUsers)
 */
export function manageScope(user: Pick<UserRow, "role" | "companyId">): ManageScope {
  if (!canManageUsers(user.role)) throw forbidden();
  if (isAdmin(user.role)) return { all: true };
  return { all: false, companyId: user.companyId };
}
