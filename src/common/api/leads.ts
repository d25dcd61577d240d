import { z } from "zod";
import { EMAIL_PATTERN } from "../validation";

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
 * then the phone.
 * @returns the first failure, or null when the fields are valid
 */
export function validateLead(fields: LeadFields): LeadValidationFailure | null {
  const values = [fields.firstName, fields.lastName, fields.company, fields.phone, fields.email];
  if (values.some((value) => !value?.trim())) return "required";
  if (!EMAIL_PATTERN.test(fields.email.trim())) return "email";
  if (!LEAD_PHONE_PATTERN.test(fields.phone.trim())) return "phone";
  return null;
}

const text = (max: number) => z.string().trim().max(max);

/**
 * Body of `POST /api/send-get-started-email` (spec §7). `website` is a honeypot: people never see
 * it, so a non-empty value marks a bot (issue #4).
 */
export const leadRequestSchema = z
  .object({
    firstName: text(100),
    lastName: text(100),
    company: text(200),
    phone: text(15),
    email: text(254),
    planTitle: z.enum(PLAN_TITLES),
    website: z.string().max(200).optional(),
  })
  .superRefine((lead, ctx) => {
    const failure = validateLead(lead);
    if (failure) ctx.addIssue({ code: "custom", message: LEAD_VALIDATION_MESSAGES[failure].description });
  });
export type LeadRequest = z.infer<typeof leadRequestSchema>;

/** 201 answer: the stored lead's id. */
export const leadCreatedSchema = z.object({ id: z.number().int() });
