import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config";
import { dataKeyring } from "../crypto/data-keys";
import { DataDirLockedError } from "../db/data-dir-lock";
import { createDb } from "../db/database";
import { unopenableOutboxRows } from "../mail/outbox";
import { restoreBackup, writeBackup } from "./backup";

/** Where {@link runBackupCommand} reads its configuration and writes its report. */
export interface BackupCommandIo {
  /** The configuration's environment (`process.env` for the real command). */
  env: Record<string, string | undefined>;
  /** One line of the report (stdout). */
  out(line: string): void;
  /** One line of warning, or the reason the command failed (stderr). */
  err(line: string): void;
  /**
   * A new embedded database (restore into an empty DATA_DIR) starts from this dump instead of
   * running initdb (`createDb`'s `pgliteDump`); the tests pass a migrated one. Unset: initdb.
   */
  pgliteDump?: Blob | undefined;
}

/**
 * `npm run db:backup [-- --out DIR]` and `npm run db:restore -- DIR` (docs/operations.md#backup-and-restore,
 * ADR 0052), run by `cli.ts`: the database the configuration names (DATABASE_URL, else the
 * embedded one under DATA_DIR/db) and the uploads under DATA_DIR/uploads, unless S3_BUCKET keeps
 * them in a bucket. Reports one line saying what was done, or one line saying why not.
 * @param argv the arguments after the script: `backup [--out DIR]` or `restore DIR`
 * @returns the exit code: 0 when done, 1 when not (the reason went to `io.err`)
 */
export async function runBackupCommand(argv: string[], io: BackupCommandIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    // The embedded database is held by the running server (ADR 0036): say what to do about it.
    const hint =
      error instanceof DataDirLockedError
        ? ` Stop the server to back up or restore the embedded database (docs/operations.md, "Backup and restore").`
        : "";
    io.err(`${error instanceof Error ? error.message : String(error)}${hint}`);
    return 1;
  }
}

async function run(argv: string[], io: BackupCommandIo): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig(io.env);
  const uploadsDir = config.S3_BUCKET ? undefined : path.resolve(config.DATA_DIR, "uploads");
  const pgliteDir = path.resolve(config.DATA_DIR, "db");

  if (command === "backup") {
    const outIndex = rest.indexOf("--out");
    const outDir = path.resolve(
      outIndex === -1
        ? path.join("backups", `aisleiq-${new Date().toISOString().replace(/[:.]/g, "-")}`)
        : (rest[outIndex + 1] ?? ""),
    );
    if (!config.DATABASE_URL && !existsSync(path.join(pgliteDir, "PG_VERSION"))) {
      throw new Error(`no embedded database at ${pgliteDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
    }
    const handle = await createDb({ databaseUrl: config.DATABASE_URL, pgliteDir });
    try {
      const { manifest, missingFiles } = await writeBackup(handle, { outDir, uploadsDir });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
      const files =
        manifest.storage === "s3"
          ? "no files (S3_BUCKET: they stay in the bucket; see docs/operations.md)"
          : `${manifest.files.length} files (${(bytes / 1_048_576).toFixed(1)} MB)`;
      io.out(
        `Backed up ${rows} rows in ${manifest.tables.length} tables and ${files} from ${manifest.database} to ${outDir}`,
      );
      if (missingFiles.length > 0) {
        io.err(
          `${missingFiles.length} referenced file(s) were not found in ${uploadsDir}: ${missingFiles.join(", ")}`,
        );
      }
    } finally {
      await handle.close();
    }
    return;
  }

  if (command === "restore") {
    const fromArg = rest.find((arg) => !arg.startsWith("--"));
    if (!fromArg) throw new Error("usage: npm run db:restore -- <backup directory>");
    const fromDir = path.resolve(fromArg);
    if (!config.DATABASE_URL && existsSync(path.join(pgliteDir, "PG_VERSION"))) {
      throw new Error(
        `${pgliteDir} already holds a database; restore into an empty DATA_DIR (move the old one aside)`,
      );
    }
    const handle = await createDb({ databaseUrl: config.DATABASE_URL, pgliteDir, pgliteDump: io.pgliteDump });
    try {
      const manifest = await restoreBackup(handle, { fromDir, uploadsDir });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      io.out(
        `Restored ${rows} rows in ${manifest.tables.length} tables and ${uploadsDir ? manifest.files.length : 0} files from ${fromDir} (taken ${manifest.createdAt} on ${manifest.database}) into ${config.DATABASE_URL ? "PostgreSQL" : pgliteDir}`,
      );
      // Waiting emails whose credentials this installation's key cannot open are named, never
      // dropped in silence: the worker marks them failed with the reason (ADR 0074).
      let keyring: ReturnType<typeof dataKeyring>;
      try {
        keyring = dataKeyring(config, { create: false });
      } catch {
        keyring = undefined; // production without the key: every sealed row is named below
      }
      const unopenable = await unopenableOutboxRows(handle.db, keyring);
      if (unopenable.length > 0) {
        io.err(
          `${unopenable.length} waiting email(s) cannot be decrypted with this DATA_ENCRYPTION_KEY (or DATA_ENCRYPTION_KEY_PREVIOUS) and will be marked failed, not sent: ${unopenable.map((row) => `#${row.id} ${row.kind}`).join(", ")}. Set the key the backed-up installation used before starting the server to send them.`,
        );
      }
    } finally {
      await handle.close();
    }
    return;
  }

  throw new Error("usage: db:backup [-- --out DIR] | db:restore -- DIR");
}
