import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodeDataKey, generateDataKey, Keyring } from "./sealed";

/**
 * The installation's data keys (ADR 0074): `DATA_ENCRYPTION_KEY` seals, it and
 * `DATA_ENCRYPTION_KEY_PREVIOUS` open. Production refuses to start without the variable
 * (`productionProblems`); elsewhere, without it, a key is generated once into
 * `DATA_DIR/data-encryption.key` (mode 0600), so `npm start` needs no set-up. That file is
 * never part of a backup: a backup holds sealed values only, never what opens them.
 */

/** The development key's file name under DATA_DIR. */
export const DEV_KEY_FILE = "data-encryption.key";

/**
 * The settings a keyring is built from (config.ts `AppConfig` has them). Spelled out rather than
 * picked from `AppConfig`: config.ts validates keys with `decodeDataKey`, so crypto/ sits below it
 * and imports nothing of it (ADR 0086).
 */
export interface KeyConfig {
  NODE_ENV: string;
  DATA_DIR: string;
  DATA_ENCRYPTION_KEY?: string | undefined;
  DATA_ENCRYPTION_KEY_PREVIOUS?: string | undefined;
}

/** One keyring per configuration object: the app and its worker seal and open with the same keys. */
const keyrings = new WeakMap<object, Keyring>();

/**
 * The keyring of `config`, built on first use. Without `DATA_ENCRYPTION_KEY` outside production,
 * the development key under DATA_DIR is read, or created (and `log.info` told once) unless
 * `create` is false.
 * @returns the keyring, or undefined when there is no key and `create` is false
 * @throws in production without `DATA_ENCRYPTION_KEY`; when a key variable or the key file does
 *   not hold a 32-byte key (the message names the variable or file, never a value)
 */
export function dataKeyring(
  config: KeyConfig,
  options: { log?: { info(message: string): void }; create?: boolean } = {},
): Keyring | undefined {
  const cached = keyrings.get(config);
  if (cached) return cached;
  const previous = [config.DATA_ENCRYPTION_KEY_PREVIOUS];
  let keyring: Keyring | undefined;
  if (config.DATA_ENCRYPTION_KEY) {
    keyring = Keyring.fromValues(config.DATA_ENCRYPTION_KEY, previous);
  } else if (config.NODE_ENV === "production") {
    throw new Error("DATA_ENCRYPTION_KEY is unset (generate one with `openssl rand -base64 32`)");
  } else {
    const file = path.resolve(config.DATA_DIR, DEV_KEY_FILE);
    const stored =
      readKeyFile(file) ?? (options.create === false ? undefined : createKeyFile(file, options.log));
    if (stored === undefined) return undefined;
    if (!decodeDataKey(stored))
      throw new Error(`${file} does not hold a 32-byte key; delete it to get a new one`);
    keyring = Keyring.fromValues(stored, previous);
  }
  keyrings.set(config, keyring);
  return keyring;
}

function readKeyFile(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}

/** Writes a new key to `file` (0600); when another process won the race, reads theirs. */
function createKeyFile(file: string, log: { info(message: string): void } | undefined): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = generateDataKey();
  try {
    writeFileSync(file, `${key}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code === "EEXIST") return readKeyFile(file) ?? key;
    throw error;
  }
  chmodSync(file, 0o600);
  log?.info(
    `DATA_ENCRYPTION_KEY is unset: generated a development data key in ${file} (never in a backup; production requires DATA_ENCRYPTION_KEY)`,
  );
  return key;
}
