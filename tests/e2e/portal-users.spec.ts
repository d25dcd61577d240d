import { axeViolations } from "./support/axe";
import { expect, persona, test } from "./support/fixtures";

/**
 * User management through the UI: an admin finds a user by search,
 * deactivates her (her open session ends at once), changes her role and company, sees every
 * change (and her invitation and refused link request) in the audit trail, and deletes her (Total Users counts down). axe on the populated
 * Users section. The admin starts signed in and the invitation is accepted through the seeding
 * harness (ADR 0045), on an app of the test's own (Total Users counts the whole database).
 */

test("an admin searches, deactivates, changes and deletes a user, all in the audit trail", async ({
  emptyApp: app,
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await app.signedIn(page.context(), { email: "ada@example.com", fullName: "Ada Admin", role: "admin" });
  await page.goto(`${app.baseUrl}/dashboard`);
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Admin" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Fresh Foods");
  await page.getByLabel("Email", { exact: true }).fill("ops@freshfoods.example");
  await page.getByRole("button", { name: "Add Company" }).click();
  await expect(page.getByRole("list", { name: "Companies" }).getByText("Fresh Foods")).toBeVisible();
  await page.getByRole("button", { name: "Invite User" }).click();
  const invite = page.getByRole("dialog", { name: "Invite User" });
  await invite.getByLabel("Email", { exact: true }).fill("uma@freshfoods.example");
  await invite.getByLabel("Company (Optional)").selectOption({ label: "Fresh Foods" });
  await invite.getByRole("button", { name: "Send Invitation" }).click();
  await expect(invite).toBeHidden();

  // Uma accepts in her own browser and stays signed in there.
  const { context: umaContext, page: uma } = await persona(browser);
  await app.acceptInvitation(umaContext, "uma@freshfoods.example", "Uma User");
  await uma.goto(`${app.baseUrl}/dashboard`);
  await expect(uma.getByRole("heading", { name: "Profile" })).toBeVisible();

  // The admin finds her by search.
  await page.reload();
  await expect(page.getByTestId("stat-totalUsers")).toHaveText("2");
  const users = page.getByRole("region", { name: "Users" });
  await expect(users.getByRole("row")).toHaveCount(3);
  await users.getByLabel("Search users").fill("uma@");
  await expect(users.getByRole("row")).toHaveCount(2);
  const row = users.getByRole("row", { name: /Uma User/ });
  await expect(row).toContainText("uma@freshfoods.example");
  await expect(row).toContainText("Active");
  expect(await axeViolations(page)).toEqual([]);

  // Deactivate behind a confirm dialog: her session ends at once.
  await row.getByRole("button", { name: "Deactivate Uma User" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Deactivate Uma User?" });
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("Uma User can no longer sign in.", { exact: true })).toBeVisible();
  await expect(row).toContainText("Deactivated");
  await expect(row.getByRole("button", { name: "Reactivate Uma User" })).toBeFocused();
  // Her next page load says why and whom to ask, on her sign-in page (ADR 0038).
  await uma.reload();
  await uma.waitForURL(`${app.baseUrl}/sign-in`);
  await expect(uma.getByRole("heading", { name: "Sign in to AisleIQ" })).toBeVisible();
  await expect(uma.getByRole("alert")).toContainText("Your account is deactivated");
  await expect(uma.getByRole("alert")).toContainText("ask your company's admin");
  expect(await axeViolations(uma)).toEqual([]);
  // A link request shows the same "Check Your Email" as for anyone, and the email says why.
  await uma.getByLabel("Email").fill("uma@freshfoods.example");
  await uma.getByRole("button", { name: "Send Secure Login Link" }).click();
  await expect(uma.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const told = await app.smtp.nextEmail("uma@freshfoods.example");
  expect(told.subject).toBe("Your AisleIQ account is deactivated");
  expect(told.text).toContain("ask an admin of Fresh Foods to reactivate your account");

  // Role change to Company Admin (she keeps Fresh Foods).
  await row.getByRole("button", { name: "Edit Uma User: role or company" }).click();
  const edit = page.getByRole("dialog", { name: "Change Role or Company" });
  await edit.getByLabel("Role").selectOption({ label: "Company Admin" });
  await expect(edit).toContainText("Uma User will be Company Admin in Fresh Foods.");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("Company Admin");

  // The trail, newest first: the role change after the deactivation, and around them the
  // invitation, its acceptance and the refused link request (ADR 0057).
  const audit = page.getByRole("region", { name: "User Audit Trail" });
  await expect(audit.locator("li > div > span:first-child")).toHaveText([
    "Ada Admin changed the role of uma@freshfoods.example",
    "A sign-in link was asked for uma@freshfoods.example, whose account is deactivated",
    "Ada Admin deactivated uma@freshfoods.example",
    "uma@freshfoods.example accepted an invitation and signed in",
    "Ada Admin invited uma@freshfoods.example",
  ]);
  await expect(audit.getByRole("listitem").first()).toContainText("User → Company Admin");

  // Delete behind a confirm that says what goes.
  await row.getByRole("button", { name: "Delete Uma User" }).click();
  const remove = page.getByRole("alertdialog", { name: "Delete Uma User?" });
  await expect(remove).toContainText("background checks and every uploaded file");
  await remove.getByRole("button", { name: "Delete User" }).click();
  await expect(
    page.getByText("Uma User and their checks and files were removed.", { exact: true }),
  ).toBeVisible();
  await expect(users.getByText("No users match “uma@”.")).toBeVisible();
  await expect(page.getByTestId("stat-totalUsers")).toHaveText("1");
  await expect(audit.getByRole("listitem").first()).toContainText("Ada Admin deleted uma@freshfoods.example");

  await umaContext.close();
});
