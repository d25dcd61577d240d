import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeDbError, isConnectionError, safeError } from "../../src/server/db/faults";

/** A node-postgres DatabaseError look-alike: message plus SQLSTATE, severity and detail. */
function pgError(code: string, message: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { code, severity: "ERROR", ...extra });
}

describe("isConnectionError (which database errors answer 503)", () => {
  it.each([
    [
      "57P01 admin shutdown, FATAL",
      Object.assign(pgError("57P01", "terminating connection"), { severity: "FATAL" }),
    ],
    ["57P03 cannot connect now", pgError("57P03", "the database system is starting up")],
    ["53300 too many connections", pgError("53300", "sorry, too many clients already")],
    ["08006 connection failure", pgError("08006", "connection failure")],
    [
      "a FATAL of any code",
      Object.assign(pgError("55000", "not accepting connections"), { severity: "FATAL" }),
    ],
    [
      "ECONNREFUSED",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ],
    ["pg's connection terminated", new Error("Connection terminated unexpectedly")],
    ["pg-pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a closed PGlite", new Error("PGlite is closed")],
  ])("%s is connection-class, also wrapped by Drizzle and in an AggregateError", (_label, cause) => {
    expect(isConnectionError(cause)).toBe(true);
    expect(isConnectionError(new DrizzleQueryError("select 1", [], cause))).toBe(true);
    expect(isConnectionError(new AggregateError([new Error("other"), cause]))).toBe(true);
  });

  it.each([
    [
      "23505 unique violation",
      pgError("23505", 'duplicate key value violates unique constraint "users_email_key"'),
    ],
    ["22P02 bad input", pgError("22P02", 'invalid input syntax for type integer: "abc"')],
    ["P0001 raised exception", pgError("P0001", "refused")],
    ["a TypeError", new TypeError("x is undefined")],
    ["a string", "boom"],
    ["undefined", undefined],
  ])("%s is not connection-class (it stays a 500 or its own 4xx)", (_label, error) => {
    expect(isConnectionError(error)).toBe(false);
    expect(isConnectionError(new DrizzleQueryError("select 1", [], error as Error))).toBe(false);
  });
});

describe("safeError and describeDbError (what an error log may say)", () => {
  const cause = pgError("23505", 'duplicate key value violates unique constraint "users_email_key"', {
    detail: "Key (email)=(ada@private.example) already exists.",
    constraint: "users_email_key",
    table: "users",
  });
  const wrapped = new DrizzleQueryError(
    'insert into "users" ("email") values ($1)',
    ["ada@private.example"],
    cause,
  );

  it("keeps the driver's code, severity, message and schema names, never detail or parameters", () => {
    const logged = JSON.stringify(safeError(wrapped));
    expect(logged).not.toContain("ada@private.example");
    expect(logged).not.toContain("Failed query");
    expect(safeError(wrapped)).toMatchObject({
      type: "DrizzleQueryError",
      message: 'duplicate key value violates unique constraint "users_email_key"',
      db: { code: "23505", severity: "ERROR", constraint: "users_email_key", table: "users" },
    });
  });

  it("drops the message of a data exception (class 22), which quotes the value", () => {
    const badInput = pgError("22P02", 'invalid input syntax for type integer: "ada@private.example"');
    expect(describeDbError(badInput)).toEqual({ code: "22P02", severity: "ERROR", message: undefined });
    expect(JSON.stringify(safeError(new DrizzleQueryError("q", ["x"], badInput)))).not.toContain("ada@");
  });

  it("describes node-postgres's code-less lost connection as a database fault, wrapped or not", () => {
    const lost = new Error("Connection terminated unexpectedly");
    expect(describeDbError(lost)).toEqual({ message: "Connection terminated unexpectedly" });
    const logged = safeError(new DrizzleQueryError("select $1", ["ada@private.example"], lost));
    expect(logged).toMatchObject({ db: { message: "Connection terminated unexpectedly" } });
    expect(JSON.stringify(logged)).not.toContain("ada@");
    expect(describeDbError(new Error("something else broke"))).toBeUndefined();
  });

  it("keeps type, message and stack frames of an ordinary error", () => {
    const logged = safeError(new TypeError("x is undefined"));
    expect(logged).toMatchObject({ type: "TypeError", message: "x is undefined" });
    expect(String(logged.stack)).toMatch(/^\s+at /);
  });
});
