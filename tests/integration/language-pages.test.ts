import { describe, expect, it } from "vitest";
import { oneBackend } from "./support/database";
import { useFakeClientServer } from "./support/fake-client";
import { useTestDatabase } from "./support/fixture";

/**
 * Spanish twins of the public pages (ADR 0022): `/es/…` pages answer 200, and a
 * page that exists in both languages follows the `lang` cookie with a 302 (`Vary: Cookie`).
 * The builds are minimal fakes with marked pages (ADR 0064).
 */
describe.each(oneBackend())("Spanish pages and the lang cookie on $name", (backend) => {
  const database = useTestDatabase(backend);
  const app = useFakeClientServer(database, {
    "site/index.html": "PAGE:home",
    "site/calculator/index.html": "PAGE:calculator",
    "site/es/index.html": "PAGE:es-home",
    "site/es/calculator/index.html": "PAGE:es-calculator",
    "site/es/schnucks/index.html": "PAGE:es-schnucks",
    "site/404.html": "PAGE:not-found",
    "client/index.html": "PAGE:spa-fallback",
  });

  it.each([
    ["/es", "PAGE:es-home"],
    ["/es/", "PAGE:es-home"],
    ["/es/calculator", "PAGE:es-calculator"],
    ["/es/schnucks", "PAGE:es-schnucks"],
  ])("answers %s with its Spanish page when no language is chosen", async (pathname, marker) => {
    const response = await app.server.request("GET", pathname);
    expect(response.status).toBe(200);
    expect(response.body).toContain(marker);
    expect(response.headers.get("vary")).toContain("Cookie");
  });

  it.each(["/es/no-such-page", "/es/dashboard", "/es/ES/schnucks"])(
    "answers %s with 404",
    async (pathname) => {
      expect((await app.server.request("GET", pathname)).status).toBe(404);
    },
  );

  it.each([
    ["/", "lang=es", "/es/"],
    ["/calculator?cartSize=50", "lang=es", "/es/calculator?cartSize=50"],
    ["/es/", "lang=en", "/"],
    ["/es/calculator", "lang=en", "/calculator"],
  ])("redirects %s with cookie %s to %s", async (pathname, cookie, location) => {
    const response = await fetch(`${app.server.baseUrl}${pathname}`, {
      headers: { cookie },
      redirect: "manual",
    });
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
    const response = await app.server.request("GET", pathname, { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toContain(marker);
  });
});
