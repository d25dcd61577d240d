import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import {
  backgroundCheckAuthorizations,
  backgroundCheckFiles,
  backgroundChecks,
  fileDeletions,
} from "../../src/server/db/schema";
import { createCompanyRow } from "../support/actors";
import { signAuthorization } from "./support/authorization";
import { onePagePdf, stripedPng } from "./support/documents";
import { expect, persona, type TestApp, test } from "./support/fixtures";

/**
 * Uploaded documents on S3 storage through the browser (ADR 0050): every app here keeps its files
 * in a bucket of an S3 server we did not write (`@20minutes/s3rver`, which checks each request's
 * Signature V4), reached through the AWS SDK as production reaches AWS S3, R2 or MinIO. A user
 * uploads a PDF and a PNG from her dashboard, a reviewer reads both inline and downloads one, an
 * admin deletes the user and the deletion queue (ADR 0058) empties the bucket; with a secret the
 * bucket refuses, the upload fails cleanly and leaves nothing behind. Everyone starts signed in
 * (ADR 0045) on an app and a bucket of the test's own, so the bucket's whole content is checked.
 */

test.use({ storage: "s3" });

const PASSPORT = onePagePdf("Passport of Uma User");
const PHOTO = stripedPng();
/** The object key prefix of uploads (src/server/files/storage.ts `createStorage`). */
const PREFIX = "background-checks/";

/** Picks the passport PDF and the photo PNG in `page`'s dashboard form and submits them. */
async function submitDocuments(page: Page) {
  await page.locator("#check-files").setInputFiles([
    { name: "passport.pdf", mimeType: "application/pdf", buffer: PASSPORT },
    { name: "photo.png", mimeType: "image/png", buffer: PHOTO },
  ]);
  const chosen = page.getByRole("list", { name: "Documents" });
  await expect(chosen.getByRole("listitem")).toHaveCount(2);
  await signAuthorization(page, await page.getByLabel("Full Name", { exact: true }).inputValue());
  await page.getByRole("button", { name: "Submit Background Check" }).click();
}

/** The storage keys of every file row of the app, as object keys in its bucket, sorted. */
async function objectKeysOfRows(app: TestApp): Promise<string[]> {
  const rows = await app.db.select({ key: backgroundCheckFiles.filePath }).from(backgroundCheckFiles);
  // The signed authorization receipts are objects too (ADR 0084).
  const receipts = await app.db
    .select({ key: backgroundCheckAuthorizations.receiptKey })
    .from(backgroundCheckAuthorizations);
  return [...rows, ...receipts].map((row) => `${PREFIX}${row.key}`).sort();
}

