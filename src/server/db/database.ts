import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/** The one database type both drivers satisfy; services take this, never a driver type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle as `db.transaction(cb)` passes it. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either a database or a transaction: functions that may run inside a caller's transaction take this. */
export type Executor = Database | Transaction;

export interface DbHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** Applies the committed SQL migrations in `drizzle/` (idempotent, safe across processes). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL connection string; when unset, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; unset means in memory (tests). */
  pgliteDir?: string | undefined;
}

const MIGRATION_LOCK_KEY = 7_401_001;

/** Folder of committed drizzle-kit migrations, found from this file in src/ and in build/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    const candidate = path.join(dir, "drizzle", "meta", "_journal.json");
    if (existsSync(candidate)) return path.join(dir, "drizzle");
    dir = path.dirname(dir);
  }
  throw new Error("drizzle/ migrations folder not found");
}

/**
 * Opens the database: PostgreSQL through node-postgres when `databaseUrl` is set, embedded
 * PGlite otherwise (ADR 0002). Both expose the same Drizzle API.
 * @throws when the connection string is invalid or PGlite cannot open its directory
 */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl);
  return createPglite(options.pgliteDir);
}

async function createPostgres(connectionString: string): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: "postgres",
    async listen(channel, onNotify) {
      const client = new pg.Client({ connectionString });
      client.on("error", () => {});
      await client.connect();
      client.on("notification", (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    async migrate() {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

/**
 * PostgreSQL settings of the embedded database, sized for one small app process (issue #13,
 * "Embedded memory"): PGlite's defaults are a server's (128 MB shared buffers). The whole
 * WebAssembly heap counts towards the Node process's RSS, so every buffer here is RSS.
 */
export const PGLITE_CONF = ["shared_buffers=16MB", "work_mem=2MB", "maintenance_work_mem=16MB"];

/**
 * Creates a new PGlite data directory (initdb) in a short-lived child process. initdb runs in
 * its own WebAssembly instance whose ~450 MB heap V8 keeps for the life of the process once
 * touched; in a child it is returned to the OS when the child exits (measured: 805 MB idle RSS
 * of `npm start` on a new directory without this, see `npm run bench:memory`).
 * @param dataDir directory to initialise; must not hold a database yet
 * @throws when the child fails (its stderr is in the message)
 */
async function initPgliteDirectory(dataDir: string): Promise<void> {
  const moduleUrl = import.meta.resolve("@electric-sql/pglite");
  const script = `const { PGlite } = await import(${JSON.stringify(moduleUrl)});
const db = new PGlite(${JSON.stringify(dataDir)});
await db.waitReady;
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ["--input-type=module", "-e", script], (error, _stdout, stderr) => {
      if (error) reject(new Error(`PGlite could not initialise ${dataDir}: ${stderr || error.message}`));
      else resolve();
    });
  });
}

async function createPglite(dataDir: string | undefined): Promise<DbHandle> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) await initPgliteDirectory(dataDir);
  }
  const client = new PGlite(dataDir, { postgresqlconf: PGLITE_CONF });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async listen(channel, onNotify) {
      const unsubscribe = await client.listen(channel, () => onNotify());
      return async () => unsubscribe();
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.close();
    },
  };
}
