import { z } from "zod";
import { LANGUAGES } from "../languages";
import { PRIVACY_NOTICE_VERSIONS } from "../privacy";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter, INT4_MAX } from "../validation";

/**
 * Building blocks of every request schema, safe against hostile input (ADR 0013,
 * "Hostile input"): a text field checks its length cap before anything else and stops there when the
 * cap fails (zod's `abort`), so no later check (a regex, a refinement) ever runs on an
 * oversized string; control characters are refused with a clear 400 instead of reaching
 * PostgreSQL (which cannot store NUL) or an email header.
 *
 * Naming in `src/common/api`: a schema a route declares is `<what><Role>Schema`, the role being
 * `Body`, `Query`, `Params` or `Response` (`sendMagicLinkBodySchema`, `userListQuerySchema`,
 * `checkIdParamsSchema`, `meResponseSchema`); any other object shape is `<what>Schema`
 * (`sessionUserSchema`); one reusable field is `<what>Field` (`emailField`, `idParamField`);
 * the inferred TypeScript type drops the suffix (`SendMagicLinkBody`).
 */

export interface SafeTextOptions {
  /** Most characters accepted (after trimming when `trim` is on). */
  max: number;
  /** Message when longer than `max`. */
  tooLong: string;
  /** Message when missing or not a string; zod's default otherwise. */
  required?: string;
  /** Allow tab, line feed and carriage return (notes, addresses). Default false. */
  multiline?: boolean;
  /** Trim surrounding whitespace first (default true; passwords keep theirs). */
  trim?: boolean;
}

/**
 * A string schema: optionally trimmed, then at most `max` characters, then free of C0 control
 * characters; the first two failures abort, so checks chained after it (`.min`, `.regex`,
 * `.refine`) only ever see short, clean text.
 * @example safeText({ max: 200, tooLong: "Full name is too long" }).min(1, "Full name is required")
 */
export function safeText(options: SafeTextOptions) {
  const base = options.required ? z.string({ error: options.required }) : z.string();
  const trimmed = options.trim === false ? base : base.trim();
  return trimmed
    .max(options.max, { error: options.tooLong, abort: true })
    .refine((value) => !hasControlCharacter(value, options.multiline), {
      error: CONTROL_CHARACTER_MESSAGE,
      abort: true,
    });
}

/**
 * A database id in a path or query string ("42"): a positive integer that fits the int4
 * columns (at most {@link INT4_MAX}); anything else is a 400, never a database error.
 */
export const idParamField = z.coerce
  .number({ error: "Not a valid id" })
  .int("Not a valid id")
  .positive("Not a valid id")
  .max(INT4_MAX, "Not a valid id");

/** A database id in a JSON body: a number (not a string), same bounds as {@link idParamField}. */
export const idField = z
  .number({ error: "Not a valid id" })
  .int("Not a valid id")
  .positive("Not a valid id")
  .max(INT4_MAX, "Not a valid id");

/**
 * The language a person reads email in (ADR 0025): one of the site's
 * languages (`LANGUAGES` in ../languages.ts). Optional on the request contracts; the server then
 * takes the `lang` cookie, else English.
 */
export const languageField = z.enum(LANGUAGES, { error: `language must be one of: ${LANGUAGES.join(", ")}` });

/** Paging of a list answer by page number: `page` (from 1) and `pageSize`, as asked for. */
export const pageNumberFields = { page: z.number().int(), pageSize: z.number().int() };
/** Paging of a list answer by offset: `limit` and `offset`, as asked for. */
export const pageOffsetFields = { limit: z.number().int(), offset: z.number().int() };

/**
 * The answer of a paged list route: one page of items under `key`, `total` (how many match in
 * all) and the paging it was read with.
 * @example listResponse("users", managedUserSchema, pageNumberFields)
 *   → `{ users: ManagedUser[], total, page, pageSize }`
 */
export function listResponse<K extends string, T extends z.ZodType, P extends z.ZodRawShape>(
  key: K,
  item: T,
  paging: P,
) {
  const items = { [key]: z.array(item) } as { [Q in K]: z.ZodArray<T> };
  return z.object({ ...items, total: z.number().int(), ...paging });
}

/**
 * Earliest and latest instants an {@link isoInstantField} accepts, as ISO 8601 text: the Unix
 * epoch to the end of year 9999 UTC (ADR 0077).
 */
export const INSTANT_MIN = "1970-01-01T00:00:00.000Z";
export const INSTANT_MAX = "9999-12-31T23:59:59.999Z";
const INSTANT_MIN_MS = Date.parse(INSTANT_MIN);
const INSTANT_MAX_MS = Date.parse(INSTANT_MAX);

/**
 * The one bounded date type of the API (ADR 0077): every date-time a client sends, in a query
 * or a body, is this field. An ISO 8601 date-time with offset (`2026-05-04T10:00:00Z`,
 * `…+02:00`) whose instant lies between {@link INSTANT_MIN} (1970-01-01T00:00:00Z, where a reset
 * device clock stands) and {@link INSTANT_MAX} (the end of year 9999 UTC, the last four-digit
 * year of ISO 8601 without the expanded form). zod's format check alone lets year 0000 through:
 * JavaScript dates hold it, PostgreSQL's timestamptz has no year 0 (error 22008, answered 500),
 * and years below 100 come back from the database drivers a century or two off (`0001` read as
 * `2001`). Longer, signed or five-digit years (`+010000-…`, `-000001-…`) fail the format itself.
 * Out of range is a 400 VALIDATION_ERROR with `message` (docs/product.md#3-records, ADR 0013).
 * @param message the error text for a malformed or out-of-range value
 */
export function isoInstantField(message: string) {
  return z.iso
    .datetime({ offset: true, error: message })
    .refine(
      (value) => {
        const ms = Date.parse(value);
        return ms >= INSTANT_MIN_MS && ms <= INSTANT_MAX_MS;
      },
      { error: message },
    )
    .meta({ description: `ISO 8601 date-time with an offset, from ${INSTANT_MIN} to ${INSTANT_MAX}.` });
}

/** The privacy notice version the form showed (src/common/privacy.ts): one of the published ones. */
export const privacyNoticeVersionField = z.enum(PRIVACY_NOTICE_VERSIONS, {
  error: `privacyNoticeVersion must be one of: ${PRIVACY_NOTICE_VERSIONS.join(", ")}`,
});
