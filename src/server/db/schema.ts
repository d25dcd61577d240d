import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { USER_AUDIT_ACTIONS } from "../../common/api/users";
import { LANGUAGES } from "../../common/languages";

/**
 * Database schema: every entity of docs/product.md#3-records, plus the outbox, lead and demo-registration tables
 * (docs/product.md#10-ground-rules). Emailed and cookie tokens are never stored raw: `token_hash` holds the hex
 * SHA-256 digest of a 32-byte random value (see core/tokens.ts).
 */

/** A `timestamp with time zone` column: every point in time is stored with its zone. */
const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
/** When the row was written. */
const createdAt = () => timestampTz("created_at").notNull().defaultNow();
/** The serial primary key of most tables. */
const serialId = () => serial("id").primaryKey();
/** The owning user of a row, deleted with them. */
const ownerUserId = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
/** The background check a row belongs to, deleted with it. */
const backgroundCheckId = () =>
  integer("background_check_id")
    .notNull()
    .references(() => backgroundChecks.id, { onDelete: "cascade" });

const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestampTz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const roleEnum = pgEnum("role", ["admin", "company_admin", "user"]);
/**
 * The language a person reads email and the portal in (ADR 0025): stored on
 * users, invitations, leads and demo registrations; English unless chosen.
 */
export const languageEnum = pgEnum("language", LANGUAGES);
/** The `language` column of every table that emails someone. */
const languageColumn = () => languageEnum("language").notNull().default("en");
/** Status of a check; `pre_adverse_action` is the waiting period before a rejection is final (ADR 0083). */
export const backgroundCheckStatusEnum = pgEnum("background_check_status", [
  "pending",
  "in_review",
  "approved",
  "pre_adverse_action",
  "rejected",
]);

export const companies = pgTable("companies", {
  id: serialId(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  phone: text("phone"),
  address: text("address"),
  ...timestamps,
});

export const users = pgTable(
  "users",
  {
    id: serialId(),
    email: text("email").notNull().unique(),
    fullName: text("full_name").notNull(),
    role: roleEnum("role").notNull().default("user"),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    lastLoginAt: timestampTz("last_login_at"),
    /** Language of the portal and of the user's emails (ADR 0025). */
    language: languageColumn(),
    /** When the portal suggested adding a passkey, after a sign-in by email; it does so once (ADR 0061). */
    passkeySuggestedAt: timestampTz("passkey_suggested_at"),
    ...timestamps,
  },
  (t) => [index("users_company_id_idx").on(t.companyId), index("users_role_idx").on(t.role)],
);

export const magicLinkTokens = pgTable(
  "magic_link_tokens",
  {
    id: serialId(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: ownerUserId(),
    email: text("email").notNull(),
    expiresAt: timestampTz("expires_at").notNull(),
    used: boolean("used").notNull().default(false),
    createdAt: createdAt(),
    /**
     * Hex SHA-256 of the binding cookie set in the browser that asked for the link (ADR
     * 0015); null when none was set. Only that browser verifies without a click.
     */
    bindingHash: text("binding_hash"),
    /**
     * The scrypt digest of the one-time code emailed with the link (ADR 0060), never the code;
     * null for links issued before codes existed. Using the code or the link sets `used`.
     */
    codeDigest: text("code_digest"),
  },
  (t) => [
    index("magic_link_tokens_user_id_idx").on(t.userId),
    index("magic_link_tokens_binding_hash_idx").on(t.bindingHash),
  ],
);

/**
 * One wrong sign-in code (ADR 0060), whether or not the address has an account: counted per
 * address, per client IP and per request (its binding) to stop guessing; rows older than the
 * longest window are deleted as new ones are written.
 */
export const signInCodeFailures = pgTable(
  "sign_in_code_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The address typed, normalised. */
    email: text("email").notNull(),
    /** The client IP's rate-limit key (IPv6 by /64, ADR 0016). */
    ipKey: text("ip_key").notNull(),
    /** Hex SHA-256 of the browser's binding cookie (ADR 0015), when it sent one. */
    bindingHash: text("binding_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sign_in_code_failures_email_idx").on(t.email, t.createdAt),
    index("sign_in_code_failures_ip_idx").on(t.ipKey, t.createdAt),
    index("sign_in_code_failures_binding_idx").on(t.bindingHash),
    index("sign_in_code_failures_created_at_idx").on(t.createdAt),
  ],
);

/**
 * Atomic counters of the sign-in code's per-IP wrong-code limit (ADR 0076): one row per key and
 * fixed window, bumped by one `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so concurrent checks
 * each get their own count. Unused when REDIS_URL is set (Redis `INCR` counts instead).
 */
export const attemptCounters = pgTable("attempt_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** End of the key's current window; a bump after it starts a new window at 1. */
  expiresAt: timestampTz("expires_at").notNull(),
});

