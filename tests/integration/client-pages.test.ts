import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "./support/database";
import { useTestDatabase } from "./support/fixture";
import { startTestServer, type TestServer } from "./support/test-app";

/**
 * How the server answers page paths (issue #12): the app's routes with 200 (their prerendered
 * page, else the SPA fallback), every other path with 404 and the prerendered not-found page,
 * API paths with the JSON 404. The client directory is a minimal fake build with marked pages.
 */

/** A fake build: each page's body says which file it is. */
function fakeClientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "aisleiq-client-"));
  const page = (file: string, marker: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `<!doctype html><html><body>${marker}</body></html>`);
  };
  page("index.html", "PAGE:home");
  page("__spa-fallback.html", "PAGE:spa-fallback");
  page("calculator/index.html", "PAGE:calculator");
  page("schnucks/index.html", "PAGE:schnucks");
  page("retailer-login/index.html", "PAGE:retailer-login");
  page("404/index.html", "PAGE:not-found");
  mkdirSync(path.join(dir, "partners"));
  writeFileSync(path.join(dir, "partners", "logo.svg"), "<svg/>");
  return dir;
}

describe.each(testBackends())("page status codes on $name", (backend) => {
  const database = useTestDatabase(backend);
  let clientDir: string;
  let server: TestServer;

  beforeAll(async () => {
    clientDir = fakeClientDir();
    server = await startTestServer({
      db: database.handle,
      env: { CLIENT_DIR: clientDir },
      serveClient: true,
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    ["/", "PAGE:home"],
    ["/calculator", "PAGE:calculator"],
    ["/calculator/", "PAGE:calculator"],
    ["/schnucks", "PAGE:schnucks"],
    ["/retailer-login", "PAGE:retailer-login"],
    ["/developer-api-login", "PAGE:spa-fallback"],
    ["/Calculator", "PAGE:spa-fallback"],
    ["/admin/login", "PAGE:spa-fallback"],
    ["/admin/dashboard", "PAGE:spa-fallback"],
    ["/dashboard?tab=checks", "PAGE:spa-fallback"],
    ["/verify", "PAGE:spa-fallback"],
    ["/verify/some-token", "PAGE:spa-fallback"],
    ["/accept-invitation/some-token", "PAGE:spa-fallback"],
    ["/accelerometer", "PAGE:spa-fallback"],
    ["/accelerometer/live", "PAGE:spa-fallback"],
    ["/labs/Accelerometer-demo", "PAGE:spa-fallback"],
  ])("answers the app's page %s with 200", async (pathname, marker) => {
    const response = await server.request("GET", pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.body).toContain(marker);
  });

  it.each(["/no-such-page", "/404", "/calculator/extra", "/Schnucks", "/verify/a/b", "/admin", "/partners"])(
    "answers the unknown path %s with 404 and the not-found page",
    async (pathname) => {
      const response = await server.request("GET", pathname);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.body).toContain("PAGE:not-found");
    },
  );

  it("answers a malformed escape with a clean 400, not a 500", async () => {
    expect((await server.request("GET", "/%E0%A4%A")).status).toBe(400);
  });

  it("answers HEAD for an unknown path with 404 too", async () => {
    expect((await server.request("HEAD", "/no-such-page")).status).toBe(404);
  });

  it("keeps JSON 404s for API paths and missing files", async () => {
    const api = await server.request("GET", "/api/no-such-endpoint");
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ code: "NOT_FOUND" });
    const file = await server.request("GET", "/partners/missing.svg");
    expect(file.status).toBe(404);
    expect((await server.request("GET", "/partners/logo.svg")).status).toBe(200);
  });
});
