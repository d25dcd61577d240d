/**
 * The limits registry: every rate limit, request size, lifetime and timing of AisleIQ, in one
 * file shared by client and server (no imports, so any chunk may use it for free). Each value
 * names where it comes from: a `docs/product.md` anchor when the product states it, otherwise
 * the ADR that chose it (ADR 0028 records the ones first set by an issue). Change a value here
 * and nowhere else; the code, the tests and the OpenAPI document read it from here.
 *
 * Not here: a text field's length cap (`EMAIL_MAX_LENGTH`, `NOTES_MAX_LENGTH`, …) stays beside the
 * schema field it guards in `src/common/api` and `src/common/validation.ts`.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ─── Lifetimes ──────────────────────────────────────────────────────────────────────────────

/** Magic-link lifetime in ms: 15 minutes, as the sign-in page states (docs/product.md#9-constants). */
export const MAGIC_LINK_TTL_MS = 15 * MINUTE;

/** Invitation lifetime in ms: 7 days (ADR 0028; the product leaves it open). */
export const INVITATION_TTL_MS = 7 * DAY;

/** Session lifetime in ms: 30 days, sliding (ADR 0028; the product leaves it open). */
export const SESSION_TTL_MS = 30 * DAY;

/**
 * Absolute session lifetime in ms: 90 days from sign-in, however often the session is used
 * (ADR 0028; OWASP Session Management Cheat Sheet "Absolute Timeout").
 */
export const SESSION_ABSOLUTE_TTL_MS = 90 * DAY;

/**
 * How stale a session's expiry may get before a request slides it forward, in ms (ADR 0028).
 * Sliding at most once a day keeps `GET /api/auth/me` a read, not a write, on the hot path.
 */
export const SESSION_SLIDE_AFTER_MS = 1 * DAY;

/**
 * How often a session's "last seen" time (and address) is written, at most, in ms: once a
 * minute (docs/product.md#12-account-records), so the session lookup of nearly every request
 * stays one read.
 */
export const SESSION_LAST_SEEN_EVERY_MS = 1 * MINUTE;

/**
 * Days the files of a decided background check are kept after the decision, unless
 * DOCUMENT_RETENTION_DAYS says otherwise (0 turns purging off): 90 (ADR 0058, a common default of
 * identity-document vendors).
 */
export const DOCUMENT_RETENTION_DAYS_DEFAULT = 90;
/**
 * Business days between a pre-adverse action notice and the final rejection unless
 * ADVERSE_ACTION_WAITING_DAYS says otherwise; also production's least (ADR 0083).
 */
export const ADVERSE_ACTION_WAITING_DAYS_DEFAULT = 5;
/** Files at most with a dispute of a pending rejection (ADR 0083): the upload's own limit. */
export const MAX_FILES_PER_DISPUTE = 5;
/** Decided checks the retention step purges per run (ADR 0058); the next sweep takes the rest. */
export const RETENTION_BATCH_SIZE = 50;
/** Lease of a claimed file deletion, in ms: 2 minutes, like the outbox's (ADR 0058). */
export const FILE_DELETION_LEASE_MS = 2 * MINUTE;
/** First retry of a failed file deletion, in ms (1 minute), doubling per attempt (ADR 0058). */
export const FILE_DELETION_RETRY_BASE_MS = 1 * MINUTE;
/** Longest wait between two tries of a failing file deletion, in ms: 6 hours (ADR 0058). */
export const FILE_DELETION_MAX_DELAY_MS = 6 * HOUR;

/** Lifetime of the `lang` cookie in seconds: one year (ADR 0022). */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

// ─── Rate limits ────────────────────────────────────────────────────────────────────────────
// Each counts requests in RATE_LIMIT_WINDOW_MS; exceeding one answers 429 RATE_LIMITED with
// Retry-After. Keys (per IP, per email, per session) are in src/server/http/rate-limit.ts.
// The per-recipient email caps (ADR 0034) refuse nothing: past them the email is not sent.

/** The window of every rate limit: 15 minutes (ADR 0016, ADR 0028). */
export const RATE_LIMIT_WINDOW_MS = 15 * MINUTE;

/**
 * Magic-link requests per (email address, client IP): 5 (first 5 per email, counted per IP
 * since ADR 0016 so a stranger cannot lock someone out).
 */
