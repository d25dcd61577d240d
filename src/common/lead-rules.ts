import { hasControlCharacter, isEmail } from "./validation";

/**
 * The Get Started lead's form rules (docs/product.md#5-validation; ADR 0019 for the phone), free
 * of the schema library: the form runs them in the browser, where its dialog loads only on the
 * visitor's first interaction and should load fast, and the lead schema (api/leads.ts, which
 * re-exports everything here) runs the same functions on the server.
 */

/** Fewest digits a lead-form phone may hold (docs/product.md#5-validation's lower bound, counted in digits: ADR 0019). */
export const LEAD_PHONE_MIN_DIGITS = 7;
/** Most digits a lead-form phone may hold: E.164's 15 (ITU-T E.164 §6; ADR 0019). */
export const LEAD_PHONE_MAX_DIGITS = 15;
/** Longest phone text accepted, formatting included; checked before any pattern runs. */
export const LEAD_PHONE_MAX_LENGTH = 32;
/** An optional leading '+', then digits and formatting only (spaces, parentheses, dots, dashes). Linear. */
const LEAD_PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * The lead-form phone rule (ADR 0019, departing from docs/product.md#5-validation's character count): at most
 * {@link LEAD_PHONE_MAX_LENGTH} characters, an optional leading '+', then digits and formatting
 * characters (spaces, parentheses, dots, dashes), holding 7 to 15 digits. "+1 (555) 010-3000" and
 * "+44 20 7946 0958" pass.
 * @param value the phone as typed (surrounding whitespace is ignored)
 * @returns the normalised E.164-style value: '+' (when typed) followed by the digits only, e.g.
 *   "+15550103000"; a number typed without '+' keeps its digits only ("3145550100"), since the
 *   form asks for no country. Null when the value breaks the rule.
 */
export function normalizeLeadPhone(value: string): string | null {
  const phone = value.trim();
  if (phone.length > LEAD_PHONE_MAX_LENGTH || !LEAD_PHONE_CHARACTERS.test(phone)) return null;
  const digits = phone.replace(/\D/g, "");
  if (digits.length < LEAD_PHONE_MIN_DIGITS || digits.length > LEAD_PHONE_MAX_DIGITS) return null;
  return phone.startsWith("+") ? `+${digits}` : digits;
}

/**
 * The lead-form phone check as the lead schema's `leadPhoneSchema` makes it (api/leads.ts): the
 * trimmed text at most {@link LEAD_PHONE_MAX_LENGTH} characters, free of control characters, and
 * passing {@link normalizeLeadPhone}.
 */
export function isLeadPhone(value: string): boolean {
  const phone = value.trim();
  return (
    phone.length <= LEAD_PHONE_MAX_LENGTH && !hasControlCharacter(phone) && normalizeLeadPhone(phone) !== null
  );
}

/** The toast pair (title, description) for each failure (docs/product.md#5-validation): the server answers with the description; the client shows both from its i18n catalog. */
export const LEAD_VALIDATION_MESSAGES = {
  required: { title: "All fields are required", description: "Please fill in all the fields to continue." },
  email: { title: "Invalid email", description: "Please enter a valid email address." },
  phone: { title: "Invalid phone number", description: "Please enter a phone number with 7 to 15 digits." },
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
 * Runs the docs/product.md#5-validation checks in that order: all five fields required, then the email shape,
 * then the phone. Linear in the input whatever its length (ADR 0013): an email longer than
 * 254 characters and a phone longer than 32 are invalid before any shape check.
 * @returns the first failure, or null when the fields are valid
 */
export function validateLead(fields: LeadFields): LeadValidationFailure | null {
  const values = [fields.firstName, fields.lastName, fields.company, fields.phone, fields.email];
  if (values.some((value) => !value?.trim())) return "required";
  if (!isEmail(fields.email.trim())) return "email";
  if (!isLeadPhone(fields.phone)) return "phone";
  return null;
}
