import { describe, expect, it } from "vitest";
import { oneBackend } from "./support/database";
import { useFakeClientServer } from "./support/fake-client";
import { useTestDatabase } from "./support/fixture";

/**
 * How the server answers page paths (ADR 0064): the static site's public pages with 200 and
 * their built file, the browser app's routes with 200 (the prerendered shell of their route
 * (ADR 0041), else the SPA fallback), every other path with 404 and the site's not-found page,
 * API paths with the JSON 404. The builds are minimal fakes with marked pages.
 */
describe.each(oneBackend())("page status codes on $name", (backend) => {
  const database = useTestDatabase(backend);
  const app = useFakeClientServer(
    database,
    {
      // The static site; `/developer-api-login` is missing from this build.
      "site/index.html": "PAGE:home",
      "site/calculator/index.html": "PAGE:calculator",
      "site/schnucks/index.html": "PAGE:schnucks",
      "site/retailer-login/index.html": "PAGE:retailer-login",
      "site/accelerometer/index.html": "PAGE:imu",
      "site/es/accelerometer/index.html": "PAGE:imu-es",
      "site/404.html": "PAGE:not-found",
      // The browser app: its SPA fallback, and the shells of its pages (ADR 0041); `/sign-in`'s
      // is missing from this build.
      "client/index.html": "PAGE:spa-fallback",
      "client/admin/login/index.html": "PAGE:admin-login-shell",
      "client/admin/dashboard/index.html": "PAGE:admin-dashboard-shell",
      "client/dashboard/index.html": "PAGE:dashboard-shell",
      "client/verify/index.html": "PAGE:verify-shell",
      "client/accept-invitation/index.html": "PAGE:accept-invitation-shell",
      // A stale shell of the IMU demo from before it was a page of the site (ADR 0080): never sent.
      "client/accelerometer/index.html": "PAGE:accelerometer-shell",
    },
    {
      "site/partners/logo.svg": "<svg/>",
      "client/assets/app-1.js": "1",
      "site/_astro/page.1.js": "2",
      "site/sitemap-index.xml": "<sitemapindex/>",
    },
  );

  it.each([
    ["/", "PAGE:home"],
    ["/calculator", "PAGE:calculator"],
    ["/calculator/", "PAGE:calculator"],
    ["/schnucks", "PAGE:schnucks"],
    ["/retailer-login", "PAGE:retailer-login"],
    // Paths match any case but a demo slug's, as they did in the browser app.
    ["/Calculator", "PAGE:calculator"],
    ["/admin/login", "PAGE:admin-login-shell"],
    ["/admin/dashboard", "PAGE:admin-dashboard-shell"],
    ["/dashboard?tab=checks", "PAGE:dashboard-shell"],
    ["/Dashboard", "PAGE:dashboard-shell"],
    ["/verify", "PAGE:verify-shell"],
    ["/verify/", "PAGE:verify-shell"],
    ["/verify/some-token", "PAGE:verify-shell"],
    ["/accept-invitation/some-token", "PAGE:accept-invitation-shell"],
    // The IMU demo, a page of the site in both languages (ADR 0080); any other path containing
    // "accelerometer" gets the English one (docs/product.md#2-pages).
    ["/accelerometer", "PAGE:imu"],
    ["/es/accelerometer", "PAGE:imu-es"],
    ["/accelerometer/live", "PAGE:imu"],
    ["/accelerometer/live/x", "PAGE:imu"],
    ["/labs/Accelerometer-demo", "PAGE:imu"],
    ["/es/labs/accelerometer", "PAGE:imu"],
    // A shell this build lacks: the SPA fallback.
    ["/sign-in", "PAGE:spa-fallback"],
  ])("answers the app's page %s with 200", async (pathname, marker) => {
    const response = await app.server.request("GET", pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.body).toContain(marker);
  });

  it.each(["/verify/some-token", "/accept-invitation/some-token"])(
    "sends the shell of the token page %s without a referrer",
    async (pathname) => {
      const response = await app.server.request("GET", pathname);
      expect(response.body).toContain("-shell");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    },
  );

  it.each([
    "/no-such-page",
    "/404",
    "/calculator/extra",
    "/Schnucks",
    "/verify/a/b",
    "/admin",
    "/partners",
    // A public page the site's build lacks: not-found, not the browser app (it has no such page).
    "/developer-api-login",
  ])("answers the unknown path %s with 404 and the not-found page", async (pathname) => {
    const response = await app.server.request("GET", pathname);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.body).toContain("PAGE:not-found");
  });

  it("sends the sitemap's old address, /sitemap.xml, permanently to the sitemap index", async () => {
    const response = await fetch(`${app.server.baseUrl}/sitemap.xml`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/sitemap-index.xml");
    const index = await app.server.request("GET", "/sitemap-index.xml");
    expect(index.status).toBe(200);
    expect(index.body).toContain("<sitemapindex/>");
  });

  it("answers a malformed escape with a clean 400, not a 500", async () => {
    expect((await app.server.request("GET", "/%E0%A4%A")).status).toBe(400);
  });

  it("answers HEAD for an unknown path with 404 too", async () => {
    expect((await app.server.request("HEAD", "/no-such-page")).status).toBe(404);
  });

  it("keeps JSON 404s for API paths and missing files", async () => {
    const api = await app.server.request("GET", "/api/no-such-endpoint");
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ code: "NOT_FOUND" });
    // The bare prefix (also what "/api/x/../.." resolves to) is an API path, not a page.
    for (const bare of ["/api", "/api/x/.."]) {
      const answer = await app.server.request("GET", bare);
      expect(answer.status, bare).toBe(404);
      expect(answer.body, bare).toMatchObject({ code: "NOT_FOUND" });
    }
    const file = await app.server.request("GET", "/partners/missing.svg");
    expect(file.status).toBe(404);
    expect((await app.server.request("GET", "/partners/logo.svg")).status).toBe(200);
  });

  it("serves both builds' hashed assets for a year, and other files never cached", async () => {
    for (const asset of ["/assets/app-1.js", "/_astro/page.1.js"]) {
      const response = await app.server.request("GET", asset);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get("cache-control"), asset).toBe("public, max-age=31536000, immutable");
    }
    const logo = await app.server.request("GET", "/partners/logo.svg");
    expect(logo.headers.get("cache-control")).toBe("no-cache");
  });
});