export const MAGIC_LINK_RATE_PER_EMAIL = 5;
/**
 * Sign-in emails sent to one address in {@link MAGIC_LINK_TTL_MS}: at most 5 (ADR 0034, which
 * replaced ADR 0016's refusal past 30 requests per address). Requests past the cap get the same
 * 200 but no new email, and the last link sent stays valid; the window equals a link's lifetime,
 * so while the cap holds the newest link emailed has not expired.
 */
export const MAGIC_LINK_EMAILS_PER_ADDRESS = 5;
/** Magic-link requests per client IP: 20 (ADR 0016). */
export const MAGIC_LINK_RATE_PER_IP = 20;
/** Magic-link inspections (`POST /api/auth/magic-link/inspect`) per client IP: 60 (ADR 0015, ADR 0028). */
export const MAGIC_LINK_INSPECT_RATE_PER_IP = 60;
/** Magic-link verifications per client IP: 60 (ADR 0028). */
export const MAGIC_LINK_VERIFY_RATE_PER_IP = 60;
/** First-admin creations (`POST /api/admin/create-initial`) per client IP: 30 (ADR 0028). */
export const CREATE_INITIAL_RATE_PER_IP = 30;

/** Invitations sent or re-sent per session: 60 (ADR 0028). */
export const INVITATION_SEND_RATE_PER_SESSION = 60;
/** Invitation-link previews per client IP: 60 (ADR 0028). */
export const INVITATION_PREVIEW_RATE_PER_IP = 60;
/** Invitation acceptances per client IP: 30 (ADR 0028). */
export const INVITATION_ACCEPT_RATE_PER_IP = 30;

/** Background-check submissions per session: 30 (ADR 0028). */
export const CHECK_SUBMIT_RATE_PER_SESSION = 30;

/** Password checks per client IP and gate: 10 (ADR 0028). */
export const GATE_RATE_PER_IP = 10;

/**
 * Lifetime of the Channel Partner pass (the cookie a right password sets), in ms: 12 hours at
 * most, and never past the browser session (ADR 0035).
 */
export const CHANNEL_PARTNER_PASS_TTL_MS = 12 * HOUR;
/** Reads of the Channel Partner content with a pass, per client IP: 60 (ADR 0035). */
export const CHANNEL_PARTNER_CONTENT_RATE_PER_IP = 60;

/** Get Started requests per client IP: 10 (ADR 0028). */
export const LEAD_RATE_PER_IP = 10;

/**
 * Confirmation emails to one visitor address per {@link RECIPIENT_CAP_WINDOW_MS}: Get Started
 * confirmations 3, store-demo registration confirmations 3 (ADR 0034). Past the cap the lead or
 * registration is still stored and its notice still goes to the team; only the visitor's
 * confirmation is skipped, so nobody can fill a stranger's mailbox through our forms.
 */
export const LEAD_CONFIRMATIONS_PER_RECIPIENT = 3;
export const REGISTRATION_CONFIRMATIONS_PER_RECIPIENT = 3;
/** The window of the per-recipient confirmation caps: 24 hours (ADR 0034). */
export const RECIPIENT_CAP_WINDOW_MS = 24 * HOUR;

/**
 * Every per-IP limit also counts an IPv6 client's whole /48, at this many times its per-/64
 * maximum (ADR 0034): a /48 is one site (RFC 6177 §3) holding 65,536 /64s, so the /64 key
 * alone lets one site multiply every limit by rotating subnets. IPv4 has no wider count.
 */
export const IPV6_SITE_RATE_MULTIPLIER = 4;

/**
 * Store-demo registrations per client IP: 60, replays included (ADR 0028). Generous,
 * because a whole store team may register at once from one store network.
 */
export const REGISTRATION_RATE_PER_IP = 60;

// ─── Sign-in codes and passkeys (ADR 0060, ADR 0061) ────────────────────────────────────────

/** Digits of the one-time code in every sign-in email; it lives and dies with its link (ADR 0060). */
export const SIGN_IN_CODE_DIGITS = 6;
/** Wrong codes after which a code stops working; the link in its email still works (ADR 0060). */
export const SIGN_IN_CODE_MAX_WRONG = 5;
/**
 * Wrong codes typed for one address (whether or not it has an account) in
 * {@link SIGN_IN_CODE_ADDRESS_WINDOW_MS}: 10, i.e. two codes' worth of tries (ADR 0060). Bounds
 * a guesser aimed at one person to 10 of the 1,000,000 codes a day, whatever their addresses.
 */
