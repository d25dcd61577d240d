/**
 * Limits and timings of the product. One place to change them; every constant names the section
 * of docs/product.md (or the issue) it comes from.
 */

/** Magic-link lifetime in milliseconds: 15 minutes (docs/product.md#9-constants; the email says so). */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

/** Invitation lifetime in milliseconds: 7 days (issue #3; docs/product.md#9-constants). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Session lifetime in milliseconds: 30 days, sliding (issue #2; docs/product.md#9-constants). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Absolute session lifetime in milliseconds: 90 days from sign-in, however often the session is
 * used (issue #11 item 5; OWASP Session Management Cheat Sheet, "Absolute Timeout").
 */
export const SESSION_ABSOLUTE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * How stale a session's expiry may get before a request slides it forward, in milliseconds.
 * Sliding at most once a day keeps `GET /api/auth/me` a read, not a write, on the hot path.
 */
export const SESSION_SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Verify screen: redirect to /dashboard this many ms after success (docs/product.md#9-constants). */
export const VERIFY_REDIRECT_MS = 2000;

/** Toasts (docs/product.md#9-constants): at most one at a time, shown 5000 ms, removed 1000000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Toasts are dismissed by a swipe to the right past 50 px (docs/product.md#9-constants). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/**
 * Magic-link requests allowed per (email address, client IP) within {@link MAGIC_LINK_RATE_WINDOW_MS}
 * (issue #2's 5 per email, counted per IP since issue #11 item 5 so a stranger cannot lock
 * someone out; ADR 0016).
 */
export const MAGIC_LINK_RATE_PER_EMAIL = 5;
/**
 * Magic-link requests allowed per email address from all IPs together within
 * {@link MAGIC_LINK_RATE_WINDOW_MS} (issue #11 item 5, ADR 0016): bounds the mail one address can
 * receive while several honest networks (office, phone) still get through.
 */
export const MAGIC_LINK_RATE_PER_EMAIL_GLOBAL = 30;
/** Magic-link requests allowed per client IP within {@link MAGIC_LINK_RATE_WINDOW_MS} (issue #2). */
export const MAGIC_LINK_RATE_PER_IP = 20;
/** Window for the magic-link rate limits: 15 minutes. */
export const MAGIC_LINK_RATE_WINDOW_MS = 15 * 60 * 1000;

/** A wrong gate password shakes and reddens the panel for this many ms (docs/product.md#4-states, #9-constants: "shake 2 s"). */
export const SHAKE_DURATION_MS = 2000;
