import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createDb, type DbHandle, migrationsFolder, PGLITE_CONF } from "../../../src/server/db/database";

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
 * Opens a fresh, migrated database for one test file: a new in-memory PGlite loaded from a dump
 * of a migrated one (ADR 0046), or a new PostgreSQL database cloned with
 * `CREATE DATABASE … TEMPLATE` from `aisleiq_template_<hash of the migrations>` (made once per
 * set of migrations, under an advisory lock so concurrent workers build it once; ADR 0043).
 * @throws when PostgreSQL is requested but `TEST_DATABASE_URL` is unset or unreachable
 */
export async function openTestDatabase(backend: TestBackend): Promise<TestDatabase> {
  if (backend.name === "pglite") {
    const handle = await createDb({ pgliteDump: await migratedPgliteDump() });
    return { handle, url: undefined, close: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const template = await migratedPostgresTemplate(adminUrl);
  const name = `aisleiq_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`),
  );
  const url = databaseUrl(adminUrl, name);
  const handle = await createDb({ databaseUrl: url });
  return {
    handle,
    url,
    async close() {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * The dump (`dumpDataDir`, an uncompressed tar of about 40 MB) of an in-memory PGlite with every
 * migration applied, kept in the system temporary directory as
 * `aisleiq-pglite-template-<first 16 hex of a SHA-256 over drizzle/, the PGlite release and its
 * settings>.tar` for later runs and read once per worker. Loading it costs about 0.4 s of CPU
 * where initdb and the migrations cost about 1.5 s, and it leaves out initdb's large
 * WebAssembly heap (measured, ADR 0046). Written under a temporary name and renamed, so
 * concurrent workers never read a partial file (the last rename wins; the contents are equal).
 * Also what a test's new PGlite data directory starts from (`createDb({ pgliteDir, pgliteDump })`),
 * where initdb in its child process costs about 5 CPU s.
 */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const hash = createHash("sha256")
      .update(migrationsHash())
      .update(readFileSync(path.join("node_modules", "@electric-sql", "pglite", "package.json")))
      .update(PGLITE_CONF.join(","));
    const file = path.join(tmpdir(), `aisleiq-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // Not built yet for these migrations: build it below.
    }
    const handle = await createDb({});
    let dump: Blob;
    try {
      await handle.migrate();
      // Drizzle keeps the driver's client as `$client`.
      dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    } finally {
      await handle.close();
    }
    const building = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    try {
      await writeFile(building, new Uint8Array(await dump.arrayBuffer()));
      await rename(building, file);
    } finally {
      await rm(building, { force: true });
    }
    return dump;
  })();
  return pgliteDump;
}

/** Digest of every file in drizzle/: a new or changed migration gets a new template. */
function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash("sha256");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      )
      .sort();
  for (const file of files(folder)) hash.update(path.relative(folder, file)).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

const TEMPLATE_LOCK_KEY = 7_401_002;
let postgresTemplate: Promise<string> | undefined;

/**
 * Name of the migrated template database for the current migrations, created when missing.
 * Built under another name and renamed when complete, so a crashed build never leaves a
 * half-migrated template; an advisory lock makes concurrent workers wait for one build.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `aisleiq_template_${migrationsHash()}`;
    await withAdminClient(adminUrl, async (client) => {
      await client.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
      try {
        const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
        if (found.rowCount) return;
        const building = `${name}_building`;
        await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(building)} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(building)}`);
        const handle = await createDb({ databaseUrl: databaseUrl(adminUrl, building) });
        try {
          await handle.migrate();
        } finally {
          await handle.close();
        }
        await client.query(
          `ALTER DATABASE ${pg.escapeIdentifier(building)} RENAME TO ${pg.escapeIdentifier(name)}`,
        );
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
      }
    });
    return name;
  })();
  return postgresTemplate;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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

/**
 * One backend, for test files whose behaviour does not depend on the database (pages, headers,
 * the OpenAPI document, route access): they run once, not per backend (ADR 0043). PostgreSQL
 * when configured (a cloned database opens faster than a new PGlite), PGlite otherwise.
 * Use with `describe.each(oneBackend())("... on $name", (backend) => ...)`.
 */
export function oneBackend(): TestBackend[] {
  return testBackends().slice(-1);
}
