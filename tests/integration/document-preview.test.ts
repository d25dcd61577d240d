import { existsSync } from "node:fs";
import { Readable } from "node:stream";
import { chromium } from "@playwright/test";
import { beforeAll, describe, expect, it } from "vitest";
import { checkFilePreviewUrl, checkFileUrl } from "../../src/common/api/background-checks";
import { PREVIEW_CSP } from "../../src/server/background-checks/routes";
import { backgroundCheckFiles } from "../../src/server/db/schema";
import { type Actor, createTwoTenants } from "../support/actors";
import { SESSION_COOKIE } from "../support/cookies";
import { DOCX_TYPE, docxBytes, PNG_BYTES, pdfBytes, submitCheck } from "./portal/helpers";
import { oneBackend } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

const CHROMIUM = "/usr/bin/chromium";
/** A JPEG header, enough for the magic-byte check (JFIF APP0). */
const JPEG_BYTES = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xd9,
]);
/** What a hostile page would do: rename itself and call home (the test watches for both). */
const SCRIPT = "<script>document.title='pwned';fetch('/api/canary-'+location.pathname.length)</script>";

/**
 * Inline preview of a check's documents in the Review dialog (ADR 0059): PDF, PNG and JPEG only,
 * served with the type the magic bytes proved at upload, `nosniff` and a sandboxing CSP, so a
 * hostile upload cannot run script or be read as another type. The headers do not depend on the
 * database: one backend.
 */
describe.each(oneBackend())("document preview on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let admin: Actor;
  let companyAdminB: Actor;
  let userA: Actor;
  let checkId = 0;
  const files: Record<string, number> = {};

  beforeAll(async () => {
    ({ admin, companyAdminB, userA } = await createTwoTenants(f.db));
    const created = await submitCheck(f, userA.cookie, { fullName: "User A", email: userA.email }, [
      { name: "passport.pdf", data: pdfBytes() },
      { name: "photo.png", data: PNG_BYTES },
      { name: "selfie.jpg", data: JPEG_BYTES },
      { name: "letter.docx", data: docxBytes(), type: DOCX_TYPE },
      // A real PDF header with a page of HTML behind it: it passes the magic-byte check.
      { name: "polyglot.pdf", data: Buffer.from(`%PDF-1.4\n<html><body>${SCRIPT}</body></html>\n`) },
    ]);
    expect(created.status).toBe(201);
    checkId = created.body.id;
    const detail = await f.server.request("GET", `/api/background-checks/${checkId}`, {
      cookie: admin.cookie,
    });
    for (const file of detail.body.files as Array<{ id: number; originalName: string }>) {
      files[file.originalName] = file.id;
    }
  });

  const preview = (name: string, cookie: string | undefined) =>
    f.server.request("GET", checkFilePreviewUrl(checkId, files[name] as number), { cookie });

  it("serves PDF, PNG and JPEG inline with their proven type, nosniff and a sandboxing CSP", async () => {
    for (const [name, type, bytes] of [
      ["passport.pdf", "application/pdf", pdfBytes()],
      ["photo.png", "image/png", PNG_BYTES],
      ["selfie.jpg", "image/jpeg", JPEG_BYTES],
    ] as const) {
      const response = await fetch(
        `${f.server.baseUrl}${checkFilePreviewUrl(checkId, files[name] as number)}`,
        {
          headers: { cookie: admin.cookie },
        },
      );
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toBe(PREVIEW_CSP);
      expect(response.headers.get("content-security-policy")).toMatch(/(^|; )sandbox($|;)/);
      expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
    // The owner may preview her own documents too.
    expect((await preview("passport.pdf", userA.cookie)).status).toBe(200);
  });

  it("has no preview for any other type (download stays), nor for strangers", async () => {
    const docx = await preview("letter.docx", admin.cookie);
    // A GET carries no content, so not 415: the preview of this file does not exist (ADR 0077).
    expect(docx.status).toBe(404);
    expect(docx.body).toMatchObject({
      code: "NOT_FOUND",
      error: "This file type has no preview. Download the file to read it.",
    });
    const download = await f.server.request("GET", checkFileUrl(checkId, files["letter.docx"] as number), {
      cookie: admin.cookie,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect((await preview("passport.pdf", companyAdminB.cookie)).status).toBe(404);
    expect((await preview("passport.pdf", undefined)).status).toBe(401);
  });

  it("refuses an HTML page renamed .pdf at upload, as before", async () => {
    const refused = await submitCheck(f, userA.cookie, { fullName: "User A", email: userA.email }, [
      { name: "statement.pdf", data: Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`) },
    ]);
    expect(refused.status).toBe(415);
    expect(refused.body.code).toBe("UNSUPPORTED_FILE_TYPE");
  });

  it.runIf(existsSync(CHROMIUM))(
    "never runs the script of a stored file opened from its preview URL in a browser",
    async () => {
      // A file that fooled the magic-byte check entirely: HTML stored under a PNG row.
      const stored = await f.server.app.ctx.storage.put(
        Readable.from([Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`)]),
        "png",
      );
      const [row] = await f.db
        .insert(backgroundCheckFiles)
        .values({
          backgroundCheckId: checkId,
          fileName: stored.key,
          originalName: "disguised.png",
          fileType: "image/png",
          fileSize: stored.size,
          filePath: stored.key,
        })
        .returning({ id: backgroundCheckFiles.id });
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
      });
      try {
        const context = await browser.newContext();
        const token = decodeURIComponent(admin.cookie.split("=")[1] ?? "");
        await context.addCookies([{ name: SESSION_COOKIE, value: token, url: f.server.baseUrl }]);
        const page = await context.newPage();
        const calls: string[] = [];
        page.on("request", (request) => {
          if (request.url().includes("/api/canary")) calls.push(request.url());
        });
        // The detector works: the same markup as a page of its own does run.
        await page.setContent(`<title>clean</title>${SCRIPT}`);
        expect(await page.title()).toBe("pwned");
        calls.length = 0;
        for (const url of [
          checkFilePreviewUrl(checkId, files["polyglot.pdf"] as number),
          checkFilePreviewUrl(checkId, row?.id as number),
        ]) {
          const response = await page.goto(`${f.server.baseUrl}${url}`, { waitUntil: "load" });
          expect(response?.status(), url).toBe(200);
          // An inline script runs while the document is parsed, before its load event.
          expect(await page.title(), url).not.toBe("pwned");
        }
        expect(calls).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
