import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { thirdPartyHosts } from "../../src/common/site-config";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { ContractCheck } from "./support/contract";
import { oneBackend, openTestDatabase, type TestDatabase } from "./support/database";

/** Every reply of every app this file builds, checked against the OpenAPI document (ADR 0054). */
const contract = new ContractCheck();
afterEach(() => contract.assertClean());

/**
 * Every response carries the security headers computed once at start-up: API
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
        onReply: contract.observe,
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
  ])(
    "%s %s (%i) carries a CSP that allows nothing, HSTS, nosniff and frame protection",
    async (method, url, status) => {
      const response = await app.inject({ method: method as "GET", url });
      expect(response.statusCode).toBe(status);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      // Not a document: no page policy, a policy that lets nothing run or load (ADR 0071).
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src|connect-src|'self' 'sha256-/);
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    },
  );
});

/**
 * One CSP per kind of response (ADR 0031): the public pages that embed the booking widget and
 * the jobs board allow those hosts; portal pages and API answers allow no third party.
 */
/** The app behind an https PUBLIC_URL, serving the built pages of `siteDir` and `clientDir`. */
function appServing(database: TestDatabase, siteDir: string, clientDir: string): Promise<FastifyInstance> {
  return buildApp(
    loadConfig({
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      PUBLIC_URL: "https://aisleiq.example",
      CLIENT_DIR: clientDir,
      SITE_DIR: siteDir,
    }),
    { dbHandle: database.handle, serveClient: true, onReply: contract.observe },
  );
}

/** Static files of the site that are not documents. */
const ASSETS = {
  "app.js": "console.log(1)",
  "app.css": "body{margin:0}",
  "font.woff2": "wOF2",
  "mark.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

describe.each(oneBackend())("CSP per kind of page on $name", (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clientDir: string;
  const hosts = [
    ...new Set([
      ...thirdPartyHosts().scriptSrc,
      ...thirdPartyHosts().frameSrc,
      ...thirdPartyHosts().connectSrc,
    ]),
  ];
  const cspOf = async (url: string) => {
    const response = await app.inject({ method: "GET", url });
    expect([url, response.statusCode]).toEqual([url, url.startsWith("/api/auth") ? 401 : 200]);
    return String(response.headers["content-security-policy"]);
  };

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), "aisleiq-csp-"));
    await writeFile(path.join(clientDir, "index.html"), "<!doctype html><title>AisleIQ</title>");
    // The static site's pages (ADR 0064), beside the browser app's SPA fallback.
    for (const page of ["", "calculator", "es"]) {
      await mkdir(path.join(clientDir, "site", page), { recursive: true });
      await writeFile(
        path.join(clientDir, "site", page, "index.html"),
        "<!doctype html><title>AisleIQ</title>",
      );
    }
    for (const [name, body] of Object.entries(ASSETS))
      await writeFile(path.join(clientDir, "site", name), body);
    database = await openTestDatabase(backend);
    app = await appServing(database, path.join(clientDir, "site"), clientDir);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it("lets the landing page, the calculator and a Spanish page load the booking widget and the jobs board", async () => {
    expect(hosts).toContain("https://assets.calendly.com");
    for (const url of ["/", "/calculator", "/es"]) {
      const csp = await cspOf(url);
      for (const host of hosts) expect([url, csp]).toEqual([url, expect.stringContaining(host)]);
    }
    expect(await cspOf("/")).toMatch(/script-src [^;]*https:\/\/assets\.calendly\.com/);
  });

  it.each(["/admin/login", "/admin/dashboard", "/dashboard", "/verify/abc", "/accept-invitation/abc"])(
    "allows no third-party host on %s",
    async (url) => {
      const csp = await cspOf(url);
      expect(csp).toContain("default-src 'self'");
      expect(hosts.filter((host) => csp.includes(host))).toEqual([]);
      expect(csp).toMatch(/script-src 'self'(?: 'sha256-[^']+')*;/);
      expect(csp).toContain("frame-src 'none'");
      expect(csp).toMatch(/connect-src 'self';/);
    },
  );

  it.each(["/api/health", "/api/auth/me"])(
    "gives the API answer %s no page policy and no third-party host",
    async (url) => {
      const csp = await cspOf(url);
      expect(csp).toContain("default-src 'none'");
      expect(hosts.filter((host) => csp.includes(host))).toEqual([]);
    },
  );

  it("sends the page policy with pages only: a script, a stylesheet, a font and an image get the short one", async () => {
    const page = await cspOf("/");
    expect(page).toContain("default-src 'self'");
    for (const name of Object.keys(ASSETS)) {
      const csp = await cspOf(`/${name}`);
      expect([name, csp]).toEqual([name, expect.stringContaining("default-src 'none'")]);
      expect([name, csp]).toEqual([name, expect.stringContaining("frame-ancestors 'none'")]);
      // Every request used to carry the page policy (1.3 KB with a build's script hashes).
      expect(csp.length).toBeLessThan(Math.min(page.length, 100));
    }
  });
});

/**
 * Each built page's CSP allows its own inline scripts and no other page's (ADR 0072): a script
 * injected into one page cannot borrow the hash of a script another page carries.
 */
describe.each(oneBackend())("a page's CSP names its own inline scripts on $name", (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let root: string;
  const sha256 = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
  const scripts = {
    home: "window.home = 1;",
    calculator: "window.calculator = 2;",
    portal: "window.portal = 3;",
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "aisleiq-page-csp-"));
    const page = (body: string) => `<!doctype html><title>AisleIQ</title><script>${body}</script>`;
    await mkdir(path.join(root, "site", "calculator"), { recursive: true });
    await mkdir(path.join(root, "client", "admin", "login"), { recursive: true });
    await writeFile(path.join(root, "site", "index.html"), page(scripts.home));
    await writeFile(path.join(root, "site", "calculator", "index.html"), page(scripts.calculator));
    await writeFile(path.join(root, "client", "index.html"), "<!doctype html><title>AisleIQ</title>");
    await writeFile(path.join(root, "client", "admin", "login", "index.html"), page(scripts.portal));
    database = await openTestDatabase(backend);
    app = await appServing(database, path.join(root, "site"), path.join(root, "client"));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each([
    ["/", "home"],
    ["/calculator", "calculator"],
    ["/admin/login", "portal"],
  ] as const)("%s allows its own script's hash only", async (url, own) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(sha256(scripts[own]));
    for (const [name, body] of Object.entries(scripts)) {
      if (name !== own) expect([url, csp]).toEqual([url, expect.not.stringContaining(sha256(body))]);
    }
  });

  it("keeps the page kinds: a public page may load the third-party hosts, a portal page may not", async () => {
    const home = String((await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    const portal = String(
      (await app.inject({ method: "GET", url: "/admin/login" })).headers["content-security-policy"],
    );
    expect(home).toContain("https://assets.calendly.com");
    expect(portal).not.toContain("https://assets.calendly.com");
    expect(portal).toContain("frame-src 'none'");
  });
});
