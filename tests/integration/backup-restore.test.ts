import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "../../src/server/db/database";
import { backgroundCheckFiles, backgroundChecks, leads } from "../../src/server/db/schema";
import { createActor, createCompanyRow } from "../support/actors";
import { startSmtpSink } from "../support/smtp-sink";
import { pdfBytes, submitCheck } from "./portal/helpers";
import { backupCli, backupCliProcess } from "./support/backup-cli";
import { migratedPgliteDump, openTestDatabase, testBackends } from "./support/database";
import type { ServerFixture } from "./support/fixture";
import { demoRegistrationBody, leadBody } from "./support/payloads";
import { startTestServer } from "./support/test-app";

/** Every row of every table, by table, in a stable order: what "every row is back" compares. */
async function everyRow(handle: DbHandle): Promise<Record<string, unknown[]>> {
  const tables = (
    (await handle.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: Array<{ tablename: string }> }
  ).rows.map((row) => row.tablename);
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    out[table] = (
      (await handle.db.execute(sql.raw(`select * from "${table}" order by 1`))) as unknown as {
        rows: unknown[];
      }
    ).rows;
  }
  return out;
}

/** The uploaded files under `dir`, by name, with their bytes. */
async function filesIn(dir: string): Promise<Record<string, string>> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort())
    out[name] = (await readFile(path.join(dir, name))).toString("base64");
  return out;
}

/**
 * Fills an installation through its API: companies, an admin and a user, leads with attribution,
 * a store-demo registration, and a background check with two files and its signed authorization
 * receipt (stored beside them, ADR 0084).
 * @returns the user's check id and cookie, to read a file back after the restore
 */
async function seed(handle: DbHandle, dataDir: string) {
  const smtp = await startSmtpSink();
  const server = await startTestServer({ db: handle, env: { DATA_DIR: dataDir, SMTP_URL: smtp.url } });
  try {
    const companyId = await createCompanyRow(handle.db, "Backup Foods");
    await createActor(handle.db, { email: "backup-admin@example.com", role: "admin" });
    const user = await createActor(handle.db, { email: "backup-user@example.com", companyId });
    for (const company of ["Restore Mart", "Snapshot Grocers"]) {
      const lead = await server.request("POST", "/api/send-get-started-email", {
        json: leadBody({ company, utmSource: "newsletter", landingPath: "/calculator" }),
      });
      expect(lead.status).toBe(201);
    }
    expect(
      (await server.request("POST", "/api/send-schnucks-demo-email", { json: demoRegistrationBody() }))
        .status,
    ).toBe(200);
    const fixture = { server } as ServerFixture;
    const check = await submitCheck(
      fixture,
      user.cookie,
      { fullName: "Backup User", email: "backup-user@example.com" },
      [
        { name: "id.pdf", data: pdfBytes(300) },
        { name: "proof.pdf", data: pdfBytes(900) },
      ],
    );
    expect(check.status).toBe(201);
    await server.app.ctx.outbox.idle();
    // An older check whose files the retention purge deleted (ADR 0058): its file names stay,
    // its bytes are gone, and the backup has nothing to copy or to miss for it.
    const [purged] = await handle.db
      .insert(backgroundChecks)
      .values({
        userId: user.id,
        fullName: "Backup User",
        email: "backup-user@example.com",
        status: "approved",
        reviewedAt: new Date("2026-01-02T00:00:00Z"),
        filesPurgedAt: new Date("2026-04-02T00:00:00Z"),
      })
      .returning({ id: backgroundChecks.id });
    await handle.db.insert(backgroundCheckFiles).values({
      backgroundCheckId: purged?.id ?? 0,
      fileName: "old-id.pdf",
      originalName: "old-id.pdf",
      fileType: "application/pdf",
      fileSize: 300,
      filePath: "00000000-0000-4000-8000-000000000000.pdf",
    });
    return { checkId: check.body.id as number, cookie: user.cookie };
  } finally {
    await server.close();
    await smtp.close();
  }
}

