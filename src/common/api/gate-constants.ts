/**
 * Constants of the password gates (issue #5), without zod: the calculator imports them on its
 * first load and loads the body schema (gates.ts) only when a password is submitted.
 */

/** Longest password the server will compare; anything longer cannot be right. */
export const GATE_PASSWORD_MAX_LENGTH = 200;
