import { VERIFY_REDIRECT_MS } from "../../src/common/limits";
import { extractLink } from "../support/smtp-sink";
import { expect, fastForwardUntil, persona, test, uniqueEmail } from "./support/fixtures";

/**
 * Signing in (docs/product.md#2-pages): the first-admin setup on an empty database, a returning
 * admin's emailed link, and a link opened in another browser. These are the journeys whose
 * subject is the sign-in itself, so they go through the pages and the emailed link; every other
 * spec starts signed in through the seeding harness (ADR 0045). The verify page's 2 s redirect
 * runs on the page's clock (`page.clock`), fast-forwarded once the page says it signed in.
 */

test("first admin: setup, emailed magic link, dashboard, sign out, protected route shows login", async ({
  emptyApp: app,
  page,
}) => {
  await page.clock.install();
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
  await fastForwardUntil(page, VERIFY_REDIRECT_MS, () =>
    expect(page).toHaveURL(`${app.baseUrl}/dashboard`, { timeout: 1000 }),
  );

  // 4. Dashboard with the profile card.
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

test("returning user: magic link request shows Check Your Email", async ({ app, page }) => {
  const ada = uniqueEmail("ada@example.com");
  await app.createUser({ email: ada, fullName: "Ada Admin", role: "admin" });
  await page.clock.install();
  await page.goto(`${app.baseUrl}/admin/login`);
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  await page.getByRole("button", { name: "Send Secure Login Link" }).click();
  await expect(page.getByText("Email Required", { exact: true })).toBeVisible();
  await page.getByLabel("Email").fill(ada);
  await page.getByRole("button", { name: "Send Secure Login Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const email = await app.smtp.nextEmail(ada);
  await page.goto(extractLink(email.raw, "/verify"));
  await expect(page.getByRole("heading", { name: "Login Successful!" })).toBeVisible();
  await fastForwardUntil(page, VERIFY_REDIRECT_MS, () =>
    expect(page).toHaveURL(`${app.baseUrl}/dashboard`, { timeout: 1000 }),
  );
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
});

test("a magic link opened in a second browser shows 'Continue as …' and signs in only after the click", async ({
  app,
  page,
  browser,
}) => {
  const ada = uniqueEmail("ada@example.com");
  await app.createUser({ email: ada, fullName: "Ada Admin", role: "admin" });
  // Requested in this browser...
  await page.goto(`${app.baseUrl}/admin/login`);
  await page.getByLabel("Email").fill(ada);
  await page.getByRole("button", { name: "Send Secure Login Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const link = extractLink((await app.smtp.nextEmail(ada)).raw, "/verify");

  // ...opened in another one (a phone's mail app, a mail scanner running the page).
  const { context: other, page: second } = await persona(browser);
  try {
    await second.clock.install();
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
    await fastForwardUntil(second, VERIFY_REDIRECT_MS, () =>
      expect(second).toHaveURL(`${app.baseUrl}/dashboard`, { timeout: 1000 }),
    );
    await expect(second.getByRole("heading", { name: "Profile" })).toBeVisible();
  } finally {
    await other.close();
  }

  // The link is spent: the browser that asked for it is told so.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
});

test("unknown routes show the 404 page and unknown API paths answer JSON", async ({ app, page, request }) => {
  await page.goto(`${app.baseUrl}/no-such-page`);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  const response = await request.get(`${app.baseUrl}/api/no-such-endpoint`);
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
});
