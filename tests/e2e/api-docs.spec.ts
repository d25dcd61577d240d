import { expect, test } from "./support/fixtures";

/**
 * The interactive API reference against the production build: `/api/docs`
 * renders the operations from `/api/openapi.json`'s document, every request it makes stays on
 * this server (no CDN: third-party hosts are blocked by the fixture and must not be asked), and
 * the browser reports no Content-Security-Policy violation.
 */

test("renders the API reference under the site's CSP, served entirely by this server", async ({
  app,
  page,
}) => {
  const consoleErrors: string[] = [];
  const violations: string[] = [];
  const foreignRequests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  page.on("request", (request) => {
    if (!request.url().startsWith(app.baseUrl) && !request.url().startsWith("data:")) {
      foreignRequests.push(request.url());
    }
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });

  const response = await page.goto(`${app.baseUrl}/api/docs`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page).toHaveTitle("AisleIQ API reference");
  await expect(page.getByRole("heading", { name: /AisleIQ API/ })).toBeVisible();
  // An operation from the document, by its path and summary.
  const readiness = page.locator(".opblock", { hasText: "/api/ready" });
  await expect(readiness).toBeVisible();
  await expect(readiness).toContainText("Readiness: the database answers");
  await readiness.locator(".opblock-summary").click();
  await expect(readiness.getByText("NOT_READY").or(readiness.getByText("503")).first()).toBeVisible();

  expect(violations).toEqual([]);
  expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
  expect(consoleErrors).toEqual([]);
  expect(foreignRequests).toEqual([]);
});

test("/api/openapi.json answers the OpenAPI document as JSON", async ({ app, request }) => {
  const response = await request.get(`${app.baseUrl}/api/openapi.json`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const document = await response.json();
  expect(document.openapi).toMatch(/^3\./);
  expect(document.paths["/api/ready"].get.summary).toMatch(/Readiness/);
});
