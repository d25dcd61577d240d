import { ERROR_CODES } from "./api/errors";
import { EMAIL_MAX_LENGTH } from "./validation";

/**
 * Store-demo registration rules without their zod schema (docs/product.md#5-validation "Demo
 * registration", #8-messages, #9-constants): the limits, the four failures with their texts and the
 * checks themselves. The registration page imports these at startup for its fields' attributes and
 * loads the schema of `demo-registration.ts`, which builds on them, only when it validates
 * (zod 4 builds schemas at module evaluation, which costs Total Blocking Time: ADR 0023).
 */

/** Phone digits allowed after stripping non-digits: 10 to 15 (docs/product.md#5-validation, #9-constants). */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** Longest first or last name we store. */
export const NAME_MAX_LENGTH = 100;
/** Longest phone text we accept as typed (digits plus spaces, '+', '-', '(', ')', '.'). */
export const PHONE_MAX_LENGTH = 32;

/** Machine codes of the four registration rules, in the order of docs/product.md#5-validation. */
export const REGISTRATION_FAILURES = {
  required: {
    code: ERROR_CODES.FIELDS_REQUIRED,
    title: "All fields are required",
    message: "Please fill in all the fields to continue.",
  },
  email: {
    code: ERROR_CODES.INVALID_EMAIL_DOMAIN,
    title: "Invalid email",
    message: "Email must end with the company domain.",
  },
  phone: {
    code: ERROR_CODES.INVALID_PHONE,
    title: "Invalid phone number",
    message: "Please enter a valid phone number.",
  },
  terms: {
    code: ERROR_CODES.TERMS_NOT_ACCEPTED,
    title: "Terms not accepted",
    message: "Please accept the Terms of Service, Non-Disclosure Agreement, and Privacy Policy.",
  },
} as const;

export type RegistrationFailure = (typeof REGISTRATION_FAILURES)[keyof typeof REGISTRATION_FAILURES];

/** The fields a registrant fills in. */
export interface RegistrationFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  acceptTerms: boolean;
}

/**
 * The phone number's digits: every non-digit removed (docs/product.md#5-validation).
 * @example normalizePhone("+1 (314) 555-0100") === "13145550100"
 */
export function normalizePhone(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * True when the phone has 10 to 15 digits once non-digits are stripped (docs/product.md#5-validation) and is at most
 * {@link PHONE_MAX_LENGTH} characters as typed (checked first, so long input costs nothing).
 */
export function isValidDemoPhone(value: string): boolean {
  if (value.length > PHONE_MAX_LENGTH) return false;
  const digits = normalizePhone(value).length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * True when `email` is one address at exactly the company domain, compared case-insensitively
 * (docs/product.md#5-validation): `ann@Schnucks.com` passes for `schnucks.com`; `ann@evil-schnucks.com`,
 * `ann@schnucks.com.evil.io`, `@schnucks.com` and `a b@schnucks.com` do not.
 * @param domain the company domain without '@', e.g. "schnucks.com"
 */
export function isCompanyEmail(email: string, domain: string): boolean {
  const value = email.trim().toLowerCase();
  const suffix = `@${domain.trim().replace(/^@/, "").toLowerCase()}`;
  if (suffix.length < 2 || value.length > EMAIL_MAX_LENGTH || !value.endsWith(suffix)) return false;
  const local = value.slice(0, -suffix.length);
  return /^[^\s@]+$/.test(local);
}

/**
 * Checks a registration in the order of docs/product.md#5-validation: all four text fields present, company
 * email, phone digits, accepted terms.
 * @param domain the demo's company email domain
 * @returns the first failing rule with its toast title and message, or null when valid
 */
export function firstRegistrationFailure(
  fields: RegistrationFields,
  domain: string,
): RegistrationFailure | null {
  const texts = [fields.firstName, fields.lastName, fields.email, fields.phone];
  if (texts.some((text) => text.trim() === "")) return REGISTRATION_FAILURES.required;
  if (!isCompanyEmail(fields.email, domain)) return REGISTRATION_FAILURES.email;
  if (!isValidDemoPhone(fields.phone.trim())) return REGISTRATION_FAILURES.phone;
  if (fields.acceptTerms !== true) return REGISTRATION_FAILURES.terms;
  return null;
}

/** A valid registration as it is stored: every text trimmed, the email lower-cased. */
export function cleanRegistration(fields: RegistrationFields): RegistrationFields {
  return {
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    email: fields.email.trim().toLowerCase(),
    phone: fields.phone.trim(),
    acceptTerms: fields.acceptTerms,
  };
}

/**
 * The rules of {@link firstRegistrationFailure} with the cleaning of {@link cleanRegistration},
 * without zod: what the registration page checks with when the shared schema cannot be fetched.
 * @returns the cleaned fields, or the first failing rule with its toast title and message
 */
export function checkRegistrationRules(
  fields: RegistrationFields,
  domain: string,
): { ok: true; value: RegistrationFields } | { ok: false; failure: RegistrationFailure } {
  const failure = firstRegistrationFailure(fields, domain);
  return failure ? { ok: false, failure } : { ok: true, value: cleanRegistration(fields) };
}
