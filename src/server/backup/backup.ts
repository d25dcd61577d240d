import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { DbHandle, Executor } from "../db/database";

/**
 * Backup and restore of one AisleIQ installation (docs/operations.md#backup-and-restore,
 * ADR 0052): a logical copy of every row of every table, taken through the app's own database
 * driver in one read-only snapshot, plus the uploaded files it references when they are on local
 * disk. One format for both databases: a backup of the embedded PGlite restores into PostgreSQL
 * and back. A backup is a directory:
 * - `manifest.json`: format, time, source database, migrations, rows per table, files, checksums;
 * - `database.jsonl.gz`: one line per row, `["table", {column: value…}]`, tables parents first;
 * - `uploads/<key>`: each stored object the rows reference (background-check files, signed
 *   authorization receipts, outbox attachments), under its storage key.
 * Directories are created 0700 and files 0600. Credentials of emails waiting in the outbox are
 * in it sealed only; the key that opens them (DATA_ENCRYPTION_KEY) never is (ADR 0074).
 */

/** The `format` of every manifest this code writes and reads. */
export const BACKUP_FORMAT = "aisleiq-backup/1";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: "postgres" | "pglite";
  /** The migrations applied to the source (drizzle's journal hashes), oldest first. */
  migrations: string[];
  /** Rows per table, in restore order (parents before the tables that reference them). */
  tables: Array<{ name: string; rows: number }>;
  /** `local`: the files are in `uploads/`; `s3`: they stay in the bucket (see the runbook). */
  storage: "local" | "s3";
  files: Array<{ key: string; bytes: number; sha256: string }>;
  /** SHA-256 of `database.jsonl.gz`. */
  databaseSha256: string;
}

/** Rows fetched from the cursor at a time, and inserted per statement on restore. */
const BATCH_ROWS = 500;

type Rows<T> = { rows: T[] };

async function query<T>(db: Executor, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as Rows<T>).rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The app's tables in an order that satisfies their foreign keys: every table after the
 * tables it references (self-references ignored).
 */
