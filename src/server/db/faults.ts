/**
 * Database fault classification and log-safe error descriptions
 * (ADR 0011). Drizzle wraps driver errors in `DrizzleQueryError` ("Failed query: … params: …",
 * with the driver error as `cause`), and node-postgres errors carry `detail`/`where` fields that
 * quote row values, so nothing here ever returns a message, `params` or `detail` of a query.
 */

/**
 * SQLSTATEs that mean "the database cannot serve this connection right now", not "this query is
 * wrong" (PostgreSQL appendix A): admin_shutdown 57P01, crash_shutdown 57P02, cannot_connect_now
 * 57P03, idle_session_timeout 57P05, too_many_connections 53300.
 */
const CONNECTION_SQLSTATES = new Set(["57P01", "57P02", "57P03", "57P05", "53300"]);
/** Class 08: connection_exception (08000, 08003, 08006, 08001, 08004, …). */
const CONNECTION_SQLSTATE_CLASS = "08";
/** Socket-level failures Node reports while connecting to or talking with the database. */
const CONNECTION_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);
/** Messages node-postgres, pg-pool and PGlite use when the connection (or instance) is gone. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is clos(ed|ing)/,
];

const MAX_CHAIN = 10;

/** The error and its causes (`cause`, and `errors` of an AggregateError), outermost first. */
export function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && chain.length < MAX_CHAIN) {
    const current = queue.shift();
    if (current === undefined || current === null || chain.includes(current)) continue;
    chain.push(current);
    if (typeof current === "object") {
      const { cause, errors } = current as { cause?: unknown; errors?: unknown };
      if (cause !== undefined) queue.push(cause);
      if (Array.isArray(errors)) queue.push(...errors);
    }
  }
  return chain;
}

function field(value: unknown, name: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const found = (value as Record<string, unknown>)[name];
  return typeof found === "string" ? found : undefined;
}

/**
 * True when `error`, or any error in its cause chain, says the database is unreachable or is
 * refusing connections (the SQLSTATEs, Node socket codes and driver messages above), as opposed
 * to a failure of the query itself, or a FATAL/PANIC error (the server ended the session). Such
 * errors answer 503 SERVICE_UNAVAILABLE, not 500.
 */
export function isConnectionError(error: unknown): boolean {
  return errorChain(error).some((link) => {
    // A FATAL (or PANIC) error ends the session: whatever its code (57P01, 53300, 3D000, 55000
    // "not currently accepting connections", 28P01), this connection cannot serve the request.
    const severity = field(link, "severity");
    if (severity === "FATAL" || severity === "PANIC") return true;
    const code = field(link, "code");
    if (code) {
      if (CONNECTION_SQLSTATES.has(code) || CONNECTION_NODE_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(CONNECTION_SQLSTATE_CLASS)) return true;
    }
    const message = field(link, "message");
    return message !== undefined && CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** What a log line may say about a database error: no query text, parameters or row values. */
export interface SafeDbError {
  /** SQLSTATE (e.g. `57P01`) or Node code (e.g. `ECONNREFUSED`). */
  code?: string;
  severity?: string;
  /** The driver's own message (PostgreSQL's primary message), never Drizzle's "Failed query". */
  message?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/** True for Drizzle's query wrapper, whose message and `params` carry the submitted values. */
function isDrizzleQueryError(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    "params" in value &&
    "query" in value &&
    field(value, "message")?.startsWith("Failed query:") === true
  );
}

/**
 * The driver-level facts of a database error for logs: the innermost error in the chain that is
 * not Drizzle's wrapper, reduced to code, severity, message and schema names; for a connection
 * lost without a code (a driver message of {@link isConnectionError}), that message alone.
 * Returns undefined when the chain holds neither (not a database error).
 */
export function describeDbError(error: unknown): SafeDbError | undefined {
  const links = errorChain(error).filter((link) => !isDrizzleQueryError(link));
  const driver = links.find(
    (link) => field(link, "severity") !== undefined || field(link, "code") !== undefined,
  );
  if (!driver) {
    // node-postgres reports a connection lost mid-query ("Connection terminated unexpectedly")
    // with no code at all: still the database's outage, not a bug (ADR 0011). Its message is the
    // driver's own and quotes nothing of the query.
    const lost = links.find((link) => CONNECTION_MESSAGES.some((p) => p.test(field(link, "message") ?? "")));
    const message = lost === undefined ? undefined : field(lost, "message");
    return message === undefined ? undefined : { message };
  }
  const described: SafeDbError = {};
  for (const name of ["code", "severity", "message", "constraint", "table", "column", "routine"] as const) {
    const value = field(driver, name);
    if (value !== undefined) described[name] = value;
  }
  // Class 22 (data exception) messages quote the offending value, e.g. `invalid input syntax
  // for type integer: "…"`: keep the code, drop the message.
  if (described.code?.startsWith("22")) described.message = undefined;
  return described;
}

/** Stack frames only (the `at …` lines), without the first line that repeats the message. */
function framesOf(error: unknown): string | undefined {
  const stack = field(error, "stack");
  if (!stack) return undefined;
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

/**
 * A log-safe form of any error for `log.error({ err: safeError(error) })`: Drizzle's wrapper is
 * replaced by its driver cause ({@link describeDbError}) and its stack frames, so the query text
 * and parameters (names, emails, links) never reach the log. Other errors keep type, message
 * and stack; database errors never include `detail`, `where` or parameters.
 */
export function safeError(error: unknown): Record<string, unknown> {
  const db = describeDbError(error);
  const top = error as { name?: unknown; message?: unknown } | undefined;
  // Drizzle's wrapper keeps name "Error": the class name tells more.
  const className = typeof error === "object" && error !== null ? error.constructor?.name : undefined;
  const type =
    className && className !== "Error" && className !== "Object"
      ? className
      : typeof top?.name === "string"
        ? top.name
        : typeof error;
  if (isDrizzleQueryError(error) || db) {
    return { type, message: db?.message ?? "database query failed", db, stack: framesOf(error) };
  }
  return {
    type,
    message: typeof top?.message === "string" ? top.message : String(error),
    stack: framesOf(error),
  };
}
