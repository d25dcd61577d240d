import { z } from "zod";
import { USERS_PAGE_SIZE, USERS_PAGE_SIZE_MAX } from "../limits";
import { ROLES } from "../roles";
import { isoInstantField, listResponse, pageNumberFields } from "./fields";

/**
 * Contracts of the user-management API (ADR 0009, 0017): admins and company
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
 * - `GET    /api/admin/users/audit?page=&pageSize=&q=&userId=&action=&from=&to=&format=` (manager)
 *   → {@link userAuditResponseSchema}, or with `format=csv` every matching entry as CSV
 * - `DELETE /api/admin/users/{id}/passkeys`       (manager)  → `{removed}` (src/common/api/passkeys.ts)
 *
 * The audit trail also records authentication (ADR 0057): sign-in and sign-out, refused links,
 * link requests for unknown or deactivated addresses, sign-in emails sent, wrong one-time codes,
 * passkeys added and removed, invitations, sessions ended by someone else and purged files.
 * Entries are never changed or deleted.
 */

/** Longest search text, checked before any matching (ADR 0013: caps before work). */
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

/**
 * Every kind of audit entry (ADR 0057). `detail` per kind: role and company changes
 * "old → new"; `session_ended` how many sessions; `link_expired` / `link_reused` which link
 * (`magic_link` or `invitation`); `invitation_sent` / `invitation_resent` the invited role;
 * `signed_in` how (one of {@link SIGN_IN_METHODS}); `files_purged` how many files;
 * `sign_in_code_wrong` which wrong try of the code it was ("1" … "5", the fifth kills the code;
 * null when the browser had no binding cookie, ADR 0060); `passkey_added` / `passkey_removed` the
 * passkey's name (ADR 0061); `step_up_failed` which wrong try of the step-up code it was (ADR
 * 0076); null otherwise. `sign_in_email_sent` is the email with the link
 * and the one-time code; using the code is the `signed_in` entry with detail `code`, using a
 * passkey the one with detail `passkey`.
 */
export const USER_AUDIT_ACTIONS = [
  "role_changed",
  "company_changed",
  "deactivated",
  "reactivated",
  "deleted",
  "signed_in",
  "signed_out",
  "link_expired",
  "link_reused",
  "link_requested_unknown",
  "link_requested_inactive",
  "invitation_sent",
  "invitation_resent",
  "invitation_revoked",
  "invitation_accepted",
  "session_ended",
  "files_purged",
  "sign_in_email_sent",
  "sign_in_code_wrong",
  "passkey_added",
  "passkey_removed",
  "step_up_requested",
  "step_up_succeeded",
  "step_up_failed",
] as const;
export type UserAuditAction = (typeof USER_AUDIT_ACTIONS)[number];

/** How a person signed in, the `detail` of a `signed_in` entry: link, one-time code (ADR 0060) or passkey (ADR 0061). */
export const SIGN_IN_METHODS = ["magic_link", "code", "passkey"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** One entry of the user audit trail, newest first in lists. */
export const userAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(USER_AUDIT_ACTIONS),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** Null for the system (the retention purge). */
  actorId: z.number().int().nullable(),
  /** The account's address; masked ("a•••@example.com") for an address without an account. */
  targetEmail: z.string(),
  targetUserId: z.number().int().nullable(),
  /** See {@link USER_AUDIT_ACTIONS}: "user → company_admin", "Acme → none", "2"…; null when none. */
  detail: z.string().nullable(),
  /** The client address of the request, as trusted under TRUST_PROXY; null when none (system). */
  ip: z.string().nullable(),
  /** Browser and system read from the request's User-Agent, e.g. "Firefox 128 · Windows 10". */
  device: z.string().nullable(),
});
export type UserAuditEntry = z.infer<typeof userAuditEntrySchema>;

/** An instant in a filter (ISO 8601 with a zone), e.g. the start of a day in the viewer's zone; bounded (ADR 0077). */
const instantField = isoInstantField("Not a date and time (ISO 8601) between 1970 and 9999");

/**
 * The audit trail pages like the user list and filters (ADR 0057): `q` text in the actor's or
 * the target's name or address (or the exact address of an unknown one, by its digest), `userId`
 * entries by or about one person, `action` one kind, `from` / `to` instants (inclusive); `format`
 * `csv` downloads every match instead of one page.
 */
export const userAuditQuerySchema = userListQuerySchema.extend({
  userId: z.coerce.number().int().positive().max(INT4_MAX).optional(),
  action: z.enum(USER_AUDIT_ACTIONS).optional(),
  from: instantField.optional(),
  to: instantField.optional(),
  format: z.enum(["json", "csv"]).default("json"),
});
export type UserAuditQuery = z.input<typeof userAuditQuerySchema>;

export const userAuditResponseSchema = listResponse("entries", userAuditEntrySchema, pageNumberFields);
export type UserAudit = z.infer<typeof userAuditResponseSchema>;
