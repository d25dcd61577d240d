import { z } from "zod";
import { EMAIL_MAX_LENGTH, INT4_MAX, isEmail } from "../validation";
import { safeText } from "./fields";

/**
 * Get Started lead request (spec §3) and its validation (spec §5), shared by the Get Started
 * form and `POST /api/send-get-started-email`.
 */

export const PLAN_TITLES = ["Starter", "Optimal", "Unlimited"] as const;
export type PlanTitle = (typeof PLAN_TITLES)[number];

/** Lead-form phone: 7 to 15 characters of digits, spaces, plus, hyphen, parentheses (spec §5). */
export const LEAD_PHONE_PATTERN = /^[\d\s+\-()]{7,15}$/;

/** The spec's toast pair for each failure (spec §5): the server answers with the description; the client shows both from its i18n catalog. */
export const LEAD_VALIDATION_MESSAGES = {
  required: { title: "All fields are required", description: "Please fill in all the fields to continue." },
  email: { title: "Invalid email", description: "Please enter a valid email address." },
  phone: { title: "Invalid phone number", description: "Please enter a valid phone number." },
} as const;
export type LeadValidationFailure = keyof typeof LEAD_VALIDATION_MESSAGES;

export interface LeadFields {
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  email: string;
}

/**
 * Runs the spec §5 checks in the spec's order: all five fields required, then the email shape,
 * then the phone. Linear in the input whatever its length (issue #10): an email longer than
 * 254 characters is invalid before any shape check, and the phone pattern is bounded.
 * @returns the first failure, or null when the fields are valid
 */
export function validateLead(fields: LeadFields): LeadValidationFailure | null {
  const values = [fields.firstName, fields.lastName, fields.company, fields.phone, fields.email];
  if (values.some((value) => !value?.trim())) return "required";
  if (!isEmail(fields.email.trim())) return "email";
  if (!LEAD_PHONE_PATTERN.test(fields.phone.trim())) return "phone";
  return null;
}

/** 400 message for a plan other than the three of the pricing table (spec §3 "Plans"). */
export const LEAD_PLAN_MESSAGE = "Please choose a plan: Starter, Optimal or Unlimited.";

/** Longest first or last name, company and phone text of a lead (the email: 254). */
export const LEAD_FIELD_MAX = { firstName: 100, lastName: 100, company: 200, phone: 15 } as const;

const text = (max: number, tooLong: string) => safeText({ max, tooLong });

/**
 * Body of `POST /api/send-get-started-email` (spec §7). `website` is a honeypot: people never see
 * it, so a non-empty value marks a bot (issue #4).
 */
export const leadRequestSchema = z
  .object({
    firstName: text(LEAD_FIELD_MAX.firstName, "First name is too long"),
    lastName: text(LEAD_FIELD_MAX.lastName, "Last name is too long"),
    company: text(LEAD_FIELD_MAX.company, "Company name is too long"),
    phone: text(LEAD_FIELD_MAX.phone, LEAD_VALIDATION_MESSAGES.phone.description),
    email: text(EMAIL_MAX_LENGTH, LEAD_VALIDATION_MESSAGES.email.description),
    planTitle: z.enum(PLAN_TITLES, { error: LEAD_PLAN_MESSAGE }),
    website: z.string().max(200).optional(),
  })
  .superRefine((lead, ctx) => {
    const failure = validateLead(lead);
    if (failure) ctx.addIssue({ code: "custom", message: LEAD_VALIDATION_MESSAGES[failure].description });
  });
export type LeadRequest = z.infer<typeof leadRequestSchema>;

/** 201 answer: the stored lead's id. */
export const leadCreatedSchema = z.object({ id: z.number().int() });

/**
 * The first problem with a raw request body, in the spec §5 order (required fields, email,
 * phone), then the plan. Unlike {@link leadRequestSchema} it also gives the spec's message when
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

/** Most leads one page of `GET /api/leads` returns. */
export const LEAD_PAGE_MAX = 200;
/** Default page size of `GET /api/leads`. */
export const LEAD_PAGE_DEFAULT = 50;

/** `GET /api/leads` query: free-text search, output format and paging (the CSV holds every match). */
export const leadListQuerySchema = z.object({
  q: safeText({ max: 200, tooLong: "Search text is too long" }).optional(),
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
  email: z.string(),
  planTitle: z.string(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

/** `GET /api/leads` JSON answer: one page, newest first, and how many leads match in all. */
export const leadListResponseSchema = z.object({
  leads: z.array(leadSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;