export const SIGN_IN_CODE_WRONG_PER_ADDRESS = 10;
export const SIGN_IN_CODE_ADDRESS_WINDOW_MS = 24 * HOUR;
/**
 * Wrong codes typed from one client IP (IPv6 by /64) in {@link SIGN_IN_CODE_IP_WINDOW_MS}: 30
 * (ADR 0060). An office behind one address has room for its typos; one host trying many
 * addresses stops at 30 guesses an hour. Counted by one atomic statement per check, in a fixed
 * window from the IP's first counted check, so checks sent at once cannot pass it (ADR 0076).
 */
export const SIGN_IN_CODE_WRONG_PER_IP = 30;
export const SIGN_IN_CODE_IP_WINDOW_MS = 1 * HOUR;
/** Code entries (right or wrong) per client IP in {@link RATE_LIMIT_WINDOW_MS}: 60 (ADR 0060). */
export const SIGN_IN_CODE_RATE_PER_IP = 60;

/** How long a WebAuthn challenge (passkey sign-in or registration) can be answered, in ms (ADR 0061). */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * MINUTE;
/**
 * Passkey sign-in options per client IP in {@link RATE_LIMIT_WINDOW_MS}: 120 (ADR 0061). The
 * sign-in page asks once on load for the passkey autofill and again every few minutes while open.
 */
export const PASSKEY_OPTIONS_RATE_PER_IP = 120;
/** Passkey sign-ins per client IP in {@link RATE_LIMIT_WINDOW_MS}: 60, as magic-link verification (ADR 0061). */
export const PASSKEY_SIGN_IN_RATE_PER_IP = 60;
/** Passkey additions, renames and removals per session in {@link RATE_LIMIT_WINDOW_MS}: 30 (ADR 0061). */
export const PASSKEY_CHANGE_RATE_PER_SESSION = 30;
/** Most passkeys one account may hold: 20 (ADR 0061). */
export const PASSKEYS_PER_USER = 20;

// ─── Step-up before adding a passkey (ADR 0076) ────────────────────────────────────────────

/**
 * How recent a session's sign-in (link, code or passkey) or step-up code must be for it to add a
 * passkey: 10 minutes, the window Clerk's reverification gives "Add/remove passkey"
 * (https://clerk.com/docs/guides/secure/reverification, "strict"). Older sessions are asked for
 * a code emailed right then (ADR 0076).
 */
export const STEP_UP_WINDOW_MS = 10 * MINUTE;
/** How long an emailed step-up code can be typed: 10 minutes, the step-up window (ADR 0076). */
export const STEP_UP_CODE_TTL_MS = 10 * MINUTE;
/** Wrong tries after which a step-up code stops working (a new one must be sent): 5, as a sign-in code (ADR 0076). */
export const STEP_UP_CODE_MAX_WRONG = 5;
/** Step-up codes sent per session in {@link RATE_LIMIT_WINDOW_MS}: 5 (ADR 0076); each is an email to her. */
export const STEP_UP_SEND_RATE_PER_SESSION = 5;
/** Step-up code entries per session in {@link RATE_LIMIT_WINDOW_MS}: 20 (ADR 0076), four codes' worth of tries. */
export const STEP_UP_VERIFY_RATE_PER_SESSION = 20;
/** Step-up requests (sending and typing codes) per client IP in {@link RATE_LIMIT_WINDOW_MS}: 60, as sign-in codes (ADR 0076). */
export const STEP_UP_RATE_PER_IP = 60;

/**
 * Scrapes of `GET /metrics` per client IP: 600 (one every 1.5 s, ten times a usual 15 s scrape
 * interval; ADR 0053). Counted before the token is checked, so guessing it gets nowhere.
 */
export const METRICS_RATE_PER_IP = 600;

/**
 * Requests no route knows (the API's 404 and the site's not-found page) per client IP: 120
 * (ADR 0077). A visitor meets a few (a stale link, an asset gone after a deploy); a scanner
 * walking guessed paths meets hundreds and gets 429 like on any other anonymous route.
 */
export const NOT_FOUND_RATE_PER_IP = 120;

