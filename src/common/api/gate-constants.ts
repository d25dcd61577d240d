/**
 * Constants of the password gates (issue #5), without zod: the calculator imports them on its
 * first load and loads the body schema (gates.ts) only when a password is submitted. The
 * password's length cap is in the limits registry (`src/common/limits.ts`).
 */

/** Error code of a wrong password (401). */
export const INCORRECT_PASSWORD_CODE = "INCORRECT_PASSWORD";