/**
 * The one-time code of a step-up (ADR 0076): emailed to the signed-in person so a session older
 * than the step-up window may add a passkey. One live code per session; only its scrypt digest
 * is kept, with its wrong tries; deleted when used, at its last wrong try, or with the session.
 */
export const stepUpCodes = pgTable("step_up_codes", {
  sessionId: integer("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  userId: ownerUserId(),
  codeDigest: text("code_digest").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: timestampTz("expires_at").notNull(),
  createdAt: createdAt(),
});

/**
 * A passkey (WebAuthn credential) a user registered (ADR 0061): the public key and what the
 * library says to keep (signature counter, device type, backup state). Removed with the user.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serialId(),
    userId: ownerUserId(),
    /** The credential ID, base64url, as the browser reports it. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The WebAuthn user handle given at registration, base64url; one per user. */
    userHandle: text("user_handle").notNull(),
    /** The authenticator's signature counter (0 when it keeps none); up to 2^32 - 1. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** Transports the browser reported (`internal`, `hybrid`, `usb`…), comma-separated. */
    transports: text("transports").notNull().default(""),
    /** `singleDevice` or `multiDevice` (synced), as the library reports it. */
    deviceType: text("device_type").notNull(),
    /** Whether the credential is backed up (synced), updated at each use. */
    backedUp: boolean("backed_up").notNull(),
    /** The person's name for it, from the browser and OS at registration until she renames it. */
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz("last_used_at"),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

/**
 * A WebAuthn challenge waiting for its answer (ADR 0061): single-use (deleted when answered)
 * and short-lived. Found by the digest of the ceremony cookie of the browser that asked for it;
 * a registration challenge also names the signed-in user it was given to.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Hex SHA-256 of the ceremony cookie. */
    ceremonyHash: text("ceremony_hash").notNull().unique(),
    /** `registration` or `authentication`. */
    purpose: text("purpose").notNull(),
    /** The challenge, base64url, as sent to the browser. */
    challenge: text("challenge").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A registration's WebAuthn user handle (base64url), stored on the passkey it makes. */
    userHandle: text("user_handle"),
    expiresAt: timestampTz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webauthn_challenges_expires_at_idx").on(t.expiresAt)],
);

/**
 * A sign-in link someone asked for and has not been issued yet (ADR 0029). The request stores
 * one row, whether or not the address has an account, before it answers; a worker then claims
 * it, issues the link for an active account (token + outbox email in the same transaction) and
 * deletes it, so a crash loses no acknowledged link and a retry sends none twice.
 */
export const magicLinkRequests = pgTable(
  "magic_link_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The address as the request gave it, normalised (trimmed, lower-cased). */
    email: text("email").notNull(),
    /** Hex SHA-256 of the requesting browser's binding cookie (ADR 0015), copied to the link. */
    bindingHash: text("binding_hash"),
    createdAt: createdAt(),
    /**
     * The requesting client's address and User-Agent (ADR 0016), for the audit entry of a request
     * for an unknown or deactivated address (ADR 0057); gone with the row once handled.
     */
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("magic_link_requests_created_at_idx").on(t.createdAt)],
);

