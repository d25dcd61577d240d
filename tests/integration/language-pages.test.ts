import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "./support/database";
import { useTestDatabase } from "./support/fixture";
import { startTestServer, type TestServer } from "./support/test-app";

/**
 * Spanish twins of the public pages (issue #12 item 1, ADR 0022): `/es/…` pages answer 200, and a
 * page that exists in both languages follows the `lang` cookie with a 302 (`Vary: Cookie`).
 * The client directory is a minimal fake build with marked pages.
 */
function fakeClientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "aisleiq-client-"));
  const page = (file: string, marker: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `<!doctype html><html><body>${marker}</body></html>`);
  };
  page("index.html", "PAGE:home");
  page("__spa-fallback.html", "PAGE:spa-fallback");
  page("calculator/index.html", "PAGE:calculator");
  page("es/index.html", "PAGE:es-home");
  page("es/calculator/index.html", "PAGE:es-calculator");
  page("es/schnucks/index.html", "PAGE:es-schnucks");
  page("404/index.html", "PAGE:not-found");
  return dir;
}

describe.each(testBackends())("Spanish pages and the lang cookie on $name", (backend) => {
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
    ["/es", "PAGE:es-home"],
    ["/es/", "PAGE:es-home"],
    ["/es/calculator", "PAGE:es-calculator"],
    ["/es/schnucks", "PAGE:es-schnucks"],
  ])("answers %s with its Spanish page when no language is chosen", async (pathname, marker) => {
    const response = await server.request("GET", pathname);
    expect(response.status).toBe(200);
    expect(response.body).toContain(marker);
    expect(response.headers.get("vary")).toContain("Cookie");
  });

  it.each(["/es/no-such-page", "/es/dashboard", "/es/ES/schnucks"])(
    "answers %s with 404",
    async (pathname) => {
      expect((await server.request("GET", pathname)).status).toBe(404);
    },
  );

  it.each([
    ["/", "lang=es", "/es/"],
    ["/calculator?cartSize=50", "lang=es", "/es/calculator?cartSize=50"],
    ["/es/", "lang=en", "/"],
    ["/es/calculator", "lang=en", "/calculator"],
  ])("redirects %s with cookie %s to %s", async (pathname, cookie, location) => {
    const response = await fetch(`${server.baseUrl}${pathname}`, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it.each([
    ["/", "lang=en", "PAGE:home"],
    ["/es/calculator", "lang=es", "PAGE:es-calculator"],
    ["/", "lang=fr", "PAGE:home"],
    ["/dashboard", "lang=es", "PAGE:spa-fallback"],
  ])("serves %s with cookie %s without a redirect", async (pathname, cookie, marker) => {
    const response = await server.request("GET", pathname, { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toContain(marker);
  });
});
