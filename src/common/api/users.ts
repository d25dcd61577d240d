import { z } from "zod";
import { USERS_PAGE_SIZE, USERS_PAGE_SIZE_MAX } from "../limits";
import { ROLES } from "../roles";
import { listResponse, pageNumberFields } from "./fields";

/**
 * Contracts of the user-management API (issue #11, "User management"): admins and company
 * admins list the users in their scope; admins change role and company and delete users;
 * admins and company admins (in their own company, never on admins or themselves) deactivate
 * and reactivate. Every change writes a row to the user audit trail.
 *
 * Routes:
 * - `GET    /api/admin/users?q=&page=&pageSize=`  (manager)  → {@link userListResponseSchema}
 * - `PATCH  /api/admin/users/{id}`                 (admin)    body {@link updateUserBodySchema} → {@link userResponseSchema}
 * - `POST   /api/admin/users/{id}/deactivate`      (manager)  → {@link userResponseSchema}
 * - `POST   /api/admin/users/{id}/reactivate`      (manager)  → {@link userResponseSchema}
 * - `DELETE /api/admin/users/{id}`                 (admin)    → 204
 * - `GET    /api/admin/users/audit?page=&pageSize=` (manager) → {@link userAuditResponseSchema}
 * - `DELETE /api/admin/users/{id}/passkeys`       (manager)  → `{removed}` (src/common/api/passkeys.ts)
 */

/** Longest search text, checked before any matching (issue #10: caps before work). */
export const USERS_QUERY_MAX_LENGTH = 200;
/** Largest value of an int4 id column (PostgreSQL `integer`). */
const INT4_MAX = 2_147_483_647;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

export const userListQuerySchema = z.object({
  q: z.string().max(USERS_QUERY_MAX_LENGTH, "Search text is too long").optional(),
  page: z.coerce.number().int().positive().max(INT4_MAX).default(1),
  pageSize: z.coerce.number().int().positive().max(USERS_PAGE_SIZE_MAX).default(USERS_PAGE_SIZE),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** One user as the Users section shows it. Dates are ISO 8601 strings. */
export const managedUserSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** How many passkeys she has (ADR 0061); managers can remove them for a lost device. */
  passkeyCount: z.number().int(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userListResponseSchema = listResponse("users", managedUserSchema, pageNumberFields);
export type UserList = z.infer<typeof userListResponseSchema>;

export const userResponseSchema = z.object({ user: managedUserSchema });

/** `PATCH /api/admin/users/{id}` (admins only): at least one of role and company. */
export const updateUserBodySchema = z
  .object({
    role: z.enum(ROLES).optional(),
    companyId: z.number().int().positive().max(INT4_MAX).nullable().optional(),
  })
  .refine((body) => body.role !== undefined || body.companyId !== undefined, {
    message: "Choose a role or a company to change",
  });
export type UpdateUserInput = z.input<typeof updateUserBodySchema>;

export const USER_AUDIT_ACTIONS = [
  "role_changed",
  "company_changed",
  "deactivated",
  "reactivated",
  "deleted",
] as const;
export type UserAuditAction = (typeof USER_AUDIT_ACTIONS)[number];

/** One entry of the user audit trail, newest first in lists. */
export const userAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(USER_AUDIT_ACTIONS),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetEmail: z.string(),
  /** Human-readable change, e.g. "user → company_admin" or "Acme → none"; null when none. */
  detail: z.string().nullable(),
});
export type UserAuditEntry = z.infer<typeof userAuditEntrySchema>;

/** The audit trail pages like the user list, without a search. */
export const userAuditQuerySchema = userListQuerySchema.omit({ q: true });

export const userAuditResponseSchema = listResponse("entries", userAuditEntrySchema, pageNumberFields);
export type UserAudit = z.infer<typeof userAuditResponseSchema>;