/** CRM webhook re-sends an admin asks for, per session: 60 (ADR 0051). */
export const WEBHOOK_RETRY_RATE_PER_SESSION = 60;

// ─── Sizes ──────────────────────────────────────────────────────────────────────────────────

/** Largest request body Fastify reads for JSON and forms, in bytes: 1 MiB (ADR 0013, ADR 0028). */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;

/** Files per background-check submission: at most 5; the client drops extras (docs/product.md#9-constants). */
export const MAX_FILES_PER_CHECK = 5;
/** Largest accepted file in bytes: 10 MB = 10,485,760 bytes (docs/product.md#9-constants). */
export const MAX_FILE_BYTES = 10_485_760;

/**
 * Multipart form of a background-check submission (ADR 0028): 2 text fields and 5 files are
 * expected, so at most 10 fields of at most 10,000 bytes each and 20 parts in all.
 */
export const MULTIPART_MAX_FIELDS = 10;
export const MULTIPART_FIELD_MAX_BYTES = 10_000;
export const MULTIPART_MAX_PARTS = 20;

/** Longest gate password the server compares; anything longer cannot be right (ADR 0013). */
export const GATE_PASSWORD_MAX_LENGTH = 200;

/** `GET /api/leads`: default page size 50, at most 200 (ADR 0028). */
export const LEAD_PAGE_DEFAULT = 50;
export const LEAD_PAGE_MAX = 200;

/**
 * Most entries one audit-trail CSV export holds (ADR 0057): the newest matches; narrower filters
 * export the rest. Bounds the memory of one export.
 */
export const AUDIT_CSV_MAX_ROWS = 50_000;

/** `GET /api/admin/users` and its audit trail: default page size 20, at most 100 (ADR 0028). */
export const USERS_PAGE_SIZE = 20;
export const USERS_PAGE_SIZE_MAX = 100;

/** Most rows `GET /api/demo-registrations` returns as JSON; the CSV export has no cap (ADR 0028). */
export const DEMO_REGISTRATION_LIST_LIMIT = 500;

/** `GET /api/admin/webhook-deliveries`: default page size 50, at most 200 (ADR 0051). */
export const WEBHOOK_DELIVERY_PAGE_DEFAULT = 50;
export const WEBHOOK_DELIVERY_PAGE_MAX = 200;

// ─── Client timings (docs/product.md#9-constants) ──────────────────────────────────────────

/** Verify screen: redirect to /dashboard this many ms after success. */
export const VERIFY_REDIRECT_MS = 2000;

/** Toasts: at most one at a time, shown 5000 ms, removed 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Toasts are dismissed by a swipe to the right past 50 px. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** A wrong gate password shakes and reddens the panel for this many ms ("shake 2 s"). */
export const SHAKE_DURATION_MS = 2000;

/** Store-demo registration: the client aborts the request after 15 s (also docs/product.md#7-api). */
export const REGISTRATION_TIMEOUT_MS = 15 * SECOND;

/** Hero: the last claim bubble's pending ellipsis turns into the emoji row after this many ms. */
export const HERO_CELEBRATION_MS = 6000;
/** Get Started success: confetti runs this long, in ms. */
export const CONFETTI_DURATION_MS = 8000;
/** Get Started modal: success flag and fields reset this many ms after closing. */
export const MODAL_RESET_MS = 300;
/** Smooth scroll to a section: duration in ms, ease-out cubic (docs/product.md#2-pages). */
export const SCROLL_DURATION_MS = 800;
/** Header dropdowns: a menu opens this many ms after the mouse comes to rest on its trigger. */
export const SUBMENU_OPEN_DELAY_MS = 100;
/** Header dropdowns: a menu opened by hovering closes this many ms after the mouse leaves it (ADR 0028). */
export const SUBMENU_CLOSE_DELAY_MS = 200;
/** Jobs modal: with no load event from the jobs board's frame by then (ms), the fallback shows (ADR 0028). */
export const JOBS_FRAME_TIMEOUT_MS = 8000;

// ─── Server timings ─────────────────────────────────────────────────────────────────────────

/**
 * Body timeouts of a background-check upload (ADR 0014): `idleMs` 30 s without a byte
 * while the server was ready to read (a stalled or slow-loris upload, as nginx's
 * `client_body_timeout`); `totalMs` 10 min for the whole body (at most 5 × 10 MB, i.e. under
 * ~85 KB/s on average). Either answers 408 UPLOAD_TIMEOUT and closes the connection.
 */
