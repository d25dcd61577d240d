import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Database, DbHandle } from "../../../src/server/db/database";
import { cookieFrom, sessionCookieHeader } from "../../support/cookies";
import { type SmtpSink, startSmtpSink, verifyTokenFrom } from "../../support/smtp-sink";
import { openTestDatabase, type TestBackend, type TestDatabase } from "./database";
import { startTestServer, type TestServer } from "./test-app";

/** A lazily filled reference to the database of the enclosing `describe` (see {@link useTestDatabase}). */
export interface DatabaseRef {
  readonly handle: DbHandle;
  readonly db: Database;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that give the enclosing `describe` (one per backend in
 * a test file) its own migrated database, dropped afterwards. Opening a database costs up to a
 * second, so nested groups share it and start from a clean state via {@link useTestServer}.
 */
export function useTestDatabase(backend: TestBackend): DatabaseRef {
  let database: TestDatabase | undefined;
  const current = () => {
    if (!database) throw new Error("test database is not open: use it inside tests or hooks");
    return database;
  };
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get handle() {
      return current().handle;
    },
    get db() {
      return current().handle.db;
    },
  };
}

/**
 * Empties every table of the public schema (keeping the migrations), so a group of tests starts
 * from a fresh database without paying to open a new one.
 */
export async function resetDatabase(db: Database): Promise<void> {
  // Both drivers answer `execute` with `{ rows }`; the shared Database type leaves it untyped.
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as {
    rows: Array<{ tablename: string }>;
  };
  const tables = result.rows.map((row) => `"public"."${row.tablename.replace(/"/g, '""')}"`);
  if (tables.length > 0) await db.execute(sql.raw(`truncate ${tables.join(", ")} restart identity cascade`));
}

/** What {@link useTestServer} provides once `beforeAll` has run. */
export interface ServerFixture {
  db: Database;
  handle: DbHandle;
  server: TestServer;
  smtp: SmtpSink;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that empty `database`, start an SMTP sink and an app
 * listening on a random port with SMTP_URL pointing at the sink, and close both afterwards.
 * Read the parts from the returned object inside tests and hooks.
 * @param options.env extra configuration for the app (e.g. NODE_ENV, INITIAL_ADMIN_EMAIL)
 */
export function useTestServer(
  database: DatabaseRef,
  options: { env?: Record<string, string | undefined> } = {},
): ServerFixture {
  let parts: ServerFixture | undefined;
  const fixture = {} as ServerFixture;
  for (const key of ["db", "handle", "server", "smtp"] as const) {
    Object.defineProperty(fixture, key, {
      get() {
        if (!parts) throw new Error("test server is not started: use it inside tests or hooks");
        return parts[key];
      },
    });
  }
  let smtp: SmtpSink | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    await resetDatabase(database.db);
    smtp = await startSmtpSink();
    server = await startTestServer({ db: database.handle, env: { SMTP_URL: smtp.url, ...options.env } });
    parts = { db: database.db, handle: database.handle, server, smtp };
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  return fixture;
}

/**
 * Requests a magic link for `email`, reads it from the sink and returns its raw token.
 * @throws when the request is refused or no email arrives
 */
export async function requestMagicLink(fixture: ServerFixture, email: string): Promise<string> {
  const response = await fixture.server.request("POST", "/api/auth/send-magic-link", { json: { email } });
  if (response.status !== 200) throw new Error(`send-magic-link answered ${response.status}`);
  const mail = await fixture.smtp.nextEmail(email);
  return verifyTokenFrom(mail, fixture.server.config.PUBLIC_URL);
}

/**
 * Verifies a magic-link token and returns the `Cookie` header value of the new session.
 * @throws when verification does not answer 200 with a session cookie
 */
export async function verifyToken(fixture: ServerFixture, token: string): Promise<string> {
  const response = await fixture.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
  const cookie = cookieFrom(response.setCookies);
  if (response.status !== 200 || !cookie) throw new Error(`verify answered ${response.status}`);
  return sessionCookieHeader(cookie.value);
}
