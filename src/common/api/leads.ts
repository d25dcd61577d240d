import { z } from "zod";
import { ATTRIBUTION_MAX, cleanLandingPath, cleanReferrer } from "../attribution";
import {
  LEAD_PHONE_MAX_LENGTH,
  LEAD_VALIDATION_MESSAGES,
  type LeadFields,
  normalizeLeadPhone,
  validateLead,
} from "../lead-rules";
import { LEAD_PAGE_DEFAULT, LEAD_PAGE_MAX } from "../limits";
import { PLAN_TITLES, type PlanTitle } from "../plans";
import { EMAIL_MAX_LENGTH, INT4_MAX } from "../validation";
import { languageField, listResponse, pageOffsetFields, privacyNoticeVersionField, safeText } from "./fields";

/**
 * Get Started lead request (docs/product.md#3-records) and its validation (docs/product.md#5-validation), shared by the Get Started
 * form and `POST /api/send-get-started-email`.
 */

export {
  isLeadPhone,
  LEAD_PHONE_MAX_DIGITS,
  LEAD_PHONE_MAX_LENGTH,
  LEAD_PHONE_MIN_DIGITS,
  LEAD_VALIDATION_MESSAGES,
  type LeadFields,
  type LeadValidationFailure,
  normalizeLeadPhone,
  validateLead,
} from "../lead-rules";
export { PLAN_TITLES, type PlanTitle } from "../plans";

/** 400 message for a plan other than the three of the pricing table (docs/product.md#3-records "Plans"). */
export const LEAD_PLAN_MESSAGE = "Please choose a plan: Starter, Optimal or Unlimited.";

/** Longest first or last name and company of a lead (the email: 254; the phone: {@link LEAD_PHONE_MAX_LENGTH}). */
export const LEAD_FIELD_MAX = { firstName: 100, lastName: 100, company: 200 } as const;

const text = (max: number, tooLong: string) => safeText({ max, tooLong });

/** A UTM value of a lead: trimmed, at most 200 characters (`ATTRIBUTION_MAX`), one line. */
const utmField = (name: string) => safeText({ max: ATTRIBUTION_MAX.utm, tooLong: `${name} is too long` });

/**
 * Where the visit came from (docs/product.md#11-lead-attribution-and-privacy-notice), every field optional: the UTM
 * parameters, the referrer (an http(s) URL without query or fragment) and the landing path (a
 * path starting with `/`, without query). The client cleans them the same way before sending
 * (src/common/attribution.ts), so a real visitor never meets these errors.
 */
export const leadAttributionFields = {
  utmSource: utmField("utmSource").optional(),
  utmMedium: utmField("utmMedium").optional(),
  utmCampaign: utmField("utmCampaign").optional(),
  utmTerm: utmField("utmTerm").optional(),
  utmContent: utmField("utmContent").optional(),
  referrer: safeText({ max: ATTRIBUTION_MAX.referrer, tooLong: "referrer is too long" })
    .refine((value) => value === "" || cleanReferrer(value) === value, {
      error: "referrer must be an http(s) URL without query or fragment",
    })
    .optional(),
  landingPath: safeText({ max: ATTRIBUTION_MAX.landingPath, tooLong: "landingPath is too long" })
    .refine((value) => value === "" || cleanLandingPath(value) === value, {
      error: "landingPath must be a path starting with / without query or fragment",
    })
    .optional(),
};

/**
 * The lead-form phone as zod, shared by the Get Started form and the server (ADR 0019): the
 * length cap first, then {@link normalizeLeadPhone}'s rule. Parses to the trimmed text as typed.
 */
export const leadPhoneSchema = safeText({
  max: LEAD_PHONE_MAX_LENGTH,
  tooLong: LEAD_VALIDATION_MESSAGES.phone.description,
}).refine((phone) => normalizeLeadPhone(phone) !== null, LEAD_VALIDATION_MESSAGES.phone.description);

/**
 * Body of `POST /api/send-get-started-email` (docs/product.md#7-api). `website` is a honeypot: people never see
 * it, so a non-empty value marks a bot.
 */