async function tablesInOrder(db: Executor): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((row) => row.name);
  const edges = await query<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_class p on p.oid = k.confrelid
          join pg_namespace n on n.oid = c.relnamespace
         where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && [...(parents.get(table) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle; cannot order them");
    for (const table of ready) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/** Drizzle's record of the migrations applied, oldest first (empty before the first). */
async function appliedMigrations(db: Executor): Promise<string[]> {
  const present = await query<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!present[0]?.found) return [];
  return (
    await query<{ hash: string }>(
      db,
      sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
    )
  ).map((row) => row.hash);
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * The storage keys of every stored object the rows reference, each once, in a stable order: the
 * files of checks not yet purged (ADR 0058), every signed authorization receipt (kept through the
 * purge, ADR 0084) and the attachment of any email still waiting in the outbox (read at send time, ADR 0084).
 * A table this database does not have (an older schema) references nothing.
 */
async function storedKeys(tx: Executor, tables: string[]): Promise<string[]> {
  const sources: Array<{ table: string; select: ReturnType<typeof sql> }> = [
    {
      table: "background_check_files",
      // A purged check keeps its file names, not its files (ADR 0058): nothing to copy.
      select: sql`select f.file_path as key from background_check_files f
                  join background_checks c on c.id = f.background_check_id
                  where c.files_purged_at is null order by f.id`,
    },
    {
      table: "background_check_authorizations",
      select: sql`select receipt_key as key from background_check_authorizations order by background_check_id`,
    },
    {
      table: "email_outbox",
      select: sql`select attachment_key as key from email_outbox where attachment_key is not null and status = 'pending' order by id`,
    },
  ];
  const keys = new Set<string>();
  for (const { table, select } of sources) {
    if (!tables.includes(table)) continue;
    for (const row of await query<{ key: string }>(tx, select)) keys.add(row.key);
  }
  return [...keys];
}

/** A storage key as the local storage writes it (a UUID and an extension): never a path. */
const STORAGE_KEY = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/**
 * Writes a backup of `handle`'s database and of the local files it references into `outDir`
 * (created; must not exist yet). The rows come from one `REPEATABLE READ READ ONLY` transaction,
 * so they are one consistent moment even while the app runs (PostgreSQL); the files are copied
 * after it, so a file deleted in between is reported missing rather than invented.
 * @param options.uploadsDir the local storage root (DATA_DIR/uploads); undefined for S3 storage
 * @returns the manifest written, and the keys of referenced files that were not found
 * @throws when `outDir` exists, or on any database or file error (a partial directory is left
 *   for inspection and is not a backup: it has no manifest)
 */
export async function writeBackup(
  handle: DbHandle,
  options: { outDir: string; uploadsDir: string | undefined },
): Promise<{ manifest: BackupManifest; missingFiles: string[] }> {
  if (existsSync(options.outDir)) throw new Error(`${options.outDir} already exists; choose a new directory`);
  // Only the operator who took it may read it: directories 0700, files 0600 (ADR 0074).
  await mkdir(path.join(options.outDir, "uploads"), { recursive: true, mode: 0o700 });
  await chmod(options.outDir, 0o700);
  await chmod(path.join(options.outDir, "uploads"), 0o700);
  const databaseFile = path.join(options.outDir, "database.jsonl.gz");
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(databaseFile, { flags: "wx", mode: 0o600 }));
  const { tables, migrations, fileKeys } = await handle.db.transaction(
    async (tx) => {
      const order = await tablesInOrder(tx);
      const counts: Array<{ name: string; rows: number }> = [];
      for (const table of order) {
        let rows = 0;
        await tx.execute(
          sql.raw(
            `declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${ident(table)} t`,
          ),
        );
        for (;;) {
          const batch = await query<{ j: string }>(tx, sql.raw(`fetch ${BATCH_ROWS} from backup_rows`));
          for (const row of batch) {
            if (!gzip.write(`[${JSON.stringify(table)},${row.j}]\n`))
              await new Promise((r) => gzip.once("drain", r));
          }
          rows += batch.length;
          if (batch.length < BATCH_ROWS) break;
        }
        await tx.execute(sql.raw("close backup_rows"));
        counts.push({ name: table, rows });
      }
      return {
        tables: counts,
        migrations: await appliedMigrations(tx),
        fileKeys: await storedKeys(tx, order),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  gzip.end();
  await written;

  const files: BackupManifest["files"] = [];
  const missingFiles: string[] = [];
  if (options.uploadsDir) {
    for (const key of fileKeys) {
      const source = path.join(options.uploadsDir, key);
      if (!STORAGE_KEY.test(key) || !existsSync(source)) {
        missingFiles.push(key);
        continue;
      }
      const target = path.join(options.outDir, "uploads", key);
      await copyFile(source, target);
      await chmod(target, 0o600);
      files.push({ key, bytes: (await stat(target)).size, sha256: await sha256File(target) });
    }
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: handle.kind,
    migrations,
    tables,
    storage: options.uploadsDir ? "local" : "s3",
    files,
    databaseSha256: await sha256File(databaseFile),
  };
  await writeFile(path.join(options.outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, {
    flag: "wx",
    mode: 0o600,
  });
  return { manifest, missingFiles };
}

/**
 * Restores a backup written by {@link writeBackup} into an empty database and storage: applies
 * this version's migrations, checks that the backup is not from a newer version and that every
 * table is empty, checks every checksum, inserts the rows table by table (parents first) in one
 * transaction, moves each id sequence past the restored ids, then copies the files.
 * Columns a newer schema added get their defaults; a column the schema no longer has stops the
 * restore.
 * @param options.uploadsDir the local storage root to fill; undefined for S3 storage (files stay
 *   in the bucket)
 * @returns the manifest restored
 * @throws with a one-line message: no manifest, wrong format, a checksum mismatch, a newer
 *   backup, a table or upload directory that is not empty, a column that no longer exists
 */
export async function restoreBackup(
  handle: DbHandle,
  options: { fromDir: string; uploadsDir: string | undefined },
): Promise<BackupManifest> {
  const manifestFile = path.join(options.fromDir, "manifest.json");
  if (!existsSync(manifestFile))
    throw new Error(`${options.fromDir} is not a backup: it has no manifest.json`);
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`unknown backup format ${String(manifest.format)}`);
  const databaseFile = path.join(options.fromDir, "database.jsonl.gz");
  if ((await sha256File(databaseFile)) !== manifest.databaseSha256) {
    throw new Error("database.jsonl.gz does not match its checksum: the backup is damaged");
  }
  for (const file of manifest.files) {
    const source = path.join(options.fromDir, "uploads", file.key);
    if (!STORAGE_KEY.test(file.key) || !existsSync(source) || (await sha256File(source)) !== file.sha256) {
      throw new Error(`uploads/${file.key} is missing or does not match its checksum: the backup is damaged`);
    }
  }
  if (
    options.uploadsDir &&
    existsSync(options.uploadsDir) &&
    (await readdir(options.uploadsDir)).length > 0
  ) {
    throw new Error(`${options.uploadsDir} is not empty; restore into an empty data directory`);
  }

  await handle.migrate();
  const applied = await appliedMigrations(handle.db);
  const unknown = manifest.migrations.filter((hash) => !applied.includes(hash));
  if (unknown.length > 0) {
    throw new Error(
      `the backup was made by a newer AisleIQ (${unknown.length} migration(s) this version does not have); restore it with that version`,
    );
  }

  await handle.db.transaction(async (tx) => {
    const order = await tablesInOrder(tx);
    for (const table of order) {
      const [row] = await query<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${ident(table)}`));
      if (Number(row?.n ?? 0) > 0) {
        throw new Error(
          `the database is not empty (table ${table} has rows); restore into an empty database`,
        );
      }
    }
    const columnsOf = new Map<string, Set<string>>();
    for (const { table, column } of await query<{ table: string; column: string }>(
      tx,
      sql`select table_name as table, column_name as column from information_schema.columns where table_schema = 'public'`,
    )) {
      const set = columnsOf.get(table) ?? new Set<string>();
      set.add(column);
      columnsOf.set(table, set);
    }

    let batch: Array<Record<string, unknown>> = [];
    let batchTable = "";
    const flush = async () => {
      if (batch.length === 0) return;
      const known = columnsOf.get(batchTable);
      if (!known) throw new Error(`the backup has a table ${batchTable} this version does not have`);
      const columns = Object.keys(batch[0] as object);
      const gone = columns.filter((column) => !known.has(column));
      if (gone.length > 0) throw new Error(`table ${batchTable} no longer has column(s) ${gone.join(", ")}`);
      const list = columns.map(ident).join(", ");
      await tx.execute(
        sql`${sql.raw(`insert into ${ident(batchTable)} (${list}) select ${list} from json_populate_recordset(null::${ident(batchTable)}, `)}${JSON.stringify(batch)}${sql.raw("::json)")}`,
      );
      batch = [];
    };
    const lines = createInterface({
      input: createReadStream(databaseFile).pipe(createGunzip()),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (!line) continue;
      const [table, row] = JSON.parse(line) as [string, Record<string, unknown>];
      if (table !== batchTable || batch.length >= BATCH_ROWS) {
        await flush();
        batchTable = table;
      }
      batch.push(row);
    }
    await flush();

    for (const { table, column } of await query<{ table: string; column: string }>(
      tx,
      sql`select table_name as table, column_name as column from information_schema.columns
           where table_schema = 'public' and column_default like 'nextval(%'`,
    )) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${ident(table)}', '${column.replace(/'/g, "''")}'), coalesce(max(${ident(column)}), 0) + 1, false) from ${ident(table)}`,
        ),
      );
    }
    // No worker of this installation holds a claim on a restored email, and the outage it waited
    // out was the old installation's: each waiting one is free and due now, so a restore delivers
    // them at start rather than after a lease or a long backoff (docs/operations.md, "Backup and restore").
    if (columnsOf.get("email_outbox")?.has("locked_until")) {
      await tx.execute(
        sql`update email_outbox set locked_until = null, next_attempt_at = now() where status = 'pending'`,
      );
    }
    for (const { name, rows } of manifest.tables) {
      if (!columnsOf.has(name)) continue;
      const [row] = await query<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${ident(name)}`));
      if (Number(row?.n) !== rows)
        throw new Error(`table ${name}: restored ${row?.n} rows, the backup has ${rows}`);
    }
  });

  if (options.uploadsDir) {
    await mkdir(options.uploadsDir, { recursive: true });
    for (const file of manifest.files) {
      await copyFile(
        path.join(options.fromDir, "uploads", file.key),
        path.join(options.uploadsDir, file.key),
      );
    }
  }
  return manifest;
}