test("on S3: a user uploads a PDF and a PNG, a reviewer previews both and downloads the same bytes, and deleting the user empties the bucket", async ({
  emptyApp: app,
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const companyId = await createCompanyRow(app.db, "Fresh Foods");

  // Uma uploads her passport and photo from her dashboard.
  const uma = await persona(browser);
  const umaRow = await app.signedIn(uma.context, {
    email: "uma@freshfoods.example",
    fullName: "Uma User",
    companyId,
  });
  await uma.page.goto(`${app.baseUrl}/dashboard`);
  await expect(uma.page.getByText("No background checks submitted yet")).toBeVisible();
  await submitDocuments(uma.page);
  await expect(uma.page.getByText("Background Check Submitted", { exact: true })).toBeVisible();
  const myCheck = uma.page.getByTestId("my-check");
  await expect(myCheck).toContainText("Pending");
  await expect(myCheck).toContainText("2 files");
  await uma.context.close();

  // One object per file and one for the receipt, under the keys the rows name, and nothing else.
  const keys = await objectKeysOfRows(app);
  expect(keys).toHaveLength(3);
  expect(await app.s3.listKeys()).toEqual(keys);

  // Cara, her company's admin, reads both inline: PDF.js draws the PDF, the PNG decodes whole.
  const cara = await persona(browser);
  await app.signedIn(cara.context, {
    email: "cara@freshfoods.example",
    fullName: "Cara Reviewer",
    role: "company_admin",
    companyId,
  });
  await cara.page.goto(`${app.baseUrl}/admin/dashboard`);
  await cara.page.getByRole("button", { name: "Review background check of Uma User" }).click();
  const review = cara.page.getByRole("dialog", { name: "Review Background Check" });
  await review.getByRole("button", { name: "Preview passport.pdf" }).click();
  const pdf = review.getByRole("region", { name: "Preview of passport.pdf" });
  await expect(pdf.getByRole("img", { name: "Page 1 of 1 of passport.pdf" })).toBeVisible();
  await expect(pdf.getByText("Text of page 1: Passport of Uma User")).toBeAttached();
  await review.getByRole("button", { name: "Preview photo.png" }).click();
  const photo = review
    .getByRole("region", { name: "Preview of photo.png" })
    .getByRole("img", { name: "photo.png, as uploaded" });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
    .toEqual([480, 320]);

  // The download is the very PDF Uma uploaded.
  const [download] = await Promise.all([
    cara.page.waitForEvent("download"),
    review.getByRole("link", { name: "Download passport.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("passport.pdf");
  expect((await readFile(await download.path())).equals(PASSPORT)).toBe(true);
  // Both previews and the download were read from the bucket, and it answered each read.
  for (const key of keys) {
    expect(app.s3.requests).toContainEqual({ method: "GET", path: `/${app.s3.bucket}/${key}`, status: 200 });
  }
  await cara.context.close();

  // Ada, an admin, deletes Uma; her files leave the bucket through the deletion queue.
  await app.signedIn(page.context(), { email: "ada@example.com", fullName: "Ada Admin", role: "admin" });
  await page.goto(`${app.baseUrl}/admin/dashboard`);
  const users = page.getByRole("region", { name: "Users" });
  await users.getByLabel("Search users").fill("uma@");
  await users
    .getByRole("row", { name: /Uma User/ })
    .getByRole("button", { name: "Delete Uma User" })
    .click();
  await page
    .getByRole("alertdialog", { name: "Delete Uma User?" })
    .getByRole("button", { name: "Delete User" })
    .click();
  await expect(
    page.getByText("Uma User and their checks and files were removed.", { exact: true }),
  ).toBeVisible();
  expect(await app.db.select().from(backgroundChecks).where(eq(backgroundChecks.userId, umaRow.id))).toEqual(
    [],
  );
  // Empty once the queue has run: every object deleted and every deletion confirmed.
  await expect
    .poll(async () => ({
      objects: await app.s3.listKeys(),
      queued: (await app.db.select().from(fileDeletions)).length,
    }))
    .toEqual({ objects: [], queued: 0 });
  for (const key of keys) {
    expect(app.s3.requests).toContainEqual({
      method: "DELETE",
      path: `/${app.s3.bucket}/${key}`,
      status: 204,
    });
  }
});

test.describe("with a secret s3rver refuses", () => {
  test.use({ s3Env: { AWS_SECRET_ACCESS_KEY: "not-the-secret" } });

  test("the upload fails with a clean error, keeps the chosen files, and stores no check and no object", async ({
    emptyApp: app,
    page,
  }) => {
    await app.signedIn(page.context(), { email: "uma@freshfoods.example", fullName: "Uma User" });
    await page.goto(`${app.baseUrl}/dashboard`);
    await submitDocuments(page);
    const toast = page.getByRole("status").filter({ hasText: "Submission Failed" });
    await expect(toast).toContainText(
      "We could not store your documents right now. Please try again in a minute.",
    );
    // s3rver checked the signature and refused it: that, not anything else, stopped the upload.
    expect(app.s3.requests.filter((request) => request.method === "PUT")).toEqual([
      { method: "PUT", path: expect.stringMatching(`^/${app.s3.bucket}/${PREFIX}`), status: 403 },
    ]);
    // Her files stay chosen for a retry; no check was recorded, in the page or after a reload.
    await expect(page.getByRole("list", { name: "Documents" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("No background checks submitted yet")).toBeVisible();
    await page.reload();
    await expect(page.getByText("No background checks submitted yet")).toBeVisible();
    expect(await app.db.select().from(backgroundChecks)).toEqual([]);
    expect(await app.s3.listKeys()).toEqual([]);
  });
});
