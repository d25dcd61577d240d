import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, migrationsFolder, PGLITE_CONF } from "../../../src/server/db/database";

/** Environment variable through which the workers learn where the migrated template is. */
export const TEMPLATE_ENV = "AISLEIQ_E2E_TEMPLATE_DB";

/** Every file under `dir` (relative paths, sorted), for hashing. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The name of the template for the current migrations, PGlite release and settings: the first 16
 * hex digits of a SHA-256 over them, so a changed migration or a PGlite upgrade gets a new one.
 */
function templateName(): string {
  const hash = createHash("sha256");
  const drizzle = migrationsFolder();
  for (const file of filesUnder(drizzle)) {
    hash.update(file);
    hash.update(readFileSync(path.join(drizzle, file)));
  }
  hash.update(readFileSync(path.join("node_modules", "@electric-sql", "pglite", "package.json")));
  hash.update(PGLITE_CONF.join(","));
  return `aisleiq-e2e-template-${hash.digest("hex").slice(0, 16)}`;
}

/**
 * Playwright's global setup (ADR 0045): checks that the production builds exist (the static site
 * and the browser app, ADR 0064), then makes
 * sure a migrated PGlite data directory exists for the current migrations and tells the workers
 * where it is ({@link TEMPLATE_ENV}). Every app a test runs against starts from a copy of it
 * (tests/e2e/support/app.ts): a copy opens in about 0.3 s where a new directory needs initdb and
 * every migration (about 6 s, measured on the 2-core machine). The template stays in the system
 * temporary directory for the next run; it is built under a temporary name and renamed when
 * migrated, so an interrupted build never leaves a half-migrated template.
 * @throws when `build/site` or `build/client` has no `index.html` (run `npm run build` first)
 */
export default async function globalSetup(): Promise<void> {
  if (!["site", "client"].every((dir) => existsSync(path.join("build", dir, "index.html")))) {
    throw new Error("tests/e2e run against the production build: run `npm run build` first");
  }
  const template = path.join(tmpdir(), templateName());
  const db = path.join(template, "db");
  if (!existsSync(db)) {
    const building = await mkdtemp(`${template}-building-`);
    const handle = await createDb({ pgliteDir: path.join(building, "db") });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    try {
      await rename(building, template);
    } catch (error) {
      // Another run finished the same template first: use theirs.
      await rm(building, { recursive: true, force: true });
      if (!existsSync(db)) throw error;
    }
  }
  process.env[TEMPLATE_ENV] = db;
}
