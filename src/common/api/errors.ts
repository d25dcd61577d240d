/**
 * The error registry (ADR 0026): every machine `code` the server can answer,
 * with the HTTP status it comes with and the catalog key of the message a person sees. The
 * client shows `errors.*` from the catalog by `code` (src/client/lib/api.ts), so messages
 * translate; the server's `error` text stays the English wording and the fallback for codes a
 * client does not know yet.
 *
 * Code strings are API contracts (docs/product.md#7-api): never rename or remove one; a code the
 * server stops answering is marked `retired` and stays (ADR 0033). This module
 * has no zod, so the first-load bundles that read it stay small; the body's zod schema is
 * `apiErrorSchema` in src/server/http/errors.ts.
 */

/** One registry entry. */
export interface ErrorEntry {
  /** The HTTP status the code is answered with. */
  readonly status: number;
  /** Other statuses the same code is also answered with, where a route differs. */
  readonly alsoStatus?: readonly number[];
  /** Catalog key of the message shown to people (`errors.*` in src/client/locales). */
  readonly message: `errors.${string}`;
  /**
   * True when the server's English text carries details the catalog message leaves out (a file
   * name, a field's own rule, a wait, a company name). English pages keep showing the server's
   * text for these; other languages show the catalog's general message (ADR 0026).
   */
  readonly detail?: true;
  /**
   * Set when the server no longer answers the code: why and which ADR retired it. A retired code
   * stays in the registry and the catalogs (codes are never removed or reused: a client may still
   * meet it from an older server), and the server must not emit it (ADR 0026, ADR 0033).
   */
  readonly retired?: string;
  /**
   * Catalog key of the message that names the file, used when the body carries `file` (an
   * upload's file errors), so every language names it.
   */
  readonly named?: `errors.${string}`;
}

