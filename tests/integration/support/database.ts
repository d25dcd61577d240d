import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb, type DbHandle } from "../../../src/server/db/database";

/** A database backend the integration tests run on. */
export interface TestBackend {
  name: "pglite" | "postgres";
}

/**
 * The backends to run every integration test on: in-memory PGlite always, and PostgreSQL
 * too when `TEST_DATABASE_URL` is set (e.g. `postgres://postgres@127.0.0.1:5432/test`).
 * Use with `describe.each(testBackends())("... on $name", (backend) => ...)`.
 */
export function testBackends(): TestBackend[] {
  const list: TestBackend[] = [{ name: "pglite" }];
  if (process.env.TEST_DATABASE_URL) list.push({ name: "postgres" });
  return list;
}

/** A throw-away database with the migrations applied. */
export interface TestDatabase {
  handle: DbHandle;
  /** Connection string of the PostgreSQL database; undefined for PGlite. */
  url: string | undefined;
  /** Closes the handle and, on PostgreSQL, drops the database (WITH (FORCE)). */
  close(): Promise<void>;
}

/**
 * Opens a fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL
 * database with a random name created through `TEST_DATABASE_URL`.
 * @throws when PostgreSQL is requested but `TEST_DATABASE_URL` is unset or unreachable
 */
export async function openTestDatabase(backend: TestBackend): Promise<TestDatabase> {
  if (backend.name === "pglite") {
    const handle = await createDb({});
    await handle.migrate();
    return { handle, url: undefined, close: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `aisleiq_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    await dropDatabase(adminUrl, name);
    throw error;
  }
  return {
    handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
