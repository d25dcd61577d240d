import { z } from "zod";
import { SIGN_IN_CODE_DIGITS } from "../limits";
import { ROLES } from "../roles";
import { EMAIL_MAX_LENGTH, hasEmailShape, normalizeEmail, TOKEN_LENGTH, TOKEN_PATTERN } from "../validation";
import { languageField, safeText } from "./fields";

/**
 * Request and response contracts of the auth API (docs/product.md#3-records and #7-api). The server
 * validates with these exact schemas; the client types its calls with them.
 */

/**
 * An email field: trimmed, at most 254 characters (checked first), no control characters,
 * docs/product.md#5-validation shape, lower-cased.
 */
export const emailField = safeText({
  max: EMAIL_MAX_LENGTH,
  tooLong: "Email is too long",
  required: "Email is required",
})
  .min(1, "Email is required")
  .refine(hasEmailShape, "Please enter a valid email address")
  .transform(normalizeEmail);

/** A person's full name: trimmed, 1 to 200 characters, one line. */
export const fullNameField = safeText({
  max: 200,
  tooLong: "Full name is too long",
  required: "Full name is required",
}).min(1, "Full name is required");

/**
 * A raw emailed token (magic link or invitation; ADR 0024): {@link TOKEN_PATTERN}, checked after
 * the length cap. Anything else cannot be ours and answers 400 VALIDATION_ERROR (`field:
 * "token"`) before touching the database; a well-formed token we never issued answers 404
 * TOKEN_INVALID.
 */
export const rawTokenField = safeText({
  max: TOKEN_LENGTH,
  tooLong: "Invalid verification link",
  required: "Token is required",
  trim: false,
}).regex(TOKEN_PATTERN, "Invalid verification link");

export const sendMagicLinkBodySchema = z.object({ email: emailField });
export const verifyMagicLinkBodySchema = z.object({ token: rawTokenField });
/** `POST /api/admin/create-initial`; `language` (else the `lang` cookie) is the new admin's (ADR 0025). */
export const createInitialAdminBodySchema = z.object({
  email: emailField,
  fullName: fullNameField,
  language: languageField.optional(),
});

export const roleSchema = z.enum(ROLES);

/** The signed-in user as `GET /api/auth/me` returns it. Dates are ISO 8601 strings. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: roleSchema,
  companyId: z.number().int().nullable(),
  isActive: z.boolean(),
  isEmailVerified: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** The portal's and the user's emails' language (ADR 0025). */
  language: languageField,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const companySummarySchema = z.object({ id: z.number().int(), name: z.string() });

export const meResponseSchema = z.object({
  user: sessionUserSchema,
  company: companySummarySchema.nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `PATCH /api/auth/me/language`: the signed-in user's new portal and email language (ADR 0025). */
export const updateLanguageBodySchema = z.object({ language: languageField });
export const updateLanguageResponseSchema = z.object({ language: languageField });

/** Plain acknowledgement body used by the mutating auth calls. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * The answer of every sign-in by email (link or code): the user, and whether the portal should
 * suggest adding a passkey now. That is true once per person: on her first sign-in by email
 * while she has no passkey (ADR 0061).
 */
export const verifyMagicLinkResponseSchema = z.object({
  user: sessionUserSchema,
  suggestPasskey: z.boolean(),
});
export type SignInResponse = z.infer<typeof verifyMagicLinkResponseSchema>;

/** The digits-only pattern of a sign-in code once spaces and dashes are gone (ADR 0060). */
export const SIGN_IN_CODE_PATTERN = new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`);

/**
 * The one-time code of a sign-in email (ADR 0060): six digits; spaces and dashes a person types
 * between them are dropped first. Capped at 20 characters before anything else.
 */
export const signInCodeField = safeText({
  max: 20,
  tooLong: "Enter the 6-digit code from the email",
  required: "Enter the 6-digit code from the email",
})
  .transform((value) => value.replace(/[\s-]/g, ""))
  .refine((value) => SIGN_IN_CODE_PATTERN.test(value), "Enter the 6-digit code from the email");

/**
 * `POST /api/auth/verify-code`: the address the email went to and its code, typed in the browser
 * that asked for the email (its binding cookie says which request it was, ADR 0015).
 */
export const verifySignInCodeBodySchema = z.object({ email: emailField, code: signInCodeField });

/** `POST /api/auth/magic-link/inspect` (ADR 0015): the token travels in the body, never the URL. */
export const inspectMagicLinkBodySchema = verifyMagicLinkBodySchema;

/**
 * What the verify screen needs before signing in: whether this browser asked for the link (then
 * it verifies at once) and whose link it is, masked ("a•••@example.com") for the
 * "Continue as …" button shown everywhere else (ADR 0015); and the language the link's email was
 * written in, which a browser that chose none is shown the page in (ADR 0025).
 */
export const inspectMagicLinkResponseSchema = z.object({
  bound: z.boolean(),
  maskedEmail: z.string(),
  language: languageField,
});
export type InspectMagicLinkResponse = z.infer<typeof inspectMagicLinkResponseSchema>;