export const leadBodySchema = z
  .object({
    firstName: text(LEAD_FIELD_MAX.firstName, "First name is too long"),
    lastName: text(LEAD_FIELD_MAX.lastName, "Last name is too long"),
    company: text(LEAD_FIELD_MAX.company, "Company name is too long"),
    phone: leadPhoneSchema,
    email: text(EMAIL_MAX_LENGTH, LEAD_VALIDATION_MESSAGES.email.description),
    planTitle: z.enum(PLAN_TITLES, { error: LEAD_PLAN_MESSAGE }),
    website: z.string().max(200).optional(),
    /** The page's language, for the visitor's confirmation email (ADR 0025); else the `lang` cookie. */
    language: languageField.optional(),
    ...leadAttributionFields,
    privacyNoticeVersion: privacyNoticeVersionField.optional(),
  })
  .superRefine((lead, ctx) => {
    const failure = validateLead(lead);
    if (failure) ctx.addIssue({ code: "custom", message: LEAD_VALIDATION_MESSAGES[failure].description });
  });
export type LeadRequest = z.infer<typeof leadBodySchema>;

/** 201 answer: the stored lead's id. */
export const leadCreatedResponseSchema = z.object({ id: z.number().int() });

/**
 * The first problem with a raw request body, in the docs/product.md#5-validation order (required fields, email,
 * phone), then the plan. Unlike {@link leadBodySchema} it also gives the documented message when
 * a field is missing or not a string, so the server answers with the same texts the form shows.
 * @returns the message to answer with, or null when these checks pass
 */
export function leadProblem(body: unknown): string | null {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const field = (name: keyof LeadFields) =>
    typeof record[name] === "string" ? (record[name] as string) : "";
  const failure = validateLead({
    firstName: field("firstName"),
    lastName: field("lastName"),
    company: field("company"),
    phone: field("phone"),
    email: field("email"),
  });
  if (failure) return LEAD_VALIDATION_MESSAGES[failure].description;
  if (!PLAN_TITLES.includes(record.planTitle as PlanTitle)) return LEAD_PLAN_MESSAGE;
  return null;
}

/** An exact-match filter of the leads inbox on one UTM parameter. */
const utmFilter = (name: string) =>
  safeText({ max: ATTRIBUTION_MAX.utm, tooLong: `${name} is too long` }).optional();

/**
 * `GET /api/leads` query: free-text search (also over the attribution), exact filters on the UTM
 * source, medium and campaign (their URL names), output format and paging (the CSV holds every
 * match).
 */
export const leadListQuerySchema = z.object({
  q: safeText({ max: 200, tooLong: "Search text is too long" }).optional(),
  utm_source: utmFilter("utm_source"),
  utm_medium: utmFilter("utm_medium"),
  utm_campaign: utmFilter("utm_campaign"),
  format: z.enum(["json", "csv"]).default("json"),
  limit: z.coerce.number().int().min(1).max(LEAD_PAGE_MAX).default(LEAD_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** One stored lead as admins see it; `createdAt` is an ISO 8601 time. */
export const leadSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  phone: z.string(),
  /** The phone normalised E.164-style (ADR 0019); null for leads stored before it existed. */
  phoneE164: z.string().nullable(),
  email: z.string(),
  planTitle: z.string(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  referrer: z.string().nullable(),
  landingPath: z.string().nullable(),
  /** The privacy notice version the form showed; null for leads stored before forms sent it. */
  privacyNoticeVersion: z.string().nullable(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

/** The UTM source, medium and campaign values stored so far, for the inbox's filters (most used first). */
export const leadFacetsSchema = z.object({
  utmSource: z.array(z.string()),
  utmMedium: z.array(z.string()),
  utmCampaign: z.array(z.string()),
});
export type LeadFacets = z.infer<typeof leadFacetsSchema>;

/**
 * `GET /api/leads` JSON answer: one page, newest first, how many leads match in all, and the
 * attribution values to filter by.
 */
export const leadListResponseSchema = listResponse("leads", leadSchema, pageOffsetFields).extend({
  facets: leadFacetsSchema,
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;
