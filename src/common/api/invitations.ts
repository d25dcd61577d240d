import { z } from "zod";
import { isAdmin, isCompanyAdmin, type Role } from "../roles";
import { emailField, fullNameField, rawTokenField, roleSchema, sessionUserSchema } from "./auth";
import { idField, idParamField, languageField } from "./fields";

/** Contracts of the invitations API (docs/product.md#3-records, #5-validation, #7-api). */

/**
 * Roles `inviter` may hand out (docs/product.md#5-validation, #6-roles): an admin any role; a company admin
 * only user or company_admin; a user none.
 */
export function invitableRoles(inviter: Role): Role[] {
  if (isAdmin(inviter)) return ["user", "company_admin", "admin"];
  if (isCompanyAdmin(inviter)) return ["user", "company_admin"];
  return [];
}

/**
 * `POST /api/invitations/send`. Re-inviting an address that has a pending invitation
 * (ADR 0017, 0033): with `companyId` omitted or null the pending invitation's company is kept;
 * a different `companyId` needs `replaceCompany: true` (else 409 INVITATION_COMPANY_CONFLICT);
 * `replaceCompany: true` always uses the `companyId` sent, null meaning no company.
 */
export const sendInvitationBodySchema = z.object({
  email: emailField,
  role: roleSchema,
  companyId: idField.nullable().optional(),
  replaceCompany: z.boolean().optional(),
  /** Language of the invitation email and the new account (ADR 0025); else the inviter's `lang` cookie. */
  language: languageField.optional(),
});
export type SendInvitationInput = z.input<typeof sendInvitationBodySchema>;

/**
 * `POST /api/invitations/accept`. `language` (optional) is the new account's language; else the
 * `lang` cookie, else the invitation's (ADR 0025).
 */
export const acceptInvitationBodySchema = z.object({
  token: rawTokenField,
  fullName: fullNameField,
  language: languageField.optional(),
});

export const acceptInvitationResponseSchema = z.object({ user: sessionUserSchema });

/** `POST /api/invitations/inspect`: what the accept screen shows before the form. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: roleSchema,
  companyName: z.string().nullable(),
  expiresAt: z.string(),
  /** The invitation's language: the accept screen shows it when the browser chose none (ADR 0025). */
  language: languageField,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const INVITATION_STATUSES = ["pending", "accepted", "expired", "revoked"] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** One row of `GET /api/invitations`. */
export const invitationSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  invitedByName: z.string().nullable(),
  status: invitationStatusSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

export const invitationListResponseSchema = z.array(invitationSummarySchema);

export const invitationIdParamsSchema = z.object({ id: idParamField });

/**
 * `POST /api/invitations/inspect` body: the token travels in the body, never in the URL, where
 * proxies and access logs would keep it (ADR 0055); the same token field as the accept body and
 * the magic-link calls (ADR 0024), so a malformed token answers 400 VALIDATION_ERROR there too.
 */
export const inspectInvitationBodySchema = z.object({ token: rawTokenField });
