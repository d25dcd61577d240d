import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../src/common/limits";
import { deleteChecks, deleteUserWithChecks } from "../../src/server/background-checks/service";
import {
  backgroundCheckAudit,
  backgroundCheckFiles,
  backgroundChecks,
  sessions,
  users,
} from "../../src/server/db/schema";
import { createLocalStorage } from "../../src/server/files/storage";
import { type Actor, createActor, createCompanyRow } from "../support/actors";
import {
  DOCX_TYPE,
  docxBytes,
  EXE_BYTES,
  OVER_LIMIT,
  PNG_BYTES,
  pdfBytes,
  pdfOfSize,
  submitCheck,
} from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

describe.each(testBackends())("background-check uploads and review on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let user: Actor;
  let admin: Actor;
  const person = { fullName: "Uma User", email: "uma@example.com" };
  const uploadsDir = () => path.join(f.server.config.DATA_DIR, "uploads");
  const storedFiles = async () => readdir(uploadsDir()).catch(() => [] as string[]);
  const checkCount = async () => (await f.db.select().from(backgroundChecks)).length;

  beforeAll(async () => {
    const company = await createCompanyRow(f.db, "Acme");
    user = await createActor(f.db, {
      email: "uma@example.com",
      role: "user",
      companyId: company,
      fullName: "Uma User",
    });
    admin = await createActor(f.db, { email: "root@example.com", role: "admin", fullName: "Root Admin" });
  });

  it("accepts a PDF, a PNG and a docx, and serves each back byte for byte as an attachment", async () => {
    const files = [
      { name: "passport scan.pdf", data: pdfBytes(), type: "application/pdf" },
      { name: "photo.PNG", data: PNG_BYTES, type: "image/png" },
      { name: "résumé.docx", data: docxBytes(), type: DOCX_TYPE },
    ];
    const created = await submitCheck(f, user.cookie, person, files);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...person, status: "pending", fileCount: 3, passedCheck: null });
    const mine = await f.server.request("GET", "/api/background-checks/my", { cookie: user.cookie });
    expect(mine.body).toEqual([expect.objectContaining({ id: created.body.id, fileCount: 3 })]);
    const all = await f.server.request("GET", "/api/background-checks", { cookie: admin.cookie });
    expect(all.body).toEqual([expect.objectContaining({ id: created.body.id, fileCount: 3 })]);

    const detail = await f.server.request("GET", `/api/background-checks/${created.body.id}`, {
      cookie: user.cookie,
    });
    expect(detail.status).toBe(200);
    expect(
      detail.body.files.map((file: { originalName: string; fileType: string; fileSize: number }) => [
        file.originalName,
        file.fileType,
        file.fileSize,
      ]),
    ).toEqual([
      ["passport scan.pdf", "application/pdf", files[0]?.data.length],
      ["photo.PNG", "image/png", PNG_BYTES.length],
      ["résumé.docx", DOCX_TYPE, files[2]?.data.length],
    ]);
    expect(detail.body.audit).toEqual([
      expect.objectContaining({ actorName: "Uma User", fromStatus: null, toStatus: "pending", event: null }),
      expect.objectContaining({ actorName: "Uma User", toStatus: "pending", event: "authorization_signed" }),
    ]);

    for (const [index, file] of detail.body.files.entries()) {
      const response = await fetch(
        `${f.server.baseUrl}/api/background-checks/${created.body.id}/files/${file.id}`,
        {
          headers: { cookie: user.cookie },
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(files[index]?.data ?? []))).toBe(
        true,
      );
    }
    const names = await storedFiles();
    // The three uploads and the signed authorization receipt (ADR 0084).
    expect(names).toHaveLength(4);
    for (const name of names) expect(name).toMatch(/^[0-9a-f-]{36}\.(pdf|png|docx)$/);
  });

  it("rejects an .exe renamed .pdf with 415 and keeps nothing", async () => {
    const before = { checks: await checkCount(), files: (await storedFiles()).length };
    const response = await submitCheck(f, user.cookie, person, [
      { name: "good.pdf", data: pdfBytes() },
      { name: "invoice.pdf", data: EXE_BYTES, type: "application/pdf" },
    ]);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      error: expect.stringContaining("invoice.pdf"),
      code: "UNSUPPORTED_FILE_TYPE",
      // Named beside the English message, so a Spanish page can name it too.
      file: "invoice.pdf",
    });
    expect(await checkCount()).toBe(before.checks);
    expect(await storedFiles()).toHaveLength(before.files);
  });

  it("rejects a disallowed extension with 415 naming the file", async () => {
    const response = await submitCheck(f, user.cookie, person, [
      { name: "notes.txt", data: Buffer.from("hello") },
    ]);
    expect(response.status).toBe(415);
    expect(response.body.error).toBe("notes.txt is not a supported file type");
    expect(response.body.file).toBe("notes.txt");
  });

  it("refuses 6 files with 413 TOO_MANY_FILES and keeps none of them", async () => {
    const before = { checks: await checkCount(), files: (await storedFiles()).length };
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `doc-${i}.pdf`, data: pdfBytes() }));
    const response = await submitCheck(f, user.cookie, person, six);
    expect(response.status).toBe(413);
    expect(response.body.code).toBe("TOO_MANY_FILES");
    expect(await checkCount()).toBe(before.checks);
    expect(await storedFiles()).toHaveLength(before.files);
  });

  it("accepts a file of exactly 10,485,760 bytes and refuses one byte more with 413", async () => {
    const exact = await submitCheck(f, user.cookie, person, [
      { name: "exact.pdf", data: pdfOfSize(MAX_FILE_BYTES) },
    ]);
    expect(exact.status).toBe(201);
    const before = { checks: await checkCount(), files: (await storedFiles()).length };
    const over = await submitCheck(f, user.cookie, person, [
      { name: "big.pdf", data: pdfOfSize(OVER_LIMIT) },
    ]);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      error: "big.pdf exceeds the 10MB size limit",
      code: "FILE_TOO_LARGE",
      file: "big.pdf",
    });
    expect(await checkCount()).toBe(before.checks);
    expect(await storedFiles()).toHaveLength(before.files);
  });

  it("requires at least one file and the text fields", async () => {
    const none = await submitCheck(f, user.cookie, person, []);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      error: "Please upload at least one document for your background check",
      code: "FILES_REQUIRED",
    });
    const noName = await submitCheck(f, user.cookie, { email: person.email }, [
      { name: "a.pdf", data: pdfBytes() },
    ]);
    expect(noName.status).toBe(400);
    expect(noName.body.code).toBe("VALIDATION_ERROR");
    const json = await f.server.request("POST", "/api/background-checks", {
      cookie: user.cookie,
      json: person,
    });
    expect(json.status).toBe(415);
  });

  it("keeps a name with ../ and control characters only as harmless data", async () => {
    const response = await submitCheck(f, user.cookie, person, [
      { name: "../../../etc/pass\u0007wd.pdf", data: pdfBytes() },
    ]);
    expect(response.status).toBe(201);
    const [file] = await f.db
      .select()
      .from(backgroundCheckFiles)
      .where(eq(backgroundCheckFiles.backgroundCheckId, response.body.id));
    expect(file?.originalName).toBe("passwd.pdf");
    expect(file?.filePath).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    for (const name of await storedFiles()) expect(name).toMatch(/^[0-9a-f-]{36}\.(pdf|png|docx)$/);
    const download = await fetch(
      `${f.server.baseUrl}/api/background-checks/${response.body.id}/files/${file?.id}`,
      {
        headers: { cookie: user.cookie },
      },
    );
    expect(download.headers.get("content-disposition")).toBe(
      "attachment; filename=\"passwd.pdf\"; filename*=UTF-8''passwd.pdf",
    );
  });

  it("review sets status, notes, passedCheck, reviewedAt and reviewedBy, and writes an audit row", async () => {
    const created = await submitCheck(f, user.cookie, person, [{ name: "id.pdf", data: pdfBytes() }]);
    const id = created.body.id as number;
    const approved = await f.server.request("PATCH", `/api/background-checks/${id}`, {
      cookie: admin.cookie,
      json: { status: "approved", notes: "All documents verified", passedCheck: true },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: "approved",
      passedCheck: true,
      notes: "All documents verified",
    });
    expect(Date.now() - Date.parse(approved.body.reviewedAt)).toBeLessThan(60_000);
    const [row] = await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.id, id));
    expect(row).toMatchObject({ passedCheck: true, reviewedBy: admin.id, status: "approved" });
    expect(row?.reviewedAt).toBeInstanceOf(Date);
    const audit = await f.db
      .select()
      .from(backgroundCheckAudit)
      .where(eq(backgroundCheckAudit.backgroundCheckId, id));
    // The submission, her signed authorization (ADR 0084), then the review.
    expect(audit).toHaveLength(3);
    expect(audit.sort((a, b) => a.id - b.id)[2]).toMatchObject({
      actorId: admin.id,
      actorName: "Root Admin",
      fromStatus: "pending",
      toStatus: "approved",
      notes: "All documents verified",
    });

    const rejected = await f.server.request("PATCH", `/api/background-checks/${id}`, {
      cookie: admin.cookie,
      json: { status: "rejected", notes: "Expired passport", passedCheck: false },
    });
    // "Rejected" starts the pre-adverse action: not final yet (ADR 0083).
    expect(rejected.body).toMatchObject({ status: "pre_adverse_action", passedCheck: null });
    const mine = await f.server.request("GET", "/api/background-checks/my", { cookie: user.cookie });
    expect(mine.body.find((check: { id: number }) => check.id === id)).toMatchObject({
      status: "pre_adverse_action",
      notes: "Expired passport",
      finalAt: expect.any(String),
      businessDaysLeft: 5,
    });
    const detail = await f.server.request("GET", `/api/background-checks/${id}`, { cookie: admin.cookie });
    expect(
      detail.body.audit.map((entry: { fromStatus: string | null; toStatus: string }) => [
        entry.fromStatus,
        entry.toStatus,
      ]),
    ).toEqual([
      [null, "pending"],
      ["pending", "pending"],
      ["pending", "approved"],
      ["approved", "pre_adverse_action"],
    ]);
    expect(detail.body.reviewedByName).toBe("Root Admin");
  });

  it("refuses a passedCheck that contradicts the status, and an unknown status", async () => {
    const created = await submitCheck(f, user.cookie, person, [{ name: "id.pdf", data: pdfBytes() }]);
    const contradicting = await f.server.request("PATCH", `/api/background-checks/${created.body.id}`, {
      cookie: admin.cookie,
      json: { status: "rejected", passedCheck: true },
    });
    expect(contradicting.status).toBe(400);
    const unknown = await f.server.request("PATCH", `/api/background-checks/${created.body.id}`, {
      cookie: admin.cookie,
      json: { status: "done" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("VALIDATION_ERROR");
  });

  it("deleting a check removes its rows and its files from storage", async () => {
    const created = await submitCheck(f, user.cookie, person, [
      { name: "a.pdf", data: pdfBytes() },
      { name: "b.png", data: PNG_BYTES },
    ]);
    const files = await f.db
      .select()
      .from(backgroundCheckFiles)
      .where(eq(backgroundCheckFiles.backgroundCheckId, created.body.id));
    const before = await storedFiles();
    for (const file of files) expect(before).toContain(file.filePath);
    await deleteChecks(f.db, createLocalStorage(uploadsDir()), [created.body.id]);
    const after = await storedFiles();
    for (const file of files) expect(after).not.toContain(file.filePath);
    expect(
      await f.db
        .select()
        .from(backgroundCheckFiles)
        .where(eq(backgroundCheckFiles.backgroundCheckId, created.body.id)),
    ).toHaveLength(0);
    const detail = await f.server.request("GET", `/api/background-checks/${created.body.id}`, {
      cookie: admin.cookie,
    });
    expect(detail.status).toBe(404);
  });

  it("deleting a user removes their sessions, checks and stored files", async () => {
    const leaver = await createActor(f.db, { email: "leaver@example.com", role: "user" });
    const created = await submitCheck(f, leaver.cookie, { fullName: "Leaver", email: "leaver@example.com" }, [
      { name: "a.pdf", data: pdfBytes() },
    ]);
    const [file] = await f.db
      .select()
      .from(backgroundCheckFiles)
      .where(eq(backgroundCheckFiles.backgroundCheckId, created.body.id));
    expect(await storedFiles()).toContain(file?.filePath);
    expect(await deleteUserWithChecks(f.db, createLocalStorage(uploadsDir()), leaver.id)).toBe(true);
    expect(await storedFiles()).not.toContain(file?.filePath);
    expect(await f.db.select().from(users).where(eq(users.id, leaver.id))).toHaveLength(0);
    expect(await f.db.select().from(sessions).where(eq(sessions.userId, leaver.id))).toHaveLength(0);
    expect(
      await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.userId, leaver.id)),
    ).toHaveLength(0);
    const me = await f.server.request("GET", "/api/auth/me", { cookie: leaver.cookie });
    expect(me.status).toBe(401);
  });
});