/** Every code the API answers, by code string. Never rename a key: clients branch on them. */
export const ERRORS = {
  // Requests the framework or a validator refuses (ADR 0013).
  /** A body, query or path parameter failed its schema; `field` names the input when known. */
  VALIDATION_ERROR: { status: 400, message: "errors.validation", detail: true },
  /** A malformed request; also the code of any other 4xx Fastify raises without its own code. */
  BAD_REQUEST: { status: 400, message: "errors.badRequest", detail: true },
  METHOD_NOT_ALLOWED: { status: 405, message: "errors.methodNotAllowed", detail: true },
  NOT_ACCEPTABLE: { status: 406, message: "errors.notAcceptable", detail: true },
  CONFLICT: { status: 409, message: "errors.conflict", detail: true },
  GONE: { status: 410, message: "errors.gone", detail: true },
  PAYLOAD_TOO_LARGE: { status: 413, message: "errors.payloadTooLarge", detail: true },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "errors.unsupportedMediaType", detail: true },
  REQUEST_TIMEOUT: { status: 408, message: "errors.requestTimeout" },
  URI_TOO_LONG: { status: 414, message: "errors.uriTooLong" },
  REQUEST_HEADER_FIELDS_TOO_LARGE: { status: 431, message: "errors.headersTooLarge" },
  /** A state-changing `/api` request from another site (ADR 0004). */
  CROSS_ORIGIN_REJECTED: { status: 403, message: "errors.crossOrigin" },
  /** Too many requests for one limit; the text names the wait, Retry-After carries it. */
  RATE_LIMITED: { status: 429, message: "errors.rateLimited", detail: true },
  NOT_FOUND: { status: 404, message: "errors.notFound", detail: true },
  INTERNAL_ERROR: { status: 500, message: "errors.internal" },
  /** 503 with Retry-After: the database is unreachable or the server is shutting down (ADR 0011). */
  SERVICE_UNAVAILABLE: { status: 503, message: "errors.serviceUnavailable", detail: true },
  /** `/health/ready` while the database cannot be reached. */
  NOT_READY: { status: 503, message: "errors.notReady" },

  // Sessions, sign-in and roles (docs/product.md#6-roles).
  UNAUTHENTICATED: { status: 401, message: "errors.unauthenticated", detail: true },
  FORBIDDEN: { status: 403, message: "errors.forbidden", detail: true },
  /** `GET /api/admin/login-info` before the first admin exists (docs/product.md#7-api). */
  SETUP_REQUIRED: { status: 404, message: "errors.setupRequired" },
  ADMIN_EXISTS: { status: 409, message: "errors.adminExists" },
  INITIAL_ADMIN_EMAIL_ONLY: { status: 403, message: "errors.initialAdminEmailOnly", detail: true },
  EMAIL_TAKEN: { status: 409, message: "errors.emailTaken" },
  /** An unknown sign-in or invitation link (ADR 0024); the text names the kind of link. */
  TOKEN_INVALID: { status: 404, message: "errors.tokenInvalid", detail: true },
  /** A sign-in link or an invitation past its lifetime. */
  TOKEN_EXPIRED: { status: 410, message: "errors.tokenExpired", detail: true },
  /** A sign-in link or an invitation already used. */
  TOKEN_USED: { status: 410, message: "errors.tokenUsed", detail: true },
  ACCOUNT_INACTIVE: { status: 403, message: "errors.accountInactive" },
  /**
   * A session whose user has since been deactivated (ADR 0038): a 401 like UNAUTHENTICATED, so
   * the portal knows to say why she was signed out and whom to ask.
   */
  ACCOUNT_DEACTIVATED: { status: 401, message: "errors.accountDeactivated" },
  /** Nobody reviews their own background check (ADR 0017). */
  SELF_REVIEW_FORBIDDEN: { status: 403, message: "errors.selfReviewForbidden" },
  /** Nobody changes the role or company of, deactivates or deletes their own account (ADR 0017). */
  SELF_MANAGEMENT_FORBIDDEN: { status: 403, message: "errors.selfManagementForbidden" },

  // Sign-in codes and passkeys (ADR 0060, ADR 0061).
  /**
   * Not the code of a usable sign-in email asked for in this browser: wrong, expired, used,
   * another browser's, or for an address without an account (the same answer for each).
   */
  SIGN_IN_CODE_INVALID: { status: 400, message: "errors.signInCodeInvalid" },
  /** This browser's sign-in code has had 5 wrong tries and no longer works; its link still does. */
  SIGN_IN_CODE_EXHAUSTED: { status: 410, message: "errors.signInCodeExhausted" },
  /** The right code of this browser's sign-in email, whose link has already signed in (the link and code go together). */
  SIGN_IN_CODE_USED: { status: 410, message: "errors.signInCodeUsed" },
  /** A passkey sign-in that could not be verified: unknown or removed passkey, stale challenge, bad signature. */
  PASSKEY_FAILED: { status: 400, message: "errors.passkeyFailed" },
  /** A new passkey the server could not verify (or one already added). */
  PASSKEY_REGISTRATION_FAILED: { status: 400, message: "errors.passkeyRegistrationFailed" },
  /** The account already has the most passkeys allowed (PASSKEYS_PER_USER). */
  PASSKEY_LIMIT: { status: 409, message: "errors.passkeyLimit", detail: true },
  /**
   * Adding a passkey needs a sign-in within the step-up window (10 minutes) or an emailed
   * step-up code typed just now (ADR 0076).
   */
  STEP_UP_REQUIRED: { status: 403, message: "errors.stepUpRequired" },
  /** Not the live step-up code of this session: wrong, expired, used, or none sent (ADR 0076). */
  STEP_UP_CODE_INVALID: { status: 400, message: "errors.stepUpCodeInvalid" },
  /** This session's step-up code has had 5 wrong tries and no longer works; a new one can be sent. */
  STEP_UP_CODE_EXHAUSTED: { status: 410, message: "errors.stepUpCodeExhausted" },

  // Password gates (ADR 0004).
  INCORRECT_PASSWORD: { status: 401, message: "errors.incorrectPassword" },
  /** A gated section's content asked for without a valid pass (ADR 0035). */
  GATE_LOCKED: { status: 401, message: "errors.gateLocked" },

  // Invitations and companies.
  /** Withdrawn: 410 when someone opens it, 409 when an admin resends it. */
  INVITATION_REVOKED: { status: 410, alsoStatus: [409], message: "errors.invitationRevoked", detail: true },
  /** Resending or withdrawing an invitation that was already accepted. */
  INVITATION_ACCEPTED: { status: 409, message: "errors.invitationAccepted" },
  /**
   * Retired: the address had a pending invitation of another tenant. Since ADR 0033 another
   * tenant's pending invitation neither blocks nor shows, so no route answers this any more.
   */
  INVITATION_PENDING_ELSEWHERE: {
    status: 409,
    message: "errors.invitationPendingElsewhere",
    retired: "ADR 0033: other tenants' pending invitations no longer block an invitation",
  },
  /** Re-inviting names another company than the pending invitation without `replaceCompany: true`. */
  INVITATION_COMPANY_CONFLICT: { status: 409, message: "errors.invitationCompanyConflict", detail: true },
  COMPANY_NOT_FOUND: { status: 400, message: "errors.companyNotFound" },
  COMPANY_REQUIRED: { status: 400, message: "errors.companyRequired", detail: true },
  COMPANY_EMAIL_TAKEN: { status: 409, message: "errors.companyEmailTaken" },

  // Store-demo registration, in the rules' order (docs/product.md#5-validation).
  FIELDS_REQUIRED: { status: 400, message: "errors.fieldsRequired" },
  INVALID_EMAIL_DOMAIN: { status: 400, message: "errors.invalidEmailDomain" },
  INVALID_PHONE: { status: 400, message: "errors.invalidPhone" },
  TERMS_NOT_ACCEPTED: { status: 400, message: "errors.termsNotAccepted" },
  /** A registration ID sent again with different details (ADR 0006). */
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: "errors.idempotencyKeyReused" },

  // Background-check uploads (ADR 0014).
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    message: "errors.unsupportedFileType",
    detail: true,
    named: "errors.unsupportedFileTypeNamed",
  },
  FILE_TOO_LARGE: {
    status: 413,
    message: "errors.fileTooLarge",
    detail: true,
    named: "errors.fileTooLargeNamed",
  },
  TOO_MANY_FILES: { status: 413, message: "errors.tooManyFiles", detail: true },
  FILES_REQUIRED: { status: 400, message: "errors.filesRequired" },
  MULTIPART_REQUIRED: { status: 415, message: "errors.multipartRequired" },
  /** A file part with no content (ADR 0014). */
  EMPTY_FILE: { status: 400, message: "errors.emptyFile", detail: true },
  /** Too many parts or fields in the form. */
  TOO_MANY_PARTS: { status: 400, message: "errors.tooManyParts" },
  /** A text field longer than the multipart field limit. */
  FIELD_TOO_LARGE: { status: 400, message: "errors.fieldTooLarge", detail: true },
  /** Not parseable as multipart/form-data: no boundary, bad part headers, truncated body. */
  MALFORMED_MULTIPART: { status: 400, message: "errors.malformedMultipart", detail: true },
  /** The body stopped arriving. */
  UPLOAD_TIMEOUT: { status: 408, message: "errors.uploadTimeout" },
  /** The file storage (disk or S3) failed; nothing was kept. */
  STORAGE_UNAVAILABLE: { status: 503, message: "errors.storageUnavailable" },
  /** A stored file could not be read (its storage failed or did not answer); ADR 0050. */
  FILE_UNAVAILABLE: { status: 503, message: "errors.fileUnavailable" },

  // Signed consent and adverse action (ADR 0083, ADR 0084).
  /** A submission without the person's signed authorization (typed name matching her full name). */
  AUTHORIZATION_REQUIRED: { status: 400, message: "errors.authorizationRequired" },
  /** The authorization names a disclosure version that is not the current one: read it again. */
  DISCLOSURE_OUTDATED: { status: 400, message: "errors.disclosureOutdated" },
  /**
   * A step the adverse-action stage does not allow now: confirming a rejection nobody disputed
   * before the waiting period ends, or disputing outside the period or a second time.
   */
  ADVERSE_ACTION_STAGE: { status: 409, message: "errors.adverseActionStage", detail: true },
} as const satisfies Record<string, ErrorEntry>;

