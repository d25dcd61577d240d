import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import type { Language } from "../../src/common/languages";
import { AUDIT_CSV_COLUMNS } from "../../src/server/admin/service";
import { DISCLOSURE_VERSION } from "../../src/server/background-checks/disclosure";
import { createCompanyRow } from "../support/actors";
import { parseCsv } from "../support/csv";
import { verifyTokenFrom } from "../support/smtp-sink";
import { axeViolations } from "./support/axe";
import { onePagePdf, stripedPng } from "./support/documents";
import { clientAddress, expect, persona, type TestApp, test, uniqueEmail } from "./support/fixtures";

/**
 * The account records of docs/product.md#12-account-records through the browser: a reviewer
 * reads a PDF and a PNG inline in the Review dialog at 1280 and 390 px and decides, and each
 * applicant gets one email in her language; a person signs out her other devices and they are
 * signed out at once; the audit trail shows it and exports it. Everyone starts signed in
 * (ADR 0045); the one real sign-in (the phone's) goes through the API, for the trail to record it.
 */

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/**
 * Seeds an applicant of `companyId` in `language` and submits her check with a passport PDF and
 * a photo PNG through the upload route, as her browser's form does (the stored type comes from
 * the server's magic-byte check).
 */
async function applicantWithCheck(
  app: TestApp,
  context: BrowserContext,
  values: { email: string; fullName: string; companyId: number; language: Language },
) {
  const user = await app.createUser(values);
  await app.signIn(context, user);
  const form = new FormData();
  form.append("fullName", values.fullName);
  form.append("email", values.email);
  // The signed authorization (ADR 0084), as the form sends it.
  form.append("disclosureVersion", DISCLOSURE_VERSION);
  form.append("signatureName", values.fullName);
  form.append(
    "files",
    new Blob([new Uint8Array(onePagePdf(`Passport of ${values.fullName}`))]),
    "passport.pdf",
  );
  form.append("files", new Blob([new Uint8Array(stripedPng())]), "photo.png");
  const submitted = await context.request.post(`${app.baseUrl}/api/background-checks`, { multipart: form });
  expect(submitted.status(), await submitted.text()).toBe(201);
  return user;
}

/**
 * Asserts that `element` is drawn and lies within the page's viewport from left to right, waiting
 * for it to be laid out at its drawn size (it is visible a moment before, a pixel wide).
 */
async function fitsWidth(page: Page, element: Locator) {
  await expect(element).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  await expect(async () => {
    const box = await element.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(width / 4);
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
  }).toPass({ timeout: 10_000 });
}

