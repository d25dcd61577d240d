import type { Page } from "@playwright/test";
import { signAuthorization } from "./support/authorization";
import { axeViolations } from "./support/axe";
import { expect, persona, type TestApp, test } from "./support/fixtures";

/**
 * Finding one's way in the portal by clicking: an admin signs in and
 * reaches the admin dashboard through the header; a company admin accepts her invitation and
 * reaches the review screen by clicking; a keyboard-only review returns focus to the Review
 * button. axe finds no WCAG 2.2 AA violation on either dashboard at 1280 and 390 px.
 * These journeys do not depend on the user-management API. The admin starts signed in and the
 * invitations are accepted through the seeding harness (ADR 0045), on an app of the test's own
 * (the admin dashboard shows the whole database).
 */

/** axe at desktop and phone width, and nothing wider than a 390 px screen. */
async function checkBothWidths(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("navigation", { name: "Portal" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const portalNav = (page: Page) => page.getByRole("navigation", { name: "Portal" });

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Accepts the invitation sent to `email` as `fullName`, signed in in `page`; ends on /dashboard. */
async function acceptInvitation(app: TestApp, page: Page, email: string, fullName: string) {
  await app.acceptInvitation(page.context(), email, fullName);
  await page.goto(`${app.baseUrl}/dashboard`);
}

test("admin and company admin find the admin area and review a check by keyboard", async ({
  emptyApp: app,
  browser,
}) => {
  test.setTimeout(180_000);

  // 1. The first admin, signed in, is on /dashboard (where sign-in lands, docs/product.md#2-pages;
  //    tests/e2e/auth.spec.ts follows the emailed link there).
  const admin = await persona(browser);
  await app.signedIn(admin.context, { email: "ada@example.com", fullName: "Ada Admin", role: "admin" });
  await admin.page.goto(`${app.baseUrl}/dashboard`);
  await expect(admin.page.getByTestId("portal-user-name")).toHaveText("Signed in as Ada Admin");
  await expect(portalNav(admin.page).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await checkBothWidths(admin.page);

  // 2. …and reaches the admin dashboard by clicking the header's Admin link.
  await portalNav(admin.page).getByRole("link", { name: "Admin" }).click();
  await admin.page.waitForURL(`${app.baseUrl}/admin/dashboard`);
  await expect(admin.page.getByRole("heading", { name: "Welcome back, Ada Admin" })).toBeVisible();
  await expect(portalNav(admin.page).getByRole("link", { name: "Admin" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(admin.page.getByText("No background checks submitted yet")).toBeVisible();
  await checkBothWidths(admin.page);

  // Signed in, /admin/login sends a manager to the admin dashboard.
  await admin.page.goto(`${app.baseUrl}/admin/login`);
  await admin.page.waitForURL(`${app.baseUrl}/admin/dashboard`);

  // 3. The admin creates a company and invites a company admin and a user into it.
  await admin.page.getByLabel("Name", { exact: true }).fill("Fresh Foods");
  await admin.page.getByLabel("Email", { exact: true }).fill("ops@freshfoods.example");
  await admin.page.getByRole("button", { name: "Add Company" }).click();
  await expect(admin.page.getByRole("list", { name: "Companies" }).getByText("Fresh Foods")).toBeVisible();
  for (const [email, role] of [
    ["cara@freshfoods.example", "Company Admin"],
    ["uma@freshfoods.example", "User"],
  ] as const) {
    await admin.page.getByRole("button", { name: "Invite User" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Invite User" });
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByLabel("Role").selectOption({ label: role });
    await dialog.getByLabel("Company (Optional)").selectOption({ label: "Fresh Foods" });
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(dialog).toBeHidden();
  }

  // 4. The user accepts and submits a background check.
  const uma = await persona(browser);
  await acceptInvitation(app, uma.page, "uma@freshfoods.example", "Uma User");
  await expect(portalNav(uma.page).getByRole("link")).toHaveText(["Dashboard"]);
  await expect(uma.page.getByRole("link", { name: "Go to Admin Dashboard" })).toHaveCount(0);
  await uma.page
    .locator("#check-files")
    .setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: PNG }]);
  await signAuthorization(uma.page, "Uma User");
  await uma.page.getByRole("button", { name: "Submit Background Check" }).click();
  await expect(uma.page.getByText("Background Check Submitted", { exact: true })).toBeVisible();

  // 5. The company admin accepts her invitation, lands on /dashboard and clicks her way to review.
  const cara = await persona(browser);
  await acceptInvitation(app, cara.page, "cara@freshfoods.example", "Cara Company");
  await expect(portalNav(cara.page).getByRole("link")).toHaveText(["Dashboard", "Admin"]);
  await cara.page.getByRole("link", { name: "Go to Admin Dashboard" }).click();
  await cara.page.waitForURL(`${app.baseUrl}/admin/dashboard`);
  await expect(cara.page.getByRole("heading", { name: "Welcome back, Cara Company" })).toBeVisible();
  const checks = cara.page.getByRole("region", { name: "Background Checks" });
  const reviewButton = checks.getByRole("button", { name: "Review background check of Uma User" });
  await expect(reviewButton).toBeVisible();
  await checkBothWidths(cara.page);

  // 6. Keyboard only: open Review, close with Escape (focus back), open again, approve with notes.
  await reviewButton.focus();
  await cara.page.keyboard.press("Enter");
  const review = cara.page.getByRole("dialog", { name: "Review Background Check" });
  await expect(review).toBeVisible();
  await expect(review.getByText("photo.png")).toBeVisible();
  await cara.page.keyboard.press("Escape");
  await expect(review).toBeHidden();
  await expect(reviewButton).toBeFocused();

  await cara.page.keyboard.press("Enter");
  await expect(review).toBeVisible();
  const status = review.getByLabel("Status");
  for (let presses = 0; presses < 10; presses++) {
    if (await status.evaluate((element) => element === document.activeElement)) break;
    await cara.page.keyboard.press("Tab");
  }
  await expect(status).toBeFocused();
  await cara.page.keyboard.type("Approved");
  await expect(status).toHaveValue("approved");
  await cara.page.keyboard.press("Tab");
  await expect(review.getByLabel("Review Notes")).toBeFocused();
  await cara.page.keyboard.type("Checked in person.");
  await cara.page.keyboard.press("Tab");
  await expect(review.getByRole("button", { name: "Cancel" })).toBeFocused();
  await cara.page.keyboard.press("Tab");
  await expect(review.getByRole("button", { name: "Update Status" })).toBeFocused();
  await cara.page.keyboard.press("Enter");
  await expect(cara.page.getByText("Status has been updated successfully", { exact: true })).toBeVisible();
  await expect(review).toBeHidden();
  await expect(reviewButton).toBeFocused();
  await expect(checks.getByRole("row", { name: /Uma User/ })).toContainText("Approved");

  // The user sees the review.
  await uma.page.reload();
  const myCheck = uma.page.getByTestId("my-check");
  await expect(myCheck).toContainText("Approved");
  await expect(myCheck).toContainText("Checked in person.");
  await expect(myCheck).toContainText("Reviewed");

  // Moving the check back to Pending clears the decision: no reviewed date, no old notes.
  await reviewButton.click();
  await expect(review.getByTestId("review-reviewed")).toContainText("by Cara Company");
  await review.getByLabel("Status").selectOption({ label: "Pending" });
  await review.getByRole("button", { name: "Update Status" }).click();
  await expect(review).toBeHidden();
  await expect(checks.getByRole("row", { name: /Uma User/ })).toContainText("Pending");
  await uma.page.reload();
  await expect(myCheck).toContainText("Pending");
  await expect(myCheck).not.toContainText("Reviewed");
  await expect(myCheck).not.toContainText("Checked in person.");

  for (const who of [admin, uma, cara]) await who.context.close();
});
