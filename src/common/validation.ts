/**
 * Shared validation rules, used by the client forms and by the server alike (spec §5).
 */

/**
 * The spec's email shape: non-space text, '@', text, '.', text (spec §5, Get Started).
 * Deliberately loose; the mailbox itself is proven by the magic link.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Maximum length of an email address we accept (RFC 5321 §4.5.3.1.3 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** True when `value` has the spec's email shape and fits RFC 5321's length limit. */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/**
 * Canonical form used to store and compare addresses: trimmed and lower-cased.
 * @param value raw address as typed
 * @returns the normalised address (may still be invalid; validate separately)
 */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
