import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { oneBackend, openTestDatabase, type TestDatabase } from "./support/database";

/**
 * Every response carries the security headers computed once at start-up (issue #13): API
 * answers, errors, 404s; HSTS and upgrade-insecure-requests only behind an https PUBLIC_URL.
 */
describe.each(oneBackend())("security headers on $name", (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    app = await buildApp(
      loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", PUBLIC_URL: "https://aisleiq.example" }),
      {
        dbHandle: database.handle,
        serveClient: false,
      },
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each([
    ["GET", "/api/health", 200],
    ["GET", "/api/auth/me", 401],
    ["GET", "/api/no-such-route", 404],
  ])("%s %s (%i) carries CSP, HSTS, nosniff and frame protection", async (method, url, status) => {
    const response = await app.inject({ method: method as "GET", url });
    expect(response.statusCode).toBe(status);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
