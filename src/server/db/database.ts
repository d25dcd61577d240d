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
import { DB_CONNECT_TIMEOUT_MS, LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS } from "../../common/limits";
import { lockDataDir } from "./data-dir-lock";
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
  /** PostgreSQL only: the pool's connections (open, idle) and the queries waiting for one (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** The part of a pino/Fastify logger the database layer writes to (LISTEN reconnection). */
export interface DbLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface DbOptions {
  /** PostgreSQL connection string; when unset, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; unset means in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * PGlite only: start a new database from this dump of a data directory (`dumpDataDir()`, a
   * tar) instead of running initdb: in memory, or in `pgliteDir` when it holds no database yet
   * (an existing one is opened as it is). The tests start each database from a migrated one
   * (ADR 0046).
   */
  pgliteDump?: Blob | undefined;
  /** Where the LISTEN reconnection reports a lost and a restored connection; silent when unset. */
  log?: DbLogger | undefined;
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
 * @throws when the connection string is invalid or PGlite cannot open its directory;
 *   DataDirLockedError when another live process has the PGlite directory open (ADR 0036)
 */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.log);
  return createPglite(options.pgliteDir, options.pgliteDump);
}

/**
 * A pool whose checked-out clients cannot leak when their connection dies. Drizzle's
 * `transaction()` never releases its client when `begin` itself fails, and a terminated backend
 * can fail `begin`: that client would hold a pool slot forever and, ten outages later, every
 * request would wait for a connection. So a client whose connection ends is released to the pool
 * (as broken, so the pool drops it), and `release` is made idempotent for the caller's own
 * release that may follow.
 */
class ResilientPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's connect has callback and promise overloads
  override connect(callback?: any): any {
    if (callback) {
      return super.connect((error, client, done) => {
        if (client) guardRelease(client);
        callback(error, client, client ? client.release : done);
      });
    }
    return super.connect().then((client) => {
      guardRelease(client);
      return client;
    });
  }
}

function guardRelease(client: pg.PoolClient): void {
  const release = client.release;
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("end", onEnd);
    release(error);
  };
  const onEnd = () => {
    setImmediate(() => releaseOnce(new Error("Connection terminated")));
  };
  client.release = releaseOnce;
  client.once("end", onEnd);
}

async function createPostgres(connectionString: string, log: DbLogger | undefined): Promise<DbHandle> {
  const pool = new ResilientPool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool drops it and connects anew on next use.
  });
  pool.on("connect", (client) => {
    // pool.on("error") covers idle clients only: a checked-out client whose backend is
    // terminated (57P01) emits "error" too, and an "error" nobody listens to ends the process.
    // The query in flight rejects with the same error, and the request answers 503.
    client.on("error", () => {});
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  const subscriptions = new Set<() => Promise<void>>();
  return {
    db,
    kind: "postgres",
    async listen(channel, onNotify) {
      const subscription = await listenWithReconnect(connectionString, channel, onNotify, log);
      const stop = async () => {
        subscriptions.delete(stop);
        await subscription();
      };
      subscriptions.add(stop);
      return stop;
    },
    async migrate() {
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS });
      // An error while no query runs would otherwise crash the process; the query in flight rejects.
      client.on("error", () => {});
      await client.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await Promise.all([...subscriptions].map((stop) => stop()));
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * LISTENs on `channel` over a dedicated connection that comes back by itself: when it errors or
 * ends, it reconnects after {@link LISTEN_RETRY_MIN_MS} ms, doubling up to
 * {@link LISTEN_RETRY_MAX_MS} ms, re-issues LISTEN and calls `onNotify` once, since NOTIFYs sent
 * while it was away are lost (ADR 0011: the outbox worker wakes and catches up).
 * @returns a function that stops listening and closes the connection
 * @throws when the first connection or LISTEN fails (the caller is starting up)
 */
async function listenWithReconnect(
  connectionString: string,
  channel: string,
  onNotify: () => void,
  log: DbLogger | undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MIN_MS;
  let lostAt: number | undefined;

  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on("error", () => {
      // "end" follows; the reconnection starts there.
    });
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    client.once("end", () => {
      if (current !== client) return;
      current = undefined;
      if (stopped) return;
      lostAt = Date.now();
      log?.warn({ channel }, "LISTEN connection lost; reconnecting");
      schedule();
    });
    return client;
  };

  const schedule = () => {
    retry = setTimeout(async () => {
      retry = undefined;
      if (stopped) return;
      try {
        const client = await open();
        if (stopped) {
          await client.end().catch(() => {});
          return;
        }
        current = client;
        delay = LISTEN_RETRY_MIN_MS;
        log?.info(
          { channel, downMs: lostAt ? Date.now() - lostAt : undefined },
          "LISTEN connection restored",
        );
        onNotify();
      } catch {
        delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
        schedule();
      }
    }, delay);
    retry.unref();
  };

  current = await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

/**
 * PostgreSQL settings of the embedded database, sized for one small app process (ADR
 * 0020): PGlite's defaults are a server's (128 MB shared buffers). The whole
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

async function createPglite(dataDir: string | undefined, dump: Blob | undefined): Promise<DbHandle> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // Two processes on one directory each keep their own copy and the last to close wins, losing
    // the other's acknowledged writes: one process per directory (ADR 0036).
    unlock = lockDataDir(dataDir, `${path.resolve(dataDir)}.lock`);
  }
  let client: PGlite;
  try {
    const isNew = !dataDir || !existsSync(path.join(dataDir, "PG_VERSION"));
    const loadDataDir = isNew ? dump : undefined;
    if (dataDir && isNew && !loadDataDir) await initPgliteDirectory(dataDir);
    client =
      dump && !dataDir
        ? // The options-only form: with an undefined data directory first, PGlite ignores the options.
          new PGlite({ postgresqlconf: PGLITE_CONF, loadDataDir: dump })
        : new PGlite(dataDir, { postgresqlconf: PGLITE_CONF, loadDataDir });
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async listen(channel, onNotify) {
      const unsubscribe = await client.listen(channel, () => onNotify());
      // After the instance closed, unsubscribing rejects with "PGlite is closed": nothing to undo.
      return async () => unsubscribe().catch(() => {});
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}