/** Opens the Review dialog of `name`'s check, previews her PDF and PNG, checks them and axe. */
async function reviewWithPreviews(page: Page, name: string) {
  await page.getByRole("button", { name: `Review background check of ${name}` }).click();
  const review = page.getByRole("dialog", { name: "Review Background Check" });
  await review.getByRole("button", { name: "Preview passport.pdf" }).click();
  const pdf = review.getByRole("region", { name: "Preview of passport.pdf" });
  // PDF.js drew the page, and its text is there for screen readers.
  await fitsWidth(page, pdf.getByRole("img", { name: "Page 1 of 1 of passport.pdf" }));
  await expect(pdf.getByText(`Text of page 1: Passport of ${name}`)).toBeAttached();
  await review.getByRole("button", { name: "Preview photo.png" }).click();
  const png = review.getByRole("region", { name: "Preview of photo.png" });
  await fitsWidth(page, png.getByRole("img", { name: "photo.png, as uploaded" }));
  await expect(review.getByRole("link", { name: "Download photo.png" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  return review;
}

test("a reviewer reads a PDF and a PNG inline at 1280 and 390 px, and each decision emails the applicant once, in her language", async ({
  app,
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const companyId = await createCompanyRow(app.db, `Fresh Foods ${uniqueEmail("x@x").slice(2, 10)}`);
  await app.signedIn(page.context(), {
    email: uniqueEmail("cara@freshfoods.example"),
    fullName: "Cara Reviewer",
    role: "company_admin",
    companyId,
  });
  const applicants = await persona(browser);
  const uma = await applicantWithCheck(app, applicants.context, {
    email: uniqueEmail("uma@freshfoods.example"),
    fullName: "Uma Applicant",
    companyId,
    language: "en",
  });
  const sofia = await applicantWithCheck(app, applicants.context, {
    email: uniqueEmail("sofia@freshfoods.example"),
    fullName: "Sofia Solicitante",
    companyId,
    language: "es",
  });
  await applicants.context.close();

  // 1280 px: Uma's documents, then her approval with notes.
  await page.goto(`${app.baseUrl}/admin/dashboard`);
  let review = await reviewWithPreviews(page, "Uma Applicant");
  await review.getByLabel("Status").selectOption({ label: "Approved" });
  await review.getByLabel("Review Notes").fill("Passport and photo verified.");
  await review.getByRole("button", { name: "Update Status" }).click();
  await expect(review).toBeHidden();

  // 390 px: Sofia's documents, then her rejection.
  await page.setViewportSize({ width: 390, height: 844 });
  review = await reviewWithPreviews(page, "Sofia Solicitante");
  await review.getByLabel("Status").selectOption({ label: "Rejected" });
  await review.getByLabel("Review Notes").fill("La foto no se puede leer.");
  await review.getByRole("button", { name: "Update Status" }).click();
  await expect(review).toBeHidden();

  // First each one's signed receipt (ADR 0084), then the decision or, for a rejection, the
  // pre-adverse action notice (ADR 0083).
  expect((await app.smtp.nextEmail(uma.email)).subject).toBe("Your signed background check authorization");
  expect((await app.smtp.nextEmail(sofia.email)).subject).toBe(
    "Su autorización firmada para la verificación de antecedentes",
  );
  const toUma = await app.smtp.nextEmail(uma.email);
  expect(toUma.subject).toBe("Your AisleIQ background check was approved");
  expect(toUma.text).toContain("Hi Uma Applicant,");
  expect(toUma.text).toContain("Passport and photo verified.");
  expect(toUma.text).toContain(`${app.baseUrl}/dashboard`);
  const toSofia = await app.smtp.nextEmail(sofia.email);
  expect(toSofia.subject).toBe(
    "Aviso previo a una acción adversa sobre su verificación de antecedentes en AisleIQ",
  );
  expect(toSofia.text).toContain("Hola, Sofia Solicitante:");
  expect(toSofia.text).toContain("La foto no se puede leer.");
  // Exactly one each: nothing else waits to be sent.
  await app.outboxDrained();
  expect(app.smtp.emailsTo(uma.email)).toHaveLength(2);
  expect(app.smtp.emailsTo(sofia.email)).toHaveLength(2);
});

test("signing out the other devices ends them at once, and the audit trail shows and exports it", async ({
  app,
  page,
  browser,
}) => {
  const email = uniqueEmail("uma@freshfoods.example");
  // Uma's laptop is signed in; her phone signs in with an emailed link, through the API.
  const laptop = await persona(browser);
  await app.signedIn(laptop.context, { email, fullName: "Uma User" });
  const phone = await persona(browser, { userAgent: IPHONE_SAFARI });
  expect(
    (
      await phone.context.request.post(`${app.baseUrl}/api/auth/send-magic-link`, { data: { email } })
    ).status(),
  ).toBe(200);
  const token = verifyTokenFrom(await app.smtp.nextEmail(email), app.baseUrl);
  const verified = await phone.context.request.post(`${app.baseUrl}/api/auth/verify-magic-link`, {
    data: { token },
  });
  expect(verified.status()).toBe(200);
  expect((await phone.context.request.get(`${app.baseUrl}/api/auth/me`)).status()).toBe(200);

  await laptop.page.goto(`${app.baseUrl}/dashboard`);
  const devices = laptop.page.getByRole("region", { name: "Signed-in Devices" });
  const sessions = devices.getByTestId("session");
  await expect(sessions).toHaveCount(2);
  const other = sessions.filter({ hasText: "Safari 18.1 on iOS 18.1" });
  await expect(other).toContainText(`Phone · IP address ${clientAddress()}`);
  await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
  expect(await axeViolations(laptop.page)).toEqual([]);

  await devices.getByRole("button", { name: "Sign out all other devices" }).click();
  await expect(laptop.page.getByText("1 session was signed out.", { exact: true })).toBeVisible();
  // At once: the phone's very next request is signed out; the laptop stays.
  expect((await phone.context.request.get(`${app.baseUrl}/api/auth/me`)).status()).toBe(401);
  await expect(devices.getByText("You are signed in on this device only.")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  expect((await laptop.context.request.get(`${app.baseUrl}/api/auth/me`)).status()).toBe(200);

  // An admin finds both events in the trail, with the phone's browser and address, and exports them.
  await app.signedIn(page.context(), {
    email: uniqueEmail("ada@example.com"),
    fullName: "Ada Admin",
    role: "admin",
  });
  await page.goto(`${app.baseUrl}/admin/dashboard`);
  const audit = page.getByRole("region", { name: "User Audit Trail" });
  await audit.getByLabel("Person").fill(email);
  const entries = audit.getByRole("listitem");
  await expect(audit.locator("li > div > span:first-child")).toHaveText([
    "Uma User signed out 1 other session",
    `${email} signed in`,
    `A sign-in email with a link and a one-time code was sent to ${email}`,
  ]);
  await expect(entries.nth(1)).toContainText("With a sign-in link");
  await expect(entries.nth(1)).toContainText(`Safari 18.1 · iOS 18.1 · ${clientAddress()}`);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    audit.getByRole("link", { name: "Export CSV of the entries that match these filters" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^aisleiq-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  // A byte-order mark first (ADR 0056: spreadsheets open it as UTF-8), then the rows.
  const file = readFileSync(await download.path(), "utf8");
  expect(file.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(file.slice(1));
  expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
  const cell = (row: string[] | undefined, column: (typeof AUDIT_CSV_COLUMNS)[number]) =>
    row?.[AUDIT_CSV_COLUMNS.indexOf(column)];
  expect(rows.map((row) => [cell(row, "action"), cell(row, "targetEmail"), cell(row, "detail")])).toEqual([
    ["session_ended", email, "1"],
    ["signed_in", email, "magic_link"],
    ["sign_in_email_sent", email, ""],
  ]);
  expect(cell(rows[1], "device")).toBe("Safari 18.1 · iOS 18.1");
  expect(cell(rows[1], "ip")).toBe(clientAddress());

  for (const persona of [laptop, phone]) await persona.context.close();
});