/** A code the API answers: a key of {@link ERRORS}. A misspelt code fails typecheck. */
export type ErrorCode = keyof typeof ERRORS;

/** Every code, for schemas (`z.enum`) and tests. */
export const ERROR_CODE_LIST = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/** True when `code` is one the registry knows (a client may meet codes of a newer server). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.hasOwn(ERRORS, code);
}

/**
 * Shorter names for the codes whose registry name is long (`ERROR_CODES.VALIDATION` for
 * `VALIDATION_ERROR`); such a code goes by its short name only.
 */
const SHORT_NAMES = {
  VALIDATION: "VALIDATION_ERROR",
  HEADERS_TOO_LARGE: "REQUEST_HEADER_FIELDS_TOO_LARGE",
  CROSS_ORIGIN: "CROSS_ORIGIN_REJECTED",
  INTERNAL: "INTERNAL_ERROR",
} as const satisfies Record<string, ErrorCode>;
type ShortNamed = (typeof SHORT_NAMES)[keyof typeof SHORT_NAMES];
const shortNamed = new Set<string>(Object.values(SHORT_NAMES));

/**
 * Names for the codes, for readable call sites (`ERROR_CODES.NOT_FOUND`, `ERROR_CODES.VALIDATION`):
 * every registry code under its own name, or its {@link SHORT_NAMES short name}. Built from
 * {@link ERRORS}, so a new code is one registry entry; a misspelt name fails typecheck.
 */
export const ERROR_CODES = {
  ...(Object.fromEntries(
    ERROR_CODE_LIST.filter((code) => !shortNamed.has(code)).map((code) => [code, code]),
  ) as {
    readonly [C in Exclude<ErrorCode, ShortNamed>]: C;
  }),
  ...SHORT_NAMES,
};

/**
 * Every error the API answers has this body (docs/architecture.md): `error` is a human message
 * in English (never prefixed with a field name, ADR 0013), `code` a registry code, and, on
 * validation errors, `field` the dotted path of the offending input (`email`, `items.2.name`);
 * on an upload's file errors, `file` the file's name (so a Spanish client can name it too).
 * Clients read `code` as a plain string: a newer server may send a code they do not know.
 */
export interface ApiErrorBody {
  error: string;
  code: string;
  field?: string;
  file?: string;
}
