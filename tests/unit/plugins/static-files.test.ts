import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../../src/server/context";
import { installErrorHandler } from "../../../src/server/http/errors";
import { rateLimitsPlugin } from "../../../src/server/http/plugins/rate-limits";
import { NON_DOCUMENT_CSP, securityHeadersPlugin } from "../../../src/server/http/plugins/security-headers";
import { builtPages, staticFilesPlugin } from "../../../src/server/http/plugins/static-files";

const HTML = "<!doctype html><title>AisleIQ</title>";
const hash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/**
 * The static files plugin: the built pages (ADR 0064) with the policy the security headers plugin
 * decides for each (ADR 0072), hashed assets cached for a year, and the not-found page counted
 * against the not-found limit (ADR 0077).
 */
describe("static files plugin", () => {
  let dir: string;
  let site: string;
  let client: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "aisleiq-static-plugin-"));
    site = path.join(dir, "site");
    client = path.join(dir, "client");
    await mkdir(path.join(site, "_astro"), { recursive: true });
    await mkdir(client, { recursive: true });
    await writeFile(path.join(site, "index.html"), `${HTML}<script>landing()</script>`);
    await writeFile(path.join(site, "404.html"), `${HTML}<h1>Not found</h1>`);
    await writeFile(path.join(site, "_astro", "app.js"), "console.log(1)");
    await writeFile(path.join(client, "index.html"), HTML);

    const pages = builtPages({ siteDir: site, clientDir: client }, true);
    if (!pages) throw new Error("the builds above have an index.html");
    app = Fastify();
    app.decorate("ctx", { metrics: undefined } as unknown as AppContext);
    await app.register(securityHeadersPlugin, { publicUrl: "https://aisleiq.example", pages });
    await app.register(rateLimitsPlugin, {});
    installErrorHandler(app, app.notFoundLimit);
    await app.register(staticFilesPlugin, { pages });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves a page uncached, with a policy that names its own inline script", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("landing()");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-security-policy"]).toContain(hash("landing()"));
  });

  it("serves a hashed asset cached for a year, under the non-document policy", async () => {
    const response = await app.inject({ method: "GET", url: "/_astro/app.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-security-policy"]).toBe(NON_DOCUMENT_CSP);
  });

  it("answers an unknown page with the not-found page and 404, and an unknown API path with the API's 404", async () => {
    const page = await app.inject({ method: "GET", url: "/no-such-page" });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("Not found");
    const api = await app.inject({ method: "GET", url: "/api/no-such-route" });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe("NOT_FOUND");
  });

  it("needs the security headers and rate limits plugins", async () => {
    const bare = Fastify();
    try {
      await expect(
        bare.register(staticFilesPlugin, { pages: { siteDir: site, clientDir: client } }),
      ).rejects.toThrow(/security-headers/);
    } finally {
      await bare.close();
    }
  });
});

/** Which builds the server sends pages from (ADR 0064). */
describe("builtPages", () => {
  it("serves nothing when serving is off or neither build exists, and both builds by absolute path when one does", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "aisleiq-built-pages-"));
    try {
      const dirs = { siteDir: path.join(dir, "site"), clientDir: path.join(dir, "client") };
      expect(builtPages(dirs, true)).toBeUndefined();
      await mkdir(dirs.clientDir);
      await writeFile(path.join(dirs.clientDir, "index.html"), HTML);
      expect(builtPages(dirs, false)).toBeUndefined();
      expect(builtPages(dirs, true)).toEqual(dirs);
      expect(
        builtPages({ siteDir: "rel/site", clientDir: path.relative(process.cwd(), dirs.clientDir) }, true),
      ).toEqual({
        siteDir: path.resolve("rel/site"),
        clientDir: dirs.clientDir,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
