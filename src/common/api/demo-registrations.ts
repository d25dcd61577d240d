import { z } from "zod";
import { isoInstantField, languageField, privacyNoticeVersionField, safeText } from "./fields";

/**
 * Contracts of the store-demo registration API (docs/product.md#3-records "Demo registration", #7-api, ADR 0006).
 * The body schema checks types only; the server then applies the ordered rules of docs/product.md#5-validation with the
 * demo's company domain (`validateRegistration` in ../demo-registration.ts), as the form does.
 */

/**
 * A registration text field as sent: untrimmed, one line, capped well above the form's limits
 * (hostile-input guard, ADR 0013); the documented rules and their messages come afterwards.
 */
const bodyText = (name: string) =>
  safeText({ max: 1000, tooLong: `${name} is too long`, required: `${name} is required`, trim: false });

/** `POST /api/send-schnucks-demo-email` and `POST /api/demo-registrations/:slug` body. */
export const demoRegistrationBodySchema = z.object({
  /** Client-generated idempotency key: retries of one registration carry the same value. */
  registrationId: z.uuid({ error: "registrationId must be a UUID" }),
  firstName: bodyText("firstName"),
  lastName: bodyText("lastName"),
  email: bodyText("email"),
  phone: bodyText("phone"),
  acceptTerms: z.boolean({ error: "acceptTerms must be true or false" }),
  /** ISO 8601 time the registrant pressed submit (docs/product.md#3-records). */
  timestamp: isoInstantField("timestamp must be an ISO 8601 time").optional(),
  /** The page's language, for the registrant's confirmation email (ADR 0025); else the `lang` cookie. */
  language: languageField.optional(),
  /** The privacy notice version the form showed (src/common/privacy.ts); stored with the registration. */
  privacyNoticeVersion: privacyNoticeVersionField.optional(),
});
export type DemoRegistrationBody = z.infer<typeof demoRegistrationBodySchema>;

/** Answer to a registration, identical for the first request and every replay. */
export const demoRegistrationResponseSchema = z.object({
  registrationId: z.string(),
  message: z.string(),
});
export type DemoRegistrationResponse = z.infer<typeof demoRegistrationResponseSchema>;

export const demoSlugParamsSchema = z.object({
  slug: safeText({ max: 64, tooLong: "No store demo has that name.", trim: false }).min(1),
});

/** `GET /api/demo-registrations` query: free-text search and the output format. */
export const demoRegistrationListQuerySchema = z.object({
  q: safeText({ max: 200, tooLong: "Search text is too long" }).optional(),
  slug: safeText({ max: 64, tooLong: "No store demo has that name.", trim: false }).optional(),
  format: z.enum(["json", "csv"]).default("json"),
});

/** One stored registration as admins see it. Dates are ISO 8601 strings. */
export const demoRegistrationSchema = z.object({
  id: z.string(),
  retailerSlug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  acceptTerms: z.boolean(),
  submittedAt: z.string().nullable(),
  /** The privacy notice version the form showed; null for registrations stored before forms sent it. */
  privacyNoticeVersion: z.string().nullable(),
  createdAt: z.string(),
});
export type DemoRegistration = z.infer<typeof demoRegistrationSchema>;

export const demoRegistrationListResponseSchema = z.object({
  registrations: z.array(demoRegistrationSchema),
  /** True when more rows matched than the list returns (export CSV for all of them). */
  truncated: z.boolean(),
});
export type DemoRegistrationListResponse = z.infer<typeof demoRegistrationListResponseSchema>;

/** Public settings of a demo that an operator may override on the server. */
export const retailerDemoSettingsResponseSchema = z.object({
  slug: z.string(),
  emailDomain: z.string(),
  androidUrl: z.string(),
  iosUrl: z.string(),
});
export type RetailerDemoSettings = z.infer<typeof retailerDemoSettingsResponseSchema>;
