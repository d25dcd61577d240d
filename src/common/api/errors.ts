import { z } from "zod";

/**
 * Every error the API answers has this body (docs/product.md#7-api, #10-ground-rules):
 * `error` is a human message fit to show (never prefixed with a field name, issue #11), `code`
 * a stable machine code, and, on validation errors, `field` the dotted path of the offending
 * input (`email`, `items.2.name`) when there is one.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Machine codes the API uses. Clients may branch on these; never rename one. */
export const ERROR_CODES = {
  VALIDATION: "VALIDATION_ERROR",
  NOT_FOUND: "NOT_FOUND",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  RATE_LIMITED: "RATE_LIMITED",
  CROSS_ORIGIN: "CROSS_ORIGIN_REJECTED",
  SETUP_REQUIRED: "SETUP_REQUIRED",
  ADMIN_EXISTS: "ADMIN_EXISTS",
  INITIAL_ADMIN_EMAIL_ONLY: "INITIAL_ADMIN_EMAIL_ONLY",
  EMAIL_TAKEN: "EMAIL_TAKEN",
  TOKEN_INVALID: "TOKEN_INVALID",
  TOKEN_EXPIRED: "TOKEN_EXPIRED",
  TOKEN_USED: "TOKEN_USED",
  INVITATION_REVOKED: "INVITATION_REVOKED",
  ACCOUNT_INACTIVE: "ACCOUNT_INACTIVE",
  /** Nobody reviews their own background check (issue #11, ADR 0017). */
  SELF_REVIEW_FORBIDDEN: "SELF_REVIEW_FORBIDDEN",
  /** Nobody changes the role or company of, deactivates or deletes their own account (issue #11). */
  SELF_MANAGEMENT_FORBIDDEN: "SELF_MANAGEMENT_FORBIDDEN",
  /** The address has a pending invitation the inviter cannot see (another tenant's; issue #11). */
  INVITATION_PENDING_ELSEWHERE: "INVITATION_PENDING_ELSEWHERE",
  /**
   * Re-inviting names a different company than the address's pending invitation without
   * `replaceCompany: true` (issue #11).
   */
  INVITATION_COMPANY_CONFLICT: "INVITATION_COMPANY_CONFLICT",
  COMPANY_NOT_FOUND: "COMPANY_NOT_FOUND",
  COMPANY_REQUIRED: "COMPANY_REQUIRED",
  INTERNAL: "INTERNAL_ERROR",
  /** 503 with Retry-After: the database is unreachable or the server is shutting down (issue #10). */
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
