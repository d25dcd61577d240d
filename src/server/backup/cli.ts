import "dotenv/config";
import { runBackupCommand } from "./command";

/**
 * `npm run db:backup [-- --out DIR]` and `npm run db:restore -- DIR` (docs/operations.md#backup-and-restore,
 * ADR 0052): runs {@link runBackupCommand} with the environment (then `.env`), its report on
 * stdout, warnings and the reason for a failure on stderr; exits 0 when done, 1 when not.
 */
runBackupCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then((code) => process.exit(code));
