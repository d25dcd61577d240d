import { describe, expect, it } from "vitest";
import { NOT_FOUND_RATE_PER_IP } from "../../src/common/limits";
import { oneBackend } from "./support/database";
import { useFakeClientServer } from "./support/fake-client";
import { useTestDatabase } from "./support/fixture";

/**
 * The not-found page in the visitor's language (ADR 0063): an unknown path answers 404 with the
 * Spanish not-found page the site builds (`es/404/index.html`, `<html lang="es">`) when the `lang`
 * cookie says `es`, and with the English one otherwise (no cookie, `lang=en`, an unknown value,
 * or only a Spanish `Accept-Language`: the cookie decides, ADR 0025); `Vary: Cookie` either way.
 * A build without the Spanish page answers English. The builds are minimal fakes (ADR 0064).
 */

const ENGLISH_NOT_FOUND = '<!doctype html><html lang="en"><body>PAGE:not-found</body></html>';
const SPANISH_NOT_FOUND = '<!doctype html><html lang="es"><body>PAGE:es-not-found</body></html>';

describe.each(oneBackend())("the not-found page's language on $name", (backend) => {
  const database = useTestDatabase(backend);
  const app = useFakeClientServer(
    database,
    {
      "site/index.html": "PAGE:home",
      "site/es/index.html": "PAGE:es-home",
      "client/index.html": "PAGE:spa-fallback",
    },
    { "site/404.html": ENGLISH_NOT_FOUND, "site/es/404/index.html": SPANISH_NOT_FOUND },
  );

  it.each([
    "/no-such-page",
    "/no-such-page/here?from=link",
    "/es/no-such-page",
    "/calculator/extra",
    "/404",
    "/es/404",
  ])("answers %s with 404 and the Spanish not-found page when the cookie says es", async (pathname) => {
    const response = await app.server.request("GET", pathname, { cookie: "lang=es" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("vary")).toContain("Cookie");
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain("PAGE:es-not-found");
  });

  it.each([
    ["no cookie", {}],
    ["lang=en", { cookie: "lang=en" }],
    ["lang=fr", { cookie: "lang=fr" }],
    ["only Accept-Language: es", { headers: { "accept-language": "es-MX,es;q=0.9" } }],
  ])("answers an unknown path with 404 and the English not-found page with %s", async (_, options) => {
    const response = await app.server.request("GET", "/no-such-page", options);
    expect(response.status).toBe(404);
    expect(response.headers.get("vary")).toContain("Cookie");
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain("PAGE:not-found");
  });

  it("leaves the app's pages and the API's 404 as they were with the Spanish cookie", async () => {
    const page = await app.server.request("GET", "/dashboard", { cookie: "lang=es" });
    expect(page.status).toBe(200);
    expect(page.body).toContain("PAGE:spa-fallback");
    const api = await app.server.request("GET", "/api/no-such-route", { cookie: "lang=es" });
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toContain("application/json");
  });

  it("counts unknown pages, missing files and unknown API paths against one per-IP limit: past it, 429 with Retry-After", async () => {
    const remoteAddress = "198.51.100.40";
    const paths = ["/no-such-page", "/es/no-such-page", "/assets/gone-after-deploy.js", "/api/no-such-route"];
    const statuses: number[] = [];
    for (let i = 0; i < NOT_FOUND_RATE_PER_IP; i++) {
      const response = await app.server.app.inject({
        method: "GET",
        url: `${paths[i % paths.length]}?n=${i}`,
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([404]));
    for (const url of ["/no-such-page", "/api/no-such-route", "/gone.css"]) {
      const limited = await app.server.app.inject({ method: "GET", url, remoteAddress });
      expect([url, limited.statusCode]).toEqual([url, 429]);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({
        code: "RATE_LIMITED",
        error: expect.stringMatching(/try again/),
      });
    }
    // Only requests no route knows are counted: the same address still gets its pages and the API.
    expect((await app.server.app.inject({ method: "GET", url: "/", remoteAddress })).statusCode).toBe(200);
    expect(
      (await app.server.app.inject({ method: "GET", url: "/api/health", remoteAddress })).statusCode,
    ).toBe(200);
    // Another address is not limited.
    const other = await app.server.app.inject({
      method: "GET",
      url: "/no-such-page",
      remoteAddress: "198.51.100.41",
    });
    expect(other.statusCode).toBe(404);
  });
});

describe.each(oneBackend())("a build without the Spanish not-found page on $name", (backend) => {
  const database = useTestDatabase(backend);
  const app = useFakeClientServer(
    database,
    { "site/index.html": "PAGE:home", "client/index.html": "PAGE:spa-fallback" },
    { "site/404.html": ENGLISH_NOT_FOUND },
  );

  it("answers the Spanish cookie's unknown path with 404 and the English page", async () => {
    const response = await app.server.request("GET", "/no-such-page", { cookie: "lang=es" });
    expect(response.status).toBe(404);
    expect(response.body).toContain("PAGE:not-found");
  });
});
