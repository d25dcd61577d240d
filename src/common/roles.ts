/**
 * Roles and the permissions derived from them (docs/product.md#6-roles).
 * - isAdmin: role `admin`; isCompanyAdmin: role `company_admin`;
 * - canManageUsers: either of the two.
 */
export const ROLES = ["admin", "company_admin", "user"] as const;
export type Role = (typeof ROLES)[number];

/** Default role of a new user (docs/product.md#3-records, #9-constants). */
export const DEFAULT_ROLE: Role = "user";

export const isAdmin = (role: Role | null | undefined): boolean => role === "admin";
export const isCompanyAdmin = (role: Role | null | undefined): boolean => role === "company_admin";
/** True for roles that may invite users and review background checks (docs/product.md#6-roles). */
export const canManageUsers = (role: Role | null | undefined): boolean =>
  isAdmin(role) || isCompanyAdmin(role);
