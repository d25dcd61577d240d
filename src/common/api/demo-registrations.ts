import { z } from "zod";

/**
 * Contracts of the store-demo registration API (spec §3 "Registration payload", §7, issue #6).
 * The body schema checks types only; the server then applies the spec's ordered rules with the
 * demo's company domain (`validateRegistration` in ../demo-registration.ts), as the form does.
 */

/** `POST /api/send-schnucks-demo-email` and `POST /api/demo-registrations/:slug` body. */
export const demoRegistrationBody = z.object({
  /** Client-generated idempotency key: retries of one registration carry the same value. */
  registrationId: z.uuid({ error: "registrationId must be a UUID" }),
  firstName: z.string({ error: "firstName is required" }),
  lastName: z.string({ error: "lastName is required" }),
  email: z.string({ error: "email is required" }),
  phone: z.string({ error: "phone is required" }),
  acceptTerms: z.boolean({ error: "acceptTerms must be true or false" }),
  /** ISO 8601 time the registrant pressed submit (spec §3). */
  timestamp: z.iso.datetime({ offset: true, error: "timestamp must be an ISO 8601 time" }).optional(),
});
export type DemoRegistrationBody = z.infer<typeof demoRegistrationBody>;

/** Answer to a registration, identical for the first request and every replay. */
export const demoRegistrationResponse = z.object({
  registrationId: z.string(),
  message: z.string(),
});
export type DemoRegistrationResponse = z.infer<typeof demoRegistrationResponse>;

export const demoSlugParams = z.object({ slug: z.string().min(1).max(64) });

/** `GET /api/demo-registrations` query: free-text search and the output format. */
export const demoRegistrationListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  slug: z.string().max(64).optional(),
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
  createdAt: z.string(),
});
export type DemoRegistration = z.infer<typeof demoRegistrationSchema>;

export const demoRegistrationListResponse = z.object({
  registrations: z.array(demoRegistrationSchema),
  /** True when more rows matched than the list returns (export CSV for all of them). */
  truncated: z.boolean(),
});
export type DemoRegistrationListResponse = z.infer<typeof demoRegistrationListResponse>;

/** Public settings of a demo that an operator may override on the server. */
export const retailerDemoSettingsResponse = z.object({
  slug: z.string(),
  emailDomain: z.string(),
  androidUrl: z.string(),
  iosUrl: z.string(),
});
export type RetailerDemoSettings = z.infer<typeof retailerDemoSettingsResponse>;
