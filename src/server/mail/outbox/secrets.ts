import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Keyring } from "../../crypto/sealed";
import type { Executor } from "../../db/database";
import { emailOutbox } from "../../db/schema";

/**
 * The credentials of a queued email, kept off the disk in the clear (ADR 0074). A caller passes
 * them as `secrets` to `enqueueEmail` next to the email it rendered with the real values; the
 * row stores the email with each value replaced by a `{{secret.<name>}}` placeholder, and the
 * values sealed with DATA_ENCRYPTION_KEY for this row. The worker opens them and fills the
 * placeholders just before it hands the message to SMTP; a row sent or failed for good keeps
 * none.
 */

/** A credential's name: letters and digits, starting with a letter (e.g. `token`, `code`). */
const SECRET_NAME = /^[A-Za-z][A-Za-z0-9]*$/;
/**
 * A credential's value: URL-safe characters only, so HTML escaping and URL encoding leave it
 * as it is, and every place the email shows it is found and replaced.
 */
const SECRET_VALUE = /^[A-Za-z0-9_-]+$/;
const PLACEHOLDER = /\{\{secret\.([A-Za-z][A-Za-z0-9]*)\}\}/g;

/** The placeholder a queued email holds instead of the credential `name`. */
export function secretPlaceholder(name: string): string {
  return `{{secret.${name}}}`;
}

/**
 * The associated data a row's credentials are sealed under: its id, kind and recipient, so
 * sealed credentials moved to another row, or a row readdressed, no longer open.
 */
export function sealContext(row: { id: number; kind: string; toAddress: string }): string {
  return `email_outbox:${row.id}:${row.kind}:${row.toAddress.toLowerCase()}`;
}

/**
 * Replaces every occurrence of each credential's value in `parts` by its placeholder, longest
 * value first (so a code that happens to occur inside a token does not split it).
 * @throws when a name or value is not of the allowed form
 */
export function withPlaceholders<T extends Record<string, string>>(
  parts: T,
  secrets: Record<string, string>,
): T {
  const entries = Object.entries(secrets);
  for (const [name, value] of entries) {
    if (!SECRET_NAME.test(name)) throw new Error(`outbox secret name "${name}" is not letters and digits`);
    if (!SECRET_VALUE.test(value)) throw new Error(`outbox secret "${name}" is not URL-safe characters`);
  }
  entries.sort(([, a], [, b]) => b.length - a.length);
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(parts)) {
    let replaced = text;
    for (const [name, value] of entries) replaced = replaced.split(value).join(secretPlaceholder(name));
    out[key] = replaced;
  }
  return out as T;
}

/**
 * Fills the placeholders of `text` with the credentials; a placeholder of a name not given stays.
 */
export function fillPlaceholders(text: string, secrets: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(secrets, name) ? (secrets[name] as string) : placeholder,
  );
}

/** Seals `secrets` for the row `row` (see {@link sealContext}). */
export function sealSecrets(
  keyring: Keyring,
  row: { id: number; kind: string; toAddress: string },
  secrets: Record<string, string>,
): string {
  return keyring.seal(JSON.stringify(secrets), sealContext(row));
}

/**
 * Opens a row's sealed credentials.
 * @throws SealedOpenError when the keyring lacks the key or the value does not open for this row;
 *   Error when there is no keyring
 */
export function openSecrets(
  keyring: Keyring | undefined,
  row: { id: number; kind: string; toAddress: string; sealedSecrets: string },
): Record<string, string> {
  if (!keyring) throw new Error("no data key is configured (DATA_ENCRYPTION_KEY)");
  return JSON.parse(keyring.open(row.sealedSecrets, sealContext(row))) as Record<string, string>;
}

/**
 * The waiting emails whose credentials `keyring` cannot open (restored from a backup without
 * the key it was sealed with): the worker will mark them failed, not send them. `db:restore`
 * names them (docs/operations.md#backup-and-restore).
 * @returns id, kind and the reason of each, oldest first
 */
export async function unopenableOutboxRows(
  db: Executor,
  keyring: Keyring | undefined,
): Promise<Array<{ id: number; kind: string; reason: string }>> {
  const rows = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      toAddress: emailOutbox.toAddress,
      sealedSecrets: emailOutbox.sealedSecrets,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), isNotNull(emailOutbox.sealedSecrets)))
    .orderBy(asc(emailOutbox.id));
  const unopenable: Array<{ id: number; kind: string; reason: string }> = [];
  for (const row of rows) {
    try {
      openSecrets(keyring, { ...row, sealedSecrets: row.sealedSecrets as string });
    } catch (error) {
      unopenable.push({ id: row.id, kind: row.kind, reason: (error as Error).message });
    }
  }
  return unopenable;
}