export const UPLOAD_TIMEOUTS = { idleMs: 30 * SECOND, totalMs: 10 * MINUTE } as const;

/**
 * A CRM webhook delivery that has no answer after this many ms fails and is retried with the
 * outbox's backoff (ADR 0051): 10 s, as receivers are asked to answer at once and work later.
 */
export const WEBHOOK_TIMEOUT_MS = 10 * SECOND;
/**
 * How far a webhook's signed timestamp may be from the receiver's clock, in seconds: 5 minutes,
 * Stripe's default tolerance (docs/operations.md#crm-webhook; ADR 0051).
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * An S3 request whose connection stays silent this long fails, in ms (ADR 0014);
 * the default of `S3_TIMEOUT_MS` (ADR 0050).
 */
export const S3_IDLE_TIMEOUT_MS = 30 * SECOND;
/** A TCP connection to S3 not established within this fails its request, in ms (ADR 0050). */
export const S3_CONNECT_TIMEOUT_MS = 5 * SECOND;
/**
 * An S3 request without an answer this long after it started fails, however busy its connection,
 * in ms (ADR 0050): a 10 MB PUT at about 35 KB/s.
 */
export const S3_REQUEST_TIMEOUT_MS = 5 * MINUTE;

/** `Retry-After` of a 503 while the database is unreachable, in seconds (ADR 0011). */
export const RETRY_AFTER_SECONDS = 5;
/** `Retry-After` of a 503 while the file storage is unreachable, in seconds (ADR 0028). */
export const STORAGE_RETRY_AFTER_SECONDS = 30;
/** How often the outage monitor pings the database while it is down, in ms (ADR 0011). */
export const OUTAGE_PROBE_MS = 250;
/** A new PostgreSQL connection that takes longer than this fails (the request answers 503), in ms (ADR 0011). */
export const DB_CONNECT_TIMEOUT_MS = 5 * SECOND;
/** Backoff of the outbox's LISTEN reconnection: first retry after 100 ms, doubling, up to 5 s (ADR 0012). */
export const LISTEN_RETRY_MIN_MS = 100;
export const LISTEN_RETRY_MAX_MS = 5 * SECOND;

/** Outbox: attempts before a message is marked failed; with a 5 s base the retries span about 17 hours (ADR 0012). */
export const OUTBOX_MAX_ATTEMPTS = 15;
/** Outbox: longest wait between two attempts, in ms (ADR 0012). */
export const OUTBOX_MAX_DELAY_MS = 6 * HOUR;
/** Outbox: the safety-net sweep, a wake-up even when no NOTIFY arrives, in ms (ADR 0012). */
export const OUTBOX_SWEEP_INTERVAL_MS = 60 * SECOND;
/** Outbox: how long a claimed row stays leased to one worker, in ms (ADR 0012). */
export const OUTBOX_LEASE_MS = 2 * MINUTE;
/** Outbox: while the mail server refuses, probe it after 1 s, doubling, up to 30 s (ADR 0012). */
export const OUTBOX_PROBE_MIN_MS = 1 * SECOND;
export const OUTBOX_PROBE_MAX_MS = 30 * SECOND;

/**
 * Stored magic-link requests: the outbox sweep issues a request left this long unprocessed by
 * the process that accepted it (that process crashed, or its attempt failed), in ms (ADR 0029).
 * Requests older than {@link MAGIC_LINK_TTL_MS} are dropped instead.
 */
export const MAGIC_LINK_REQUEST_RETRY_AFTER_MS = 10 * SECOND;

/** On SIGTERM the server waits this long for in-flight requests before it exits anyway, in ms (ADR 0028). */
export const SHUTDOWN_GRACE_MS = 10 * SECOND;
/**
 * While draining on shutdown, a kept-alive connection is closed once it has carried no request
 * for this long, in ms: a request already on its way on it is read (and answered 503 with
 * `Connection: close`) first, instead of being cut off by a reset (docs/operations.md#shutdown).
 */
export const SHUTDOWN_QUIET_CONNECTION_MS = 200;
/** How long the drain waits for kept-alive connections to close before the server closes the rest, in ms. */
export const SHUTDOWN_DRAIN_MS = 2 * SECOND;
