import { z } from "zod";
import { signInCodeField } from "./auth";
import { idParamField, safeText } from "./fields";

/**
 * Contracts of passkeys (WebAuthn, ADR 0061). The browser side is `@simplewebauthn/browser`,
 * the server side `@simplewebauthn/server`; these schemas bound what travels between them (every
 * string capped, base64url only) and leave the WebAuthn checks to the library.
 *
 * Routes:
 * - `POST   /api/auth/passkey/options`            (public)  → {@link passkeySignInOptionsResponseSchema}; sets the ceremony cookie
 * - `POST   /api/auth/passkey/verify`             (public)  body {@link passkeySignInBodySchema} → the sign-in answer
 * - `GET    /api/auth/passkeys`                   (user)    → {@link passkeyListResponseSchema}
 * - `POST   /api/auth/passkeys/options`           (user)    → {@link passkeyRegistrationOptionsResponseSchema}; sets the ceremony cookie
 * - `POST   /api/auth/passkeys`                   (user)    body {@link addPasskeyBodySchema} → 201 {@link passkeyResponseSchema}
 * - `PATCH  /api/auth/passkeys/{id}`              (user)    body {@link renamePasskeyBodySchema} → {@link passkeyResponseSchema}
 * - `DELETE /api/auth/passkeys/{id}`              (user)    → 204
 * - `DELETE /api/admin/users/{id}/passkeys`       (manager) → {@link removedPasskeysResponseSchema}
 * - `POST   /api/auth/step-up/send-code`          (user)    → {@link stepUpCodeSentResponseSchema} (ADR 0076)
 * - `POST   /api/auth/step-up/verify-code`        (user)    body {@link verifyStepUpCodeBodySchema} → {@link stepUpResponseSchema}
 *
 * Adding a passkey (options and answer) needs a fresh sign-in: within `STEP_UP_WINDOW_MS`, or
 * a step-up code typed; otherwise 403 `STEP_UP_REQUIRED` (ADR 0076).
 */

/** Longest passkey name a person may give (ADR 0061). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** Base64url text (RFC 4648 §5, unpadded) of at most `max` characters. */
function base64urlField(max: number) {
  return z
    .string()
    .max(max, { error: "Passkey response is too long", abort: true })
    .regex(/^[A-Za-z0-9_-]*$/, "Passkey response is not base64url");
}

/** Most characters of a credential ID: 1,023 bytes at most (WebAuthn §5.4.3) as base64url. */
const CREDENTIAL_ID_MAX = 1400;
/** Most characters of the larger binary fields (attestation object, client data): 64 KiB. */
const BLOB_MAX = 65_536;

const transportsField = z
  .array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]))
  .max(8)
  .optional();

/** What `startRegistration()` of @simplewebauthn/browser answers (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  id: base64urlField(CREDENTIAL_ID_MAX).min(1),
  rawId: base64urlField(CREDENTIAL_ID_MAX).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({}).loose().default({}),
  response: z.object({
    clientDataJSON: base64urlField(BLOB_MAX),
    attestationObject: base64urlField(BLOB_MAX),
    authenticatorData: base64urlField(BLOB_MAX).optional(),
    publicKey: base64urlField(BLOB_MAX).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: transportsField,
  }),
});

/** What `startAuthentication()` of @simplewebauthn/browser answers (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  id: base64urlField(CREDENTIAL_ID_MAX).min(1),
  rawId: base64urlField(CREDENTIAL_ID_MAX).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({}).loose().default({}),
  response: z.object({
    clientDataJSON: base64urlField(BLOB_MAX),
    authenticatorData: base64urlField(BLOB_MAX),
    signature: base64urlField(BLOB_MAX),
    userHandle: base64urlField(BLOB_MAX).optional(),
  }),
});

/** `POST /api/auth/passkey/verify`: the browser's answer to the sign-in challenge. */
export const passkeySignInBodySchema = z.object({ response: authenticationResponseSchema });

/** A passkey's name: trimmed, 1 to {@link PASSKEY_NAME_MAX_LENGTH} characters, one line. */
export const passkeyNameField = safeText({
  max: PASSKEY_NAME_MAX_LENGTH,
  tooLong: `A passkey name has at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  required: "Name the passkey",
}).min(1, "Name the passkey");

/** `POST /api/auth/passkeys`: the browser's answer to the registration challenge. */
export const addPasskeyBodySchema = z.object({ response: registrationResponseSchema });

/** `PATCH /api/auth/passkeys/{id}`. */
export const renamePasskeyBodySchema = z.object({ name: passkeyNameField });

export const passkeyIdParamsSchema = z.object({ id: idParamField });

/** One of her passkeys as the portal lists it. Dates are ISO 8601 strings. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** True when the passkey is synced (backed up) by its provider, e.g. a password manager. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListResponseSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListResponseSchema>;
export const passkeyResponseSchema = z.object({ passkey: passkeySchema });

/**
 * The options `startRegistration()` takes (PublicKeyCredentialCreationOptionsJSON). Only the
 * fields the server always sets are named; the rest pass through unchanged.
 */
export const passkeyRegistrationOptionsResponseSchema = z.object({
  options: z
    .object({
      challenge: z.string(),
      rp: z.object({ id: z.string().optional(), name: z.string() }).loose(),
      user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
      pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal("public-key") })),
    })
    .loose(),
});

/** The options `startAuthentication()` takes (PublicKeyCredentialRequestOptionsJSON). */
export const passkeySignInOptionsResponseSchema = z.object({
  options: z
    .object({ challenge: z.string(), rpId: z.string().optional(), timeout: z.number().optional() })
    .loose(),
});

/** `DELETE /api/admin/users/{id}/passkeys`: how many were removed. */
export const removedPasskeysResponseSchema = z.object({ removed: z.number().int() });

/** `POST /api/auth/step-up/send-code` (ADR 0076): where the code went (her own address) and until when it works. */
export const stepUpCodeSentResponseSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type StepUpCodeSent = z.infer<typeof stepUpCodeSentResponseSchema>;

/** `POST /api/auth/step-up/verify-code` (ADR 0076): the six digits of the step-up email, typed as a sign-in code is. */
export const verifyStepUpCodeBodySchema = z.object({ code: signInCodeField });

/** The answer of a step-up code typed right: the session may add a passkey until `freshUntil` (ADR 0076). */
export const stepUpResponseSchema = z.object({ freshUntil: z.string() });
export type StepUpResponse = z.infer<typeof stepUpResponseSchema>;
