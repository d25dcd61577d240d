import type { Page } from "@playwright/test";
import { extractLink } from "../support/smtp-sink";
import { signAuthorization } from "./support/authorization";
import { axeViolations } from "./support/axe";
import { expect, persona, type TestApp, test } from "./support/fixtures";

/**
 * The portal's business flow through the UI: an admin creates a company and invites
 * a company admin; the company admin invites a user; the user accepts through the emailed link
 * and uploads two files while the progress bar moves; the company admin approves with notes;
 * the user sees Approved and the notes. The journey's invitations are accepted through their
 * emailed links (the one spec whose subject that is); the admin starts signed in through the
 * seeding harness (ADR 0045), on an app of the test's own (the dashboard counts the whole
 * database).
 */

/** Opens the newest invitation link sent to `email` and creates the account. */
async function acceptInvitation(app: TestApp, page: Page, email: string, fullName: string) {
  const mail = await app.smtp.nextEmail(email);
  expect(mail.raw).toContain("expires in 7 days");
  const link = extractLink(mail.raw, "/accept-invitation");
  expect(link.startsWith(`${app.baseUrl}/accept-invitation/`)).toBe(true);
  await page.goto(link);
  await expect(page.getByText("Create Account").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Full Name Required", { exact: true })).toBeVisible();
  await page.getByLabel("Full Name").fill(fullName);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account Created!", { exact: true })).toBeVisible();
  await page.waitForURL(`${app.baseUrl}/dashboard`);
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
}

function pdf(size: number): Buffer {
  const head = Buffer.from(
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  );
  const out = Buffer.alloc(size, 0x20);
  head.copy(out);
  return out;
}
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("invite, accept, upload with progress, approve with notes, see Approved", async ({
  emptyApp: app,
  browser,
}) => {
  test.setTimeout(180_000);

  // 1. The first admin, signed in (tests/e2e/auth.spec.ts signs in through the pages), creates a
  //    company and invites a company admin into it.
  const admin = await persona(browser);
  await app.signedIn(admin.context, { email: "ada@example.com", fullName: "Ada Admin", role: "admin" });
  await admin.page.goto(`${app.baseUrl}/admin/dashboard`);
  await expect(admin.page.getByRole("heading", { name: "Welcome back, Ada Admin" })).toBeVisible();
  await expect(admin.page.getByText("No background checks submitted yet")).toBeVisible();
  await expect(admin.page.getByTestId("stat-totalUsers")).toHaveText("1");
  await expect(admin.page.getByTestId("stat-companies")).toHaveText("0");

  await admin.page.getByLabel("Name").fill("Fresh Foods");
  await admin.page.getByLabel("Email", { exact: true }).fill("ops@freshfoods.example");
  await admin.page.getByRole("button", { name: "Add Company" }).click();
  await expect(admin.page.getByRole("list", { name: "Companies" }).getByText("Fresh Foods")).toBeVisible();
  await expect(admin.page.getByTestId("stat-companies")).toHaveText("1");

  await admin.page.getByRole("button", { name: "Invite User" }).click();
  const inviteDialog = admin.page.getByRole("dialog", { name: "Invite User" });
  await expect(inviteDialog.getByLabel("Role").locator("option")).toHaveText([
    "User",
    "Company Admin",
    "Admin",
  ]);
  await inviteDialog.getByLabel("Email", { exact: true }).fill("cara@freshfoods.example");
  await inviteDialog.getByLabel("Role").selectOption({ label: "Company Admin" });
  await inviteDialog.getByLabel("Company (Optional)").selectOption({ label: "Fresh Foods" });
  await inviteDialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(
    admin.page.getByText("User invitation has been sent successfully", { exact: true }),
  ).toBeVisible();
  await expect(inviteDialog).toBeHidden();
  await expect(admin.page.getByRole("row", { name: /cara@freshfoods\.example/ })).toContainText("Pending");

  // 2. The company admin accepts and invites a user (no Admin role, no company choice).
  const cara = await persona(browser);
  await acceptInvitation(app, cara.page, "cara@freshfoods.example", "Cara Company");
  await cara.page.goto(`${app.baseUrl}/admin/dashboard`);
  await expect(cara.page.getByRole("heading", { name: "Welcome back, Cara Company" })).toBeVisible();
  await cara.page.getByRole("button", { name: "Invite User" }).click();
  const caraDialog = cara.page.getByRole("dialog", { name: "Invite User" });
  await expect(caraDialog.getByLabel("Role").locator("option")).toHaveText(["User", "Company Admin"]);
  await expect(caraDialog.getByLabel("Company (Optional)")).toHaveCount(0);
  await caraDialog.getByLabel("Email", { exact: true }).fill("uma@freshfoods.example");
  await caraDialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(
    cara.page.getByText("User invitation has been sent successfully", { exact: true }),
  ).toBeVisible();

  // 3. The user accepts through the emailed link and uploads two files, watching progress.
  const uma = await persona(browser);
  await acceptInvitation(app, uma.page, "uma@freshfoods.example", "Uma User");
  await expect(uma.page.getByText("No background checks submitted yet")).toBeVisible();
  await expect(uma.page.getByLabel("Full Name", { exact: true })).toHaveValue("Uma User");
  const submit = uma.page.getByRole("button", { name: "Submit Background Check" });
  // Pressed with no file, it says what is missing (the spec's toast) instead of doing nothing.
  await submit.click();
  await expect(uma.page.getByText("Files Required", { exact: true })).toBeVisible();
  // The toast and the same words under the file field.
  await expect(
    uma.page.getByText("Please upload at least one document for your background check", { exact: true }),
  ).toHaveCount(2);
  await uma.page
    .locator("#check-files")
    .setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
  await expect(uma.page.getByText("notes.txt is not a supported file type", { exact: true })).toBeVisible();
  await uma.page.locator("#check-files").setInputFiles([
    { name: "passport.pdf", mimeType: "application/pdf", buffer: pdf(768 * 1024) },
    { name: "photo.png", mimeType: "image/png", buffer: PNG },
  ]);
  await expect(uma.page.getByText("passport.pdf")).toBeVisible();
  await expect(uma.page.getByText("768 KB")).toBeVisible();
  await expect(submit).toBeEnabled();
  await signAuthorization(uma.page, "Uma User");

  // Slow the upload down so the progress bar is seen moving (Chromium network emulation).
  const cdp = await uma.context.newCDPSession(uma.page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await submit.click();
  const bar = uma.page.getByRole("progressbar", { name: "Upload progress" });
  await expect(bar).toBeVisible();
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const value = await bar.getAttribute("aria-valuenow", { timeout: 1000 }).catch(() => null);
        if (value !== null) seen.add(Number(value));
        return [...seen].some((percent) => percent > 0 && percent < 100);
      },
      { intervals: [50], timeout: 15_000 },
    )
    .toBe(true);
  await expect(uma.page.getByText("Background Check Submitted", { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const myCheck = uma.page.getByTestId("my-check");
  await expect(myCheck).toContainText("Pending");
  await expect(myCheck).toContainText("2 files");

  // 4. The company admin reviews: files listed, Update Status disabled until a status is chosen.
  await cara.page.reload();
  await expect(cara.page.getByTestId("stat-pendingChecks")).toHaveText("1");
  await cara.page.getByRole("button", { name: "Review background check of Uma User" }).click();
  const review = cara.page.getByRole("dialog", { name: "Review Background Check" });
  await expect(review.getByText("passport.pdf")).toBeVisible();
  await expect(review.getByText("PDF · 768 KB")).toBeVisible();
  await expect(review.getByText("photo.png")).toBeVisible();
  await expect(review.getByRole("link", { name: "Download passport.pdf" })).toHaveAttribute(
    "href",
    /\/api\/background-checks\/\d+\/files\/\d+$/,
  );
  await expect(review.getByLabel("Review Notes")).toHaveAttribute("rows", "4");
  const update = review.getByRole("button", { name: "Update Status" });
  await expect(update).toBeDisabled();
  expect(await axeViolations(cara.page)).toEqual([]);
  await review.getByLabel("Status").selectOption({ label: "Approved" });
  await review.getByLabel("Review Notes").fill("All documents verified. Welcome aboard!");
  await expect(update).toBeEnabled();
  await update.click();
  await expect(cara.page.getByText("Status has been updated successfully", { exact: true })).toBeVisible();
  await expect(review).toBeHidden();
  await expect(
    cara.page.getByRole("region", { name: "Background Checks" }).getByRole("row", { name: /Uma User/ }),
  ).toContainText("Approved");
  await expect(cara.page.getByTestId("stat-approved")).toHaveText("1");

  // 5. The user sees the Approved badge and the notes.
  await uma.page.reload();
  await expect(myCheck).toContainText("Approved");
  await expect(myCheck).toContainText("All documents verified. Welcome aboard!");
  await expect(myCheck).toContainText("Reviewed");
  expect(await axeViolations(uma.page)).toEqual([]);

  // The admin sees the same check; the company admin's company is the only one they manage.
  await admin.page.reload();
  await expect(
    admin.page.getByRole("region", { name: "Background Checks" }).getByRole("row", { name: /Uma User/ }),
  ).toContainText("Approved");
  await expect(admin.page.getByTestId("stat-totalUsers")).toHaveText("3");
  expect(await axeViolations(admin.page)).toEqual([]);

  for (const who of [admin, cara, uma]) await who.context.close();
});

test("an invalid invitation link shows Invalid Invitation with a way home", async ({ app, page }) => {
  await page.goto(`${app.baseUrl}/accept-invitation/${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  await expect(
    page.getByText("The invitation link is invalid or has expired", { exact: true }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Go to Homepage" }).click();
  await page.waitForURL(`${app.baseUrl}/`);
});