export const userInvitations = pgTable(
  "user_invitations",
  {
    id: serialId(),
    email: text("email").notNull(),
    role: roleEnum("role").notNull().default("user"),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    invitedBy: integer("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestampTz("expires_at").notNull(),
    used: boolean("used").notNull().default(false),
    revokedAt: timestampTz("revoked_at"),
    /** Language the invitation email is written in, and the new account's (ADR 0025). */
    language: languageColumn(),
    createdAt: createdAt(),
  },
  (t) => [index("user_invitations_email_idx").on(t.email)],
);

export const backgroundChecks = pgTable(
  "background_checks",
  {
    id: serialId(),
    userId: ownerUserId(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    status: backgroundCheckStatusEnum("status").notNull().default("pending"),
    passedCheck: boolean("passed_check"),
    submittedAt: timestampTz("submitted_at").notNull().defaultNow(),
    reviewedAt: timestampTz("reviewed_at"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    notes: text("notes"),
    /**
     * When the retention purge removed the check's files (ADR 0058): the row, its status, dates
     * and file names stay; the stored bytes are gone (or queued in `file_deletions`).
     */
    filesPurgedAt: timestampTz("files_purged_at"),
    /** When the pre-adverse action notice went out (ADR 0083); null outside that stage. */
    preAdverseAt: timestampTz("pre_adverse_at"),
    /** When the pending rejection becomes final unless disputed (ADR 0083). */
    finalAt: timestampTz("final_at"),
    /** When the person disputed the pending rejection, and what she said (ADR 0083). */
    disputedAt: timestampTz("disputed_at"),
    disputeStatement: text("dispute_statement"),
    ...timestamps,
  },
  (t) => [
    index("background_checks_user_id_idx").on(t.userId),
    // The finalization sweep's scan (ADR 0083): checks waiting out the adverse-action period.
    index("background_checks_final_at_idx").on(t.finalAt),
    // The retention purge's scan: decided checks whose files are still kept, oldest decision first.
    index("background_checks_purge_idx")
      .on(t.reviewedAt)
      .where(sql`files_purged_at is null and status in ('approved', 'rejected')`),
  ],
);

export const backgroundCheckFiles = pgTable(
  "background_check_files",
  {
    id: serialId(),
    backgroundCheckId: backgroundCheckId(),
    fileName: text("file_name").notNull(),
    originalName: text("original_name").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    filePath: text("file_path").notNull(),
    uploadedAt: timestampTz("uploaded_at").notNull().defaultNow(),
    /** `submission` (the first upload) or `dispute` (the person's answer to a pending rejection, ADR 0083). */
    purpose: text("purpose").notNull().default("submission"),
  },
  (t) => [index("background_check_files_check_id_idx").on(t.backgroundCheckId)],
);

/**
 * The person's signed disclosure and authorization of a check (ADR 0084): which disclosure she
 * read (version and SHA-256 of its text), the name she typed as her electronic signature, when
 * (UTC), from where (IP, User-Agent) and in which language, and the storage key of the signed
 * PDF receipt. One per check.
 */
export const backgroundCheckAuthorizations = pgTable("background_check_authorizations", {
  backgroundCheckId: integer("background_check_id")
    .primaryKey()
    .references(() => backgroundChecks.id, { onDelete: "cascade" }),
  disclosureVersion: text("disclosure_version").notNull(),
  disclosureSha256: text("disclosure_sha256").notNull(),
  signatureName: text("signature_name").notNull(),
  signedAt: timestampTz("signed_at").notNull(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  language: languageColumn(),
  receiptKey: text("receipt_key").notNull(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: serialId(),
    userId: ownerUserId(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestampTz("expires_at").notNull(),
    createdAt: createdAt(),
    /** The browser's User-Agent at sign-in (capped), for the sessions list (ADR 0059). */
    userAgent: text("user_agent"),
    /** The client address as trusted under TRUST_PROXY (ADR 0016), at sign-in, then as last seen. */
    ip: text("ip"),
    /** Last request seen on the session, written at most once a minute (ADR 0059). */
    lastSeenAt: timestampTz("last_seen_at").notNull().defaultNow(),
    /**
     * When the person last proved it was her with an emailed step-up code (ADR 0076); null when
     * never. With `created_at` (the sign-in) it says how fresh the session's sign-in is.
     */
    steppedUpAt: timestampTz("stepped_up_at"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const outboxStatusEnum = pgEnum("email_outbox_status", ["pending", "sent", "failed"]);

/**
 * Transactional outbox (docs/architecture.md#data-and-reliability-rules): a row is written in the same transaction as the
 * record it is about; the worker in mail/outbox/ delivers it. Bodies are cleared once sent,
 * so emailed links do not linger at rest.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: outboxStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestampTz("next_attempt_at").notNull().defaultNow(),
    lockedUntil: timestampTz("locked_until"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestampTz("sent_at"),
    /** Stable id of the message, the local part of its `Message-ID` header on every attempt (ADR 0012). */
    messageId: uuid("message_id").notNull().defaultRandom(),
    /** Lower is sooner: sign-in 0, invitation 10, bulk 100 (see mail/outbox/queue.ts `priorityOf`). */
    priority: smallint("priority").notNull().default(100),
    /** The language the message is written in, sent as `Content-Language` (RFC 3282). */
    language: text("language").notNull().default("en"),
    /** `Reply-To`: the submitter's validated address on notices about a lead or registration. */
    replyTo: text("reply_to"),
    /**
     * The credentials of a waiting email (sign-in link token, code, invitation token), sealed with
     * DATA_ENCRYPTION_KEY for this row (ADR 0074); the body holds `{{secret.name}}` placeholders.
     * Null on a row sent or failed for good, and on an email without credentials.
     */
    sealedSecrets: text("sealed_secrets"),
    /** A stored object (storage key) sent as the message's one attachment, read at send time (ADR 0084). */
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    // The claim: pending rows in (priority, id) order.
    index("email_outbox_claim_idx").on(t.priority, t.id).where(sql`status = 'pending'`),
    // The per-recipient caps count recent rows of one kind to one address (ADR 0034).
    index("email_outbox_recipient_idx").on(sql`lower(${t.toAddress})`, t.kind, t.createdAt),
  ],
);

/** A Get Started lead request (docs/product.md#3-records). */
export const leads = pgTable(
  "leads",
  {
    id: serialId(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company").notNull(),
    phone: text("phone").notNull(),
    /** The phone normalised E.164-style ('+' and digits, ADR 0019); null on leads stored before it. */
    phoneE164: text("phone_e164"),
    email: text("email").notNull(),
    planTitle: text("plan_title").notNull(),
    /** Language of the visitor's confirmation email (ADR 0025). */
    language: languageColumn(),
    /**
     * Where the visit came from (docs/product.md#11-lead-attribution-and-privacy-notice): the UTM parameters, the
     * referrer (without query or fragment) and the path of the visit's first page, as the form
     * sent them; null when the visit had none.
     */
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    referrer: text("referrer"),
    landingPath: text("landing_path"),
    /** The privacy notice version the form showed (`PRIVACY_NOTICE_VERSIONS`); null before it existed. */
    privacyNoticeVersion: text("privacy_notice_version"),
    createdAt: createdAt(),
  },
  (t) => [index("leads_created_at_idx").on(t.createdAt)],
);

/** A retailer store-demo registration (docs/product.md#3-records); `id` is the client's idempotency key. */
export const demoRegistrations = pgTable(
  "demo_registrations",
  {
    id: uuid("id").primaryKey(),
    retailerSlug: text("retailer_slug").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    acceptTerms: boolean("accept_terms").notNull(),
    submittedAt: timestampTz("submitted_at"),
    /** Language of the registrant's confirmation email (ADR 0025). */
    language: languageColumn(),
    /** The privacy notice version the form showed (`PRIVACY_NOTICE_VERSIONS`); null before it existed. */
    privacyNoticeVersion: text("privacy_notice_version"),
    createdAt: createdAt(),
  },
  (t) => [index("demo_registrations_created_at_idx").on(t.createdAt)],
);

/**
 * Audit trail of background-check status changes: who changed it, when, from which
 * status to which, and the notes given. The submission itself is the first row (from null).
 * `actorName` keeps the name readable after the acting user is deleted.
 */
export const backgroundCheckAudit = pgTable(
  "background_check_audit",
  {
    id: serialId(),
    backgroundCheckId: backgroundCheckId(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    fromStatus: backgroundCheckStatusEnum("from_status"),
    toStatus: backgroundCheckStatusEnum("to_status").notNull(),
    notes: text("notes"),
    /** A step of the signed consent and adverse-action process this row records (ADR 0083), or null. */
    event: text("event"),
    createdAt: createdAt(),
  },
  (t) => [index("background_check_audit_check_id_idx").on(t.backgroundCheckId)],
);

/**
 * The kinds of audit entry: the same list as the API's `USER_AUDIT_ACTIONS` (ADR 0057), in the
 * order the migrations created them (a new kind is appended there, then `npm run db:generate`).
 */
export const userAuditActionEnum = pgEnum("user_audit_action", USER_AUDIT_ACTIONS);

/**
 * Audit trail of accounts (user management, extended by ADR 0057 to authentication): who did what to
 * which account, and when: role and company changes, deactivation, deletion, sign-in and
 * sign-out, refused links, link requests for unknown or inactive addresses, invitations,
 * sessions ended by someone else and purged files. Names and emails are copied so entries stay
 * readable after either user is deleted; the ids are kept as they were (no foreign keys: a
 * trigger makes the table append-only, so nothing may null them later). `company_id` is the
 * target's company before the change and `new_company_id` the one after a company change; a
 * company admin sees the entries of either that name their company.
 */
export const userAudit = pgTable(
  "user_audit",
  {
    id: serialId(),
    /** Who acted; null for the system (the retention purge) or someone not signed in. */
    actorId: integer("actor_id"),
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    targetUserId: integer("target_user_id"),
    /** The account's address; masked ("a•••@example.com") for an address without an account. */
    targetEmail: text("target_email").notNull(),
    companyId: integer("company_id"),
    newCompanyId: integer("new_company_id"),
    action: userAuditActionEnum("action").notNull(),
    detail: text("detail"),
    at: timestampTz("at").notNull().defaultNow(),
    /** The client address of the request, as trusted under TRUST_PROXY (ADR 0016). */
    ip: text("ip"),
    /** The request's User-Agent (capped), for sign-in and sign-out. */
    userAgent: text("user_agent"),
    /**
     * Hex SHA-256 of the normalised address a link was requested for when it has no account: the
     * address itself is never stored in clear (ADR 0057); a search for the exact address finds it.
     */
    emailDigest: text("email_digest"),
  },
  (t) => [
    index("user_audit_at_idx").on(t.at),
    index("user_audit_company_id_idx").on(t.companyId),
    index("user_audit_new_company_id_idx").on(t.newCompanyId),
    index("user_audit_target_user_id_idx").on(t.targetUserId),
    index("user_audit_actor_id_idx").on(t.actorId),
  ],
);

/**
 * Stored files waiting to be deleted (ADR 0058): the retention purge and the deletion of checks
 * queue their keys here in the transaction that gives the files up, and a worker deletes them
 * from storage (local disk or S3), claimed like the outbox (`FOR UPDATE SKIP LOCKED` and a
 * lease), retrying with backoff until storage confirms. A row leaves only once its object is gone.
 */
export const fileDeletions = pgTable(
  "file_deletions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storageKey: text("storage_key").notNull(),
    /** The check the file belonged to (no foreign key: the check may be deleted meanwhile). */
    backgroundCheckId: integer("background_check_id"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestampTz("next_attempt_at").notNull().defaultNow(),
    lockedUntil: timestampTz("locked_until"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("file_deletions_due_idx").on(t.nextAttemptAt)],
);
