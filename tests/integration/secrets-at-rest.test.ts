import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { writeBackup } from "../../src/server/backup/backup";
import { generateDataKey } from "../../src/server/crypto/sealed";
import { createDb, type DbHandle } from "../../src/server/db/database";
import { emailOutbox } from "../../src/server/db/schema";
import { createActor, createCompanyRow, createUser } from "../support/actors";
import { BINDING_COOKIE, cookieFrom } from "../support/cookies";
import { signInCodeFrom, startSmtpSink, verifyTokenFrom } from "../support/smtp-sink";
import { invitationTokenFrom } from "./portal/helpers";
import { backupCli } from "./support/backup-cli";
import { type TestBackend, testBackends } from "./support/database";
import { useTestDatabase } from "./support/fixture";
import { leadBody } from "./support/payloads";
import { closedPort, startTestServer, TEST_PUBLIC_URL, type TestServer, waitFor } from "./support/test-app";

/**
 * No usable credential at rest (ADR 0074): an email waiting in the outbox keeps its sign-in
 * link, code or invitation token sealed with DATA_ENCRYPTION_KEY, which no backup holds; a sent
 * or failed row keeps none; the CRM webhook's key stays in LEAD_WEBHOOK_URL. A backup restores
 * the waiting emails where the key is set, and names those it cannot open where it is not.
 */

/** The receiver's key in the webhook URL's query string. */
const WEBHOOK_KEY = "crmQueryKey0123456789abcdef";
const WEBHOOK_SECRET = "webhook-signing-secret-0123456789";

/**
 * Runs `db:backup`/`db:restore` (in this process, see {@link backupCli}) with `env`; returns
 * stdout then stderr.
 */
async function cli(args: string[], env: Record<string, string>): Promise<string> {
  return backupCli(args, { NODE_ENV: "development", ...env });
}

/** Every row of every table as text: what a dump of the live database holds. */
async function dumpEveryTable(handle: DbHandle): Promise<string> {
  const tables = (
    (await handle.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: Array<{ tablename: string }> }
  ).rows.map((row) => row.tablename);
  let text = "";
  for (const table of tables) {
    const { rows } = (await handle.db.execute(
      sql.raw(`select row_to_json(t)::text as j from "${table}" t`),
    )) as unknown as { rows: Array<{ j: string }> };
    text += rows.map((row) => `${table} ${row.j}\n`).join("");
  }
  return text;
}

/** Every byte of every file under `dir`, as text, with each gzip file also decompressed. */
async function everyByteOf(dir: string): Promise<{ text: string; modes: Record<string, number> }> {
  let text = "";
  const modes: Record<string, number> = { ".": (await stat(dir)).mode & 0o777 };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes[path.relative(dir, full)] = (await stat(full)).mode & 0o777;
    if (!entry.isFile()) continue;
    const bytes = await readFile(full);
    text += bytes.toString("latin1");
    if (entry.name.endsWith(".gz")) text += gunzipSync(bytes).toString("utf8");
  }
  return { text, modes };
}

/** Whether the six digits `code` stand in `text` as a number of their own (not inside a longer one). */
const holdsCode = (text: string, code: string) => new RegExp(`(?<![0-9.])${code}(?![0-9])`).test(text);

/** Asks for a sign-in email "in a browser"; returns that browser's binding cookie header. */
async function askInBrowser(server: TestServer, email: string): Promise<string> {
  const response = await server.request("POST", "/api/auth/send-magic-link", { json: { email } });
  expect(response.status).toBe(200);
  const binding = cookieFrom(response.setCookies, BINDING_COOKIE);
  if (!binding) throw new Error("no binding cookie");
  return `${BINDING_COOKIE}=${binding.value}`;
}

/** The outbox row of `kind` to `to`. */
async function rowTo(handle: DbHandle, kind: string, to: string) {
  const [row] = await handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)));
  return row;
}