describe.each(testBackends())("db:backup and db:restore on $name", (backend) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it("backup → wipe → restore brings back every row and every file, and the app works on it", async () => {
    const work = await mkdtemp(path.join(tmpdir(), "aisleiq-backup-"));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const dataDir = path.join(work, "data");
    const backupDir = path.join(work, "backup");
    const uploads = path.join(dataDir, "uploads");

    // The installation: an embedded database in DATA_DIR, or a PostgreSQL database.
    let source: DbHandle;
    let sourceUrl = "";
    if (backend.name === "pglite") {
      // A new directory, started from the migrated dump rather than initdb (tests/integration/pglite-directory.test.ts runs initdb).
      source = await createDb({
        pgliteDir: path.join(dataDir, "db"),
        pgliteDump: await migratedPgliteDump(),
      });
      await source.migrate();
    } else {
      const database = await openTestDatabase(backend);
      cleanups.push(() => database.close());
      source = database.handle;
      sourceUrl = database.url ?? "";
    }
    const { checkId, cookie } = await seed(source, dataDir);
    const rowsBefore = await everyRow(source);
    const filesBefore = await filesIn(uploads);
    // The check's two uploads and its signed authorization receipt (ADR 0084).
    expect(Object.keys(filesBefore)).toHaveLength(3);
    expect(rowsBefore.background_check_authorizations).toHaveLength(1);
    const receiptKey = (rowsBefore.background_check_authorizations as Array<{ receipt_key: string }>)[0]
      ?.receipt_key;
    expect(Object.keys(filesBefore)).toContain(receiptKey);
    expect(rowsBefore.leads).toHaveLength(2);
    expect(rowsBefore.users).toHaveLength(2);
    expect(rowsBefore.background_checks).toHaveLength(2);
    // The embedded database is held by one process at a time (ADR 0036): the server stops first.
    if (backend.name === "pglite") await source.close();

    // The command runs in this process (support/backup-cli.ts); the refused restore below runs the script itself.
    const backedUp = await backupCli(["backup", "--out", backupDir], {
      DATA_DIR: dataDir,
      DATABASE_URL: sourceUrl,
    });
    expect(backedUp).toMatch(/^Backed up \d+ rows in \d+ tables and 3 files \(0\.0 MB\) from /);
    expect(backedUp).not.toContain("not found");

    // Wipe: the data directory goes, and PostgreSQL gets a new, empty database.
    await rm(dataDir, { recursive: true, force: true });
    let targetUrl = "";
    if (backend.name === "postgres") {
      const admin = process.env.TEST_DATABASE_URL ?? "";
      const name = `aisleiq_restore_${process.pid}_${Date.now()}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      await client.end();
      const url = new URL(admin);
      url.pathname = `/${name}`;
      targetUrl = url.toString();
      cleanups.push(async () => {
        const dropper = new pg.Client({ connectionString: admin });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
        await dropper.end();
      });
    }

    const restored = await backupCli(["restore", backupDir], { DATA_DIR: dataDir, DATABASE_URL: targetUrl });
    expect(restored).toMatch(/^Restored \d+ rows in \d+ tables and 3 files from /);

    const target =
      backend.name === "pglite"
        ? await createDb({ pgliteDir: path.join(dataDir, "db") })
        : await createDb({ databaseUrl: targetUrl });
    cleanups.push(() => target.close());
    expect(await everyRow(target)).toEqual(rowsBefore);
    expect(await filesIn(uploads)).toEqual(filesBefore);

    // The restored installation works: sessions, files through the API, and new ids after the old ones.
    const server = await startTestServer({ db: target, env: { DATA_DIR: dataDir } });
    cleanups.push(() => server.close());
    const check = await server.request("GET", `/api/background-checks/${checkId}`, { cookie });
    expect(check.status).toBe(200);
    expect(check.body.files).toHaveLength(2);
    const file = await fetch(
      `${server.baseUrl}/api/background-checks/${checkId}/files/${check.body.files[0].id}`,
      {
        headers: { cookie },
      },
    );
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer()).toString("base64");
    expect(Object.values(filesBefore)).toContain(bytes);
    const receipt = await fetch(`${server.baseUrl}/api/background-checks/${checkId}/authorization.pdf`, {
      headers: { cookie },
    });
    expect(receipt.status).toBe(200);
    expect(Buffer.from(await receipt.arrayBuffer()).toString("base64")).toBe(filesBefore[receiptKey ?? ""]);
    const next = await server.request("POST", "/api/send-get-started-email", { json: leadBody() });
    expect(next.status).toBe(201);
    const maxBefore = Math.max(...(rowsBefore.leads as Array<{ id: number }>).map((row) => row.id));
    expect(next.body.id).toBe(maxBefore + 1);
    expect(await target.db.select().from(leads)).toHaveLength(3);

    // A second restore into the now non-empty installation is refused, in one line, by the real
    // `npm run db:restore` script: exit code 1.
    await server.close();
    const again = backupCliProcess(["restore", backupDir], { DATA_DIR: dataDir, DATABASE_URL: targetUrl });
    await expect(again).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/(already holds a database|is not empty)/),
    });
  }, 180_000);
});
