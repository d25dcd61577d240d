import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { runBackupCommand } from "../../../src/server/backup/command";
import { migratedPgliteDump } from "./database";

const execFileAsync = promisify(execFile);

/** The variables every run of the backup command gets before the caller's own. */
const BASE_ENV = { LOG_LEVEL: "silent", S3_BUCKET: "" };

/**
 * Runs `db:backup`/`db:restore` (`runBackupCommand`, what `src/server/backup/cli.ts` runs) in this
 * process with this process's environment and `env`: no Node start and no TypeScript compile per
 * run, and a restore into an empty DATA_DIR starts its embedded database from the migrated dump
 * instead of initdb (about 5 CPU s in a child process). {@link backupCliProcess} runs the script
 * itself.
 * @returns stdout, then stderr
 * @throws like a failed `execFile`: an error with the exit `code` (1) and `stderr`
 */
export async function backupCli(args: string[], env: Record<string, string>): Promise<string> {
  let stdout = "";
  let stderr = "";
  const code = await runBackupCommand(args, {
    env: { ...process.env, ...BASE_ENV, ...env },
    out: (line) => {
      stdout += `${line}\n`;
    },
    err: (line) => {
      stderr += `${line}\n`;
    },
    pgliteDump: await migratedPgliteDump(),
  });
  if (code !== 0) throw Object.assign(new Error(`exit code ${code}: ${stderr}`), { code, stdout, stderr });
  return stdout + stderr;
}

/**
 * Runs the real `npm run db:backup`/`db:restore` script (`tsx src/server/backup/cli.ts`) in a
 * child process with `env`: its exit code and streams.
 * @returns stdout, then stderr
 * @throws `execFile`'s error, with the exit `code` and `stderr`, when it exits non-zero
 */
export async function backupCliProcess(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout, stderr } = await execFileAsync(
    process.execPath,
    ["--import", "tsx", "src/server/backup/cli.ts", ...args],
    { env: { ...process.env, ...BASE_ENV, ...env } },
  );
  return stdout + stderr;
}
