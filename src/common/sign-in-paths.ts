import type { Role } from "./roles";

/**
 * The two sign-in entries (ADR 0038): `/admin/login` ('Admin Portal', docs/product.md#2-pages)
 * for admins, `/sign-in` ('Sign in to AisleIQ') for everyone else. Both show the same form.
 */
export const ADMIN_SIGN_IN_PATH = "/admin/login";
export const ACCOUNT_SIGN_IN_PATH = "/sign-in";

/** Where a user of `role` signs in again (after signing out): admins on theirs, the rest on `/sign-in`. */
export function signInPathFor(role: Role | undefined): string {
  return role === "admin" ? ADMIN_SIGN_IN_PATH : ACCOUNT_SIGN_IN_PATH;
}
