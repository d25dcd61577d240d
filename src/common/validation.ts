/**
 * Shared validation rules, used by the client forms and by the server alike (docs/product.md#5-validation).
 *
 * Every rule here runs in time linear in its input, whatever the input (ADR 0013,
 * against regex DoS): no regex with overlapping quantifiers, and length caps first where they apply.
 * tests/unit/regex-timing.test.ts times each one on 1 MB adversarial strings.
 */

/**
 * The email shape of docs/product.md#5-validation for the browser's `pattern` attribute: non-space text, '@', text, '.',
 * text (docs/product.md#5-validation, Get Started). It accepts exactly what `^[^\s@]+@[^\s@]+\.[^\s@]+$` accepts,
 * but that literal backtracks quadratically on "a@a.a.a.…@"; here the lookahead first proves
 * the domain is one run of non-space, non-'@' characters, after which the search for a dot
 * cannot fail expensively. Server and shared code use {@link hasEmailShape}.
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?=[^\s@]+$)[^\s@]+\.[^\s@]+$/;

/** Maximum length of an email address we accept (RFC 5321 §4.5.3.1.3 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The one shape of a token we hand out (magic links, invitations, session and binding cookies):
 * 32 random bytes as unpadded base64url, so exactly 43 characters of `A-Z a-z 0-9 - _`
 * (RFC 4648 §5; docs/product.md#3-records, ADR 0024). A fixed-length character class: linear
 * time on any input. The request contracts, the token mechanism and the log redaction use it.
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Length of every token matching {@link TOKEN_PATTERN}. */
export const TOKEN_LENGTH = 43;

/** Largest value of a PostgreSQL `integer` (int4) column: every id of our schema. */
export const INT4_MAX = 2_147_483_647;

/** JavaScript's `\s`: the whitespace the email shape forbids. */
const WHITESPACE = /\s/;

/**
 * The email shape, `^[^\s@]+@[^\s@]+\.[^\s@]+$` (docs/product.md#5-validation), checked in linear time:
 * exactly one '@' with non-empty text before it, no whitespace anywhere, and a '.' in the
 * domain that is neither its first nor its last character. Deliberately loose; the mailbox
 * itself is proven by the magic link. No length limit (see {@link isEmail}).
 */
export function hasEmailShape(value: string): boolean {
  const at = value.indexOf("@");
  if (at <= 0 || value.indexOf("@", at + 1) !== -1 || WHITESPACE.test(value)) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf(".", 1);
  return dot !== -1 && dot < domain.length - 1;
}

/** True when `value` fits RFC 5321's length limit and has the documented email shape (length first). */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && hasEmailShape(value);
}

/**
 * Canonical form used to store and compare addresses: trimmed and lower-cased.
 * @param value raw address as typed
 * @returns the normalised address (may still be invalid; validate separately)
 */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Answer to text holding a C0 control character (ADR 0013: NUL and friends are refused). */
export const CONTROL_CHARACTER_MESSAGE = "Text must not contain control characters such as NUL.";

/**
 * True when `value` holds a C0 control character (U+0000 to U+001F). Tab, line feed and carriage
 * return are allowed when `multiline` is true (notes, addresses), refused otherwise. PostgreSQL
 * cannot store NUL in text, and the others have no place in names, emails or search text.
 */
export function hasControlCharacter(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 && !(multiline && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
  }
  return false;
}
