import type { FastifyInstance } from "fastify";
import { ERROR_CODES } from "../../common/api/errors";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from "../../common/validation";

/** Most nested values {@link findControlCharacter} visits before giving up on a body (1 MB bodies stay linear). */
const MAX_VISITS = 1_000_000;

/**
 * The path (`q`, `items.2.name`) of the first string in `value` holding a C0 control character,
 * or undefined. Walks iteratively (no recursion, so any nesting depth is safe) and in time
 * linear in the size of `value`.
 * @param multiline allow tab, line feed and carriage return (JSON bodies may carry notes)
 * @param root path prefix of `value` itself
 */
export function findControlCharacter(value: unknown, multiline: boolean, root = ""): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  let visits = 0;
  while (stack.length > 0 && visits++ < MAX_VISITS) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === "string") {
      if (hasControlCharacter(current, multiline)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before schema validation, any request whose path parameters, query string or JSON
 * body holds a C0 control character (ADR 0013: `{"email":"a\u0000@b.co"}` and `?q=%00` reached
 * PostgreSQL, which cannot store NUL, and answered 500). Tab, line feed and carriage return
 * pass in bodies (multi-line notes and addresses); the schemas' `safeText` refuses them in
 * one-line fields. Answers 400 `{error, code: "VALIDATION_ERROR", field}`.
 */
export function installControlCharacterGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) => {
    const field =
      findControlCharacter(request.params, false) ??
      findControlCharacter(request.query, false) ??
      findControlCharacter(request.body, true);
    if (field === undefined) return;
    return reply
      .status(400)
      .send({ error: CONTROL_CHARACTER_MESSAGE, code: ERROR_CODES.VALIDATION, ...(field ? { field } : {}) });
  });
}
