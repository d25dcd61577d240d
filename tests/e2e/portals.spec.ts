import { axe } from "./support/axe";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { holdModule, islandModule, islandOf } from "./support/islands";

const PORTALS = [
  ["/developer-api-login", "API Portal", "Access API Portal"],
  ["/documentation-login", "Documentation", "Access Documentation"],
  ["/developer-sdk-login", "SDK Portal", "Access SDK Portal"],
  ["/retailer-login", "Retailer Portal", "Access Retailer Portal"],
  ["/plugins-login", "Plugins Portal", "Access Plugins Portal"],
] as const;

test("each portal is prerendered with its title, card and the documented submit text", async ({
  app,
  page,
  request,
}) => {
  for (const [path, title, submit] of PORTALS) {
    const html = await (await request.get(`${app.baseUrl}${path}`)).text();
    expect(html, `${path} is served as HTML that already holds its content`).toContain(submit);
    expect(html).toContain(`<title>${title} · AisleIQ</title>`);

    await page.goto(`${app.baseUrl}${path}`);
    await expect(page).toHaveTitle(`${title} · AisleIQ`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: submit })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Forgot Password" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Sign in to/);
  }
});

test("submitting validates, makes no server call, and says access is by invitation", async ({
  app,
  page,
}) => {
  const apiCalls: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname.startsWith("/api/")) apiCalls.push(req.url());
  });
  const consoleText: string[] = [];
  page.on("console", (message) => consoleText.push(message.text()));

  await page.goto(`${app.baseUrl}/retailer-login`);
  const submit = page.getByRole("button", { name: "Access Retailer Portal" });
  await submit.click();
  await expect(page.getByText("Please enter your email address.")).toBeVisible();
  await expect(page.getByText("Please enter your password.")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();

  await page.getByLabel("Email").fill("manager@store");
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await submit.click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Access is by invitation")).toHaveCount(0);

  await page.getByLabel("Email").fill("manager@store.example");
  await submit.click();
  await expect(page.getByText("Access is by invitation")).toBeVisible();
  await expect(
    page.getByText("The Retailer Portal opens to invited accounts only.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  expect(page.url()).toBe(`${app.baseUrl}/retailer-login`);
  expect(apiCalls).toEqual([]);
  expect(consoleText.join("\n")).not.toContain("correct horse battery");

  // Forgot Password leads somewhere helpful, not to a dead `#`.
  await page.getByRole("button", { name: "Forgot Password" }).click();
  await expect(page.getByText("No password to reset")).toBeVisible();
});

test("Sign Up opens the Get Started form", async ({ app, page }) => {
  await page.goto(`${app.baseUrl}/developer-api-login`);
  await page.getByRole("button", { name: "Sign Up" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Get Started" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("axe finds no WCAG 2.2 AA violations on a login portal, empty, invalid and with the notice", async ({
  app,
  page,
}) => {
  await page.goto(`${app.baseUrl}/developer-sdk-login`);
  await expect(page.getByRole("button", { name: "Access SDK Portal" })).toBeVisible();
  expect((await axe(page).analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "Access SDK Portal" }).click();
  await expect(page.getByText("Please enter your password.")).toBeVisible();
  expect((await axe(page).analyze()).violations).toEqual([]);
  await page.getByLabel("Email").fill("dev@example.com");
  await page.getByLabel("Password", { exact: true }).fill("secret");
  await page.getByRole("button", { name: "Access SDK Portal" }).click();
  await expect(page.getByText("Access is by invitation")).toBeVisible();
  expect((await axe(page).analyze()).violations).toEqual([]);
});

test("portal pages look right at 1280 px and 390 px", async ({ app, page }) => {
  // A layout check: it acts once the page is live (gotoHydrated). Typing and clicking before
  // an island has hydrated are the dialogs' and forms' specs' subject (ADR 0064).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await gotoHydrated(page, `${app.baseUrl}/retailer-login`);
    await page.getByRole("button", { name: "Access Retailer Portal" }).click();
    await page.screenshot({ path: `/tmp/shots-portals-retailer-invalid-${width}.png`, fullPage: true });
    await page.getByLabel("Email").fill("manager@store.example");
    await page.getByLabel("Password", { exact: true }).fill("secret");
    await page.getByRole("button", { name: "Access Retailer Portal" }).click();
    await expect(page.getByText("Access is by invitation")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, `no horizontal overflow at ${width} px`).toBe(false);
    await page.screenshot({ path: `/tmp/shots-portals-retailer-${width}.png`, fullPage: true });
  }
});

test("what is typed and submitted before the form has loaded is handled once it has, never sent as a URL", async ({
  app,
  page,
}) => {
  const module = await islandModule(`${app.baseUrl}/retailer-login`, "LoginPortalEn");
  const held = await holdModule(page, module);
  const apiCalls: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname.startsWith("/api/")) apiCalls.push(req.url());
  });
  await page.goto(`${app.baseUrl}/retailer-login`);
  await page.getByLabel("Email").fill("manager@store.example");
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await held.asked;
  await expect(islandOf(page, module)).toHaveAttribute("ssr", "");
  expect(page.url()).toBe(`${app.baseUrl}/retailer-login`);
  held.release();
  await expect(page.getByText("Access is by invitation")).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  expect(page.url()).toBe(`${app.baseUrl}/retailer-login`);
  expect(apiCalls).toEqual([]);
});
