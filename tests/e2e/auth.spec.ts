import { extractLink } from "../support/smtp-sink";
import { blockThirdPartyHosts, expect, test } from "./support/fixtures";
import { startAppServer } from "./support/server";

let app: Awaited<ReturnType<typeof startAppServer>>;

test.beforeAll(async () => {
  app = await startAppServer();
});
test.afterAll(async () => {
  await app?.stop();
});

test("first admin: setup, emailed magic link, dashboard, sign out, protected route shows login", async ({
  page,
}) => {
  // 1. Setup page: no admin exists yet, so /admin/login offers setup.
  await page.goto(`${app.baseUrl}/admin/login`);
  await expect(page.getByRole("heading", { name: "Setup Admin Account" })).toBeVisible();
  await page.getByLabel("Full Name").fill("Ada Admin");
  await page.getByLabel("Email").fill("Ada@Example.com");
  await page.getByRole("button", { name: "Create Admin Account" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText("We sent a secure login link to Ada@Example.com.")).toBeVisible();
  await expect(page.getByText("Admin Account Created", { exact: true })).toBeVisible();

  // 2. Read the email from the SMTP sink.
  const email = await app.smtp.nextEmail("ada@example.com");
  expect(email.raw).toContain("expires in 15 minutes");
  const link = extractLink(email.raw, "/verify");
  expect(link.startsWith(`${app.baseUrl}/verify/`)).toBe(true);

  // 3. Open the link: it verifies and redirects to the dashboard after 2 s.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Login Successful!" })).toBeVisible();

  // 4. Dashboard with the profile card.
  await page.waitForURL(`${app.baseUrl}/dashboard`, { timeout: 10_000 });
  await expect(page.getByText("Ada Admin").first()).toBeVisible();
  await expect(page.getByText("ada@example.com")).toBeVisible();
  await expect(page.locator("dd").getByText("Admin", { exact: true })).toBeVisible();
  await expect(page.getByText("Never")).toHaveCount(0);

  // The admin dashboard greets the admin with a role badge.
  await page.goto(`${app.baseUrl}/admin/dashboard`);
  await expect(page.getByRole("heading", { name: "Welcome back, Ada Admin" })).toBeVisible();

  // 5. Sign out.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();

  // 6. A protected route now sends a visitor to the sign-in entry of its audience (ADR 0038).
  await page.goto(`${app.baseUrl}/dashboard`);
  await page.waitForURL(`${app.baseUrl}/sign-in`);
  await expect(page.getByRole("heading", { name: "Sign in to AisleIQ" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Secure Login Link" })).toBeVisible();
  await expect(page).toHaveTitle("Sign in to AisleIQ · AisleIQ");
  await page.goto(`${app.baseUrl}/admin/dashboard`);
  await page.waitForURL(`${app.baseUrl}/admin/login`);
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();

  // The used link cannot sign in again.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Login" })).toBeVisible();
});

test("returning user: magic link request shows Check Your Email", async ({ page }) => {
  await page.goto(`${app.baseUrl}/admin/login`);
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  await page.getByRole("button", { name: "Send Secure Login Link" }).click();
  await expect(page.getByText("Email Required", { exact: true })).toBeVisible();
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByRole("button", { name: "Send Secure Login Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const email = await app.smtp.nextEmail("ada@example.com");
  await page.goto(extractLink(email.raw, "/verify"));
  await page.waitForURL(`${app.baseUrl}/dashboard`, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
});

test("a magic link opened in a second browser shows 'Continue as …' and signs in only after the click", async ({
  page,
  browser,
}) => {
  // Requested in this browser...
  await page.goto(`${app.baseUrl}/admin/login`);
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByRole("button", { name: "Send Secure Login Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const link = extractLink((await app.smtp.nextEmail("ada@example.com")).raw, "/verify");

  // ...opened in another one (a phone's mail app, a mail scanner running the page).
  const other = await browser.newContext();
  await blockThirdPartyHosts(other);
  try {
    const second = await other.newPage();
    await second.goto(link);
    await expect(second.getByRole("heading", { name: "Confirm Sign-In" })).toBeVisible();
    const continueAs = second.getByRole("button", { name: "Continue as a•••@example.com" });
    await expect(continueAs).toBeVisible();
    // Loading the page used nothing: no session here, and a reload still offers the click.
    expect((await second.request.get(`${app.baseUrl}/api/auth/me`)).status()).toBe(401);
    await second.reload();
    await expect(continueAs).toBeVisible();
    await expect(second.getByRole("heading", { name: "Login Successful!" })).toHaveCount(0);

    await continueAs.click();
    await expect(second.getByRole("heading", { name: "Login Successful!" })).toBeVisible();
    await second.waitForURL(`${app.baseUrl}/dashboard`, { timeout: 10_000 });
    await expect(second.getByRole("heading", { name: "Profile" })).toBeVisible();
  } finally {
    await other.close();
  }

  // The link is spent: the browser that asked for it is told so.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
});

test("unknown routes show the 404 page and unknown API paths answer JSON", async ({ page, request }) => {
  await page.goto(`${app.baseUrl}/no-such-page`);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  const response = await request.get(`${app.baseUrl}/api/no-such-endpoint`);
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
});
