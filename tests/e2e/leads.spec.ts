import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { decodeQuotedPrintable } from "../support/smtp-sink";
import { axe } from "./support/axe";
import { expect, SALES_EMAIL, type TestApp, test } from "./support/fixtures";

/**
 * Leads in the admin dashboard: a Get Started lead reaches sales and the admin's
 * Leads section, where it is searched and exported. On an app of the test's own (the section
 * lists every lead), with the admin signed in through the seeding harness (ADR 0045).
 */

const ADMIN = "lena.admin@example.com";

async function postLead(app: TestApp, page: Page, lead: Record<string, string>) {
  const response = await page.request.post(`${app.baseUrl}/api/send-get-started-email`, {
    data: { lastName: "Nguyen", phone: "(314) 555-0100", planTitle: "Optimal", ...lead },
  });
  expect(response.status()).toBe(201);
}

test("a Get Started lead reaches sales and the admin's Leads section, where it can be searched and exported", async ({
  emptyApp: app,
  page,
}) => {
  await postLead(app, page, { firstName: "Mai", company: "Corner Mart", email: "mai@cornermart.example" });
  await postLead(app, page, {
    firstName: "Omar",
    company: "Stadium Eats",
    email: "omar@stadium.example",
    planTitle: "Unlimited",
  });
  const notice = await app.smtp.nextEmail(SALES_EMAIL);
  expect(decodeQuotedPrintable(notice.raw)).toContain("Corner Mart");
  const thanks = await app.smtp.nextEmail("mai@cornermart.example");
  expect(decodeQuotedPrintable(thanks.raw)).toContain(
    "Congratulations you are on the way to the future of retail!",
  );

  await app.signedIn(page.context(), { email: ADMIN, fullName: "Lena Admin", role: "admin" });
  await page.goto(`${app.baseUrl}/admin/dashboard`);
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Leads", exact: true }) });
  await expect(section).toBeVisible();
  const rows = section.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.nth(0)).toContainText("Omar Nguyen");
  await expect(rows.nth(0)).toContainText("Stadium Eats");
  await expect(rows.nth(0)).toContainText("Unlimited");
  await expect(rows.nth(1)).toContainText("Mai Nguyen");
  await expect(rows.nth(1)).toContainText("mai@cornermart.example");
  await expect(rows.nth(1)).toContainText("(314) 555-0100");
  expect((await axe(page).include("main").analyze()).violations).toEqual([]);
  await page.screenshot({ path: "/tmp/shots-leads-1280.png", fullPage: true });

  await section.getByLabel("Search leads").fill("corner");
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText("Mai Nguyen");
  await expect(section.getByRole("link", { name: /Export/ })).toHaveAttribute(
    "href",
    "/api/leads?format=csv&q=corner",
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: /Export/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^aisleiq-leads-[\d-]+\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  // A byte-order mark, then every cell quoted (spreadsheets open it as written).
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const records: string[][] = parse(csv, { bom: true });
  expect(records[0]?.slice(0, 8)).toEqual([
    "id",
    "receivedAt",
    "firstName",
    "lastName",
    "company",
    "email",
    "phone",
    "plan",
  ]);
  expect(records.map((record) => record.slice(2, 8).join("|"))).toContain(
    "Mai|Nguyen|Corner Mart|mai@cornermart.example|(314) 555-0100|Optimal",
  );
  expect(csv).not.toContain("Omar");

  await section.getByLabel("Search leads").fill("nobody-like-this");
  await expect(section.getByText("No leads match “nobody-like-this”.")).toBeVisible();

  await section.getByLabel("Search leads").fill("");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section.locator("li")).toHaveCount(2);
  await expect(section.locator("li").first()).toContainText("Omar Nguyen");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/shots-leads-390.png", fullPage: true });
});