/** A receiver for the CRM webhook on `port` that keeps the target of every request. */
async function webhookReceiver(port: number): Promise<{ targets: string[]; close(): Promise<void> }> {
  const targets: string[] = [];
  const server: Server = createServer((request, response) => {
    targets.push(request.url ?? "");
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    targets,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An empty installation for `db:restore`: a DATA_DIR for PGlite, a new PostgreSQL database.
 * @returns the environment the CLI needs and a way to open the restored database
 */
async function emptyInstallation(
  backend: TestBackend,
  work: string,
  name: string,
  cleanups: Array<() => Promise<unknown>>,
): Promise<{ env: Record<string, string>; open(): Promise<DbHandle> }> {
  const dataDir = path.join(work, name);
  if (backend.name === "pglite") {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      open: () => createDb({ pgliteDir: path.join(dataDir, "db") }),
    };
  }
  const admin = process.env.TEST_DATABASE_URL ?? "";
  const database = `aisleiq_secrets_${process.pid}_${Date.now()}_${name}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  await client.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: admin });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => createDb({ databaseUrl: url.toString() }),
  };
}

describe.each(testBackends())("no usable credential at rest on $name", (backend) => {
  const database = useTestDatabase(backend);
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  });
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  });

  it("a backup and a dump of the live database taken while SMTP is down hold no working token, code or webhook key", async () => {
    const work = await mkdtemp(path.join(tmpdir(), "aisleiq-secrets-"));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const smtpPort = await closedPort();
    const hookPort = await closedPort();
    const server = await startTestServer({
      db: database.handle,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        DATA_ENCRYPTION_KEY: generateDataKey(),
        LEAD_WEBHOOK_URL: `http://127.0.0.1:${hookPort}/crm/hook?key=${WEBHOOK_KEY}`,
        LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    cleanups.push(() => server.close());

    // SMTP is down: a company_admin invitation, two sign-in emails and a webhook delivery wait.
    const companyId = await createCompanyRow(database.db, "Vault Foods");
    const admin = await createActor(database.db, { email: "vault-admin@example.com", role: "admin" });
    const invited = await server.request("POST", "/api/invitations/send", {
      cookie: admin.cookie,
      json: { email: "vault-boss@example.com", role: "company_admin", companyId },
    });
    expect(invited.status).toBe(201);
    await createUser(database.db, { email: "vault-link@example.com" });
    await createUser(database.db, { email: "vault-code@example.com" });
    await askInBrowser(server, "vault-link@example.com");
    const codeBrowser = await askInBrowser(server, "vault-code@example.com");
    expect((await server.request("POST", "/api/send-get-started-email", { json: leadBody() })).status).toBe(
      201,
    );
    const endpoint = `http://127.0.0.1:${hookPort}/crm/hook`;
    const waiting: Array<[string, string]> = [
      ["invitation", "vault-boss@example.com"],
      ["magic_link", "vault-link@example.com"],
      ["magic_link", "vault-code@example.com"],
      ["lead_webhook", endpoint],
    ];
    // Each has been tried and refused at least once: what a backup taken during the outage holds.
    for (const [kind, to] of waiting) {
      await waitFor(async () => {
        const row = await rowTo(database.handle, kind, to);
        return row?.status === "pending" && row.attempts >= 1 && row.lastError !== null;
      });
    }
    for (const [kind, to] of waiting.slice(0, 3)) {
      const row = await rowTo(database.handle, kind, to);
      // The body holds placeholders; the credentials are sealed for this row.
      expect(row?.sealedSecrets).toMatch(/^v1\.[0-9a-f]{12}\./);
      expect(row?.text).toContain("{{secret.token}}");
      expect(row?.html).toContain("{{secret.token}}");
      if (kind === "magic_link") expect(row?.text).toContain("{{secret.code}}");
    }

    const dump = await dumpEveryTable(database.handle);
    const backupDir = path.join(work, "backup");
    await writeBackup(database.handle, {
      outDir: backupDir,
      uploadsDir: path.join(server.config.DATA_DIR, "uploads"),
    });
    const backup = await everyByteOf(backupDir);
    // Only its owner may read it: directories 0700, files 0600.
    for (const [name, mode] of Object.entries(backup.modes)) {
      expect({ name, mode: mode.toString(8) }).toEqual({
        name,
        mode: name === "." || name === "uploads" ? "700" : "600",
      });
    }
    expect(backup.text).toContain("{{secret.token}}");

    // SMTP and the receiver come back: the real credentials go out, and they work…
    const smtp = await startSmtpSink(smtpPort);
    cleanups.push(() => smtp.close());
    const receiver = await webhookReceiver(hookPort);
    cleanups.push(() => receiver.close());
    server.app.ctx.outbox.wake();
    const invitationToken = invitationTokenFrom(
      (await smtp.nextEmail("vault-boss@example.com", 30_000)).text,
    );
    const linkToken = verifyTokenFrom(
      await smtp.nextEmail("vault-link@example.com", 30_000),
      TEST_PUBLIC_URL,
    );
    const code = signInCodeFrom(await smtp.nextEmail("vault-code@example.com", 30_000));
    await waitFor(() => receiver.targets.length > 0, { timeoutMs: 30_000 });

    // …but neither the dump nor any byte of the backup held them, nor the webhook's key.
    for (const [where, text] of [
      ["dump", dump],
      ["backup", backup.text],
    ] as const) {
      expect({ where, invitation: text.includes(invitationToken) }).toEqual({ where, invitation: false });
      expect({ where, link: text.includes(linkToken) }).toEqual({ where, link: false });
      expect({ where, code: holdsCode(text, code) }).toEqual({ where, code: false });
      expect({ where, webhookKey: text.includes(WEBHOOK_KEY) }).toEqual({ where, webhookKey: false });
    }
    expect(
      (await server.request("POST", "/api/invitations/inspect", { json: { token: invitationToken } })).status,
    ).toBe(200);
    expect(
      (await server.request("POST", "/api/auth/verify-magic-link", { json: { token: linkToken } })).status,
    ).toBe(200);
    expect(
      (
        await server.request("POST", "/api/auth/verify-code", {
          json: { email: "vault-code@example.com", code },
          cookie: codeBrowser,
        })
      ).status,
    ).toBe(200);
    // The webhook went to the configured URL, key included; its row keeps the target alone.
    expect(receiver.targets[0]).toBe(`/crm/hook?key=${WEBHOOK_KEY}`);

    // Sent rows keep no credential at all, and the live database now holds none either.
    for (const [kind, to] of waiting) {
      await waitFor(async () => (await rowTo(database.handle, kind, to))?.status === "sent");
      expect(await rowTo(database.handle, kind, to)).toMatchObject({
        sealedSecrets: null,
        html: "",
        text: "",
      });
    }
    expect(await dumpEveryTable(database.handle)).not.toContain(WEBHOOK_KEY);
  }, 120_000);

  it("a restore sends the waiting emails where the key is set, and names the ones it cannot open where it is not", async () => {
    const work = await mkdtemp(path.join(tmpdir(), "aisleiq-secrets-"));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const key = generateDataKey();
    const source = await startTestServer({
      db: database.handle,
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, DATA_ENCRYPTION_KEY: key },
    });
    cleanups.push(() => source.close());
    const companyId = await createCompanyRow(database.db, "Restore Foods");
    const admin = await createActor(database.db, { email: "restore-admin@example.com", role: "admin" });
    const invitee = "restore-boss@example.com";
    expect(
      (
        await source.request("POST", "/api/invitations/send", {
          cookie: admin.cookie,
          json: { email: invitee, role: "company_admin", companyId },
        })
      ).status,
    ).toBe(201);
    const pending = await waitFor(async () => {
      const row = await rowTo(database.handle, "invitation", invitee);
      return row?.status === "pending" && row.attempts >= 1 && row;
    });
    const backupDir = path.join(work, "backup");
    await writeBackup(database.handle, { outDir: backupDir, uploadsDir: undefined });
    await source.close();

    // With the key: a clean restore, and the invitation goes out with a token that works.
    const keyed = await emptyInstallation(backend, work, "keyed", cleanups);
    const restored = await cli(["restore", backupDir], { ...keyed.env, DATA_ENCRYPTION_KEY: key });
    expect(restored).toMatch(/^Restored \d+ rows/);
    expect(restored).not.toContain("cannot be decrypted");
    const keyedDb = await keyed.open();
    cleanups.push(() => keyedDb.close());
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const keyedServer = await startTestServer({
      db: keyedDb,
      env: { SMTP_URL: smtp.url, DATA_ENCRYPTION_KEY: key },
    });
    cleanups.push(() => keyedServer.close());
    const token = invitationTokenFrom((await smtp.nextEmail(invitee, 30_000)).text);
    expect((await keyedServer.request("POST", "/api/invitations/inspect", { json: { token } })).status).toBe(
      200,
    );
    await keyedServer.close();

    // Without it: the restore names the row and its kind; the worker marks it failed, sends nothing.
    const keyless = await emptyInstallation(backend, work, "keyless", cleanups);
    const other = generateDataKey();
    const told = await cli(["restore", backupDir], { ...keyless.env, DATA_ENCRYPTION_KEY: other });
    expect(told).toMatch(/^Restored \d+ rows/);
    expect(told).toContain(`1 waiting email(s) cannot be decrypted`);
    expect(told).toContain(`#${pending.id} invitation`);
    const keylessDb = await keyless.open();
    cleanups.push(() => keylessDb.close());
    const keylessServer = await startTestServer({
      db: keylessDb,
      env: { SMTP_URL: smtp.url, DATA_ENCRYPTION_KEY: other },
    });
    cleanups.push(() => keylessServer.close());
    const failed = await waitFor(async () => {
      const row = await rowTo(keylessDb, "invitation", invitee);
      return row?.status === "failed" && row;
    });
    expect(failed.lastError).toMatch(
      /^not sent: its sign-in credentials cannot be decrypted: sealed with data key [0-9a-f]{12}/,
    );
    // A row failed for good keeps no credential.
    expect(failed.sealedSecrets).toBeNull();
    await keylessServer.app.ctx.outbox.idle();
    expect(smtp.emailsTo(invitee)).toHaveLength(1);
  }, 180_000);

  it("without DATA_ENCRYPTION_KEY outside production, generates a key once into DATA_DIR (0600) and still delivers", async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const server = await startTestServer({ db: database.handle, env: { SMTP_URL: smtp.url } });
    cleanups.push(() => server.close());
    const file = path.join(server.config.DATA_DIR, "data-encryption.key");
    expect(((await stat(file)).mode & 0o777).toString(8)).toBe("600");
    await createUser(database.db, { email: "dev-key@example.com" });
    await askInBrowser(server, "dev-key@example.com");
    const token = verifyTokenFrom(await smtp.nextEmail("dev-key@example.com"), TEST_PUBLIC_URL);
    expect((await server.request("POST", "/api/auth/verify-magic-link", { json: { token } })).status).toBe(
      200,
    );
  });
});
