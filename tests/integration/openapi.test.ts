import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { UPLOAD_KINDS } from "../../src/common/uploads";
import { HOST_SESSION_COOKIE } from "../../src/server/core/session-cookie";
import { API_DOCS_PATH, OPENAPI_PATH, openApiOptions } from "../../src/server/http/api-docs";
import { SESSION_COOKIE } from "../support/cookies";
import { openApiPath } from "./support/contract";
import { oneBackend } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";
import { TEST_PUBLIC_URL } from "./support/test-app";

/**
 * The API's own documentation: the OpenAPI document is valid OpenAPI,
 * describes every API route with a summary, tags and a success response schema, and is served
 * at `/api/openapi.json`; it passes Redocly's and Spectral's rulesets, and each operation has an
 * operationId, security from its declared access and exactly the statuses it answers (ADR 0054); `/api/docs` serves the interactive reference page and its assets from
 * this server, with no inline script the CSP would block.
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON read field by field
type Json = any;

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const require = createRequire(import.meta.url);

/** Runs a Node CLI with this process's Node; resolves with its exit code and output. */
function runTool(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      // No telemetry or update check: nothing may leave the machine (docs/architecture.md).
      {
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        maxBuffer: 1 << 26,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** Routes deliberately left out of the document: the documentation itself. */
const isDocsRoute = (url: string) =>
  url === OPENAPI_PATH || url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`);

describe.each(oneBackend())("OpenAPI document and API reference on $name", (backend) => {
  const database = useTestDatabase(backend);
  const fixture = useTestServer(database);

  const fetchDocument = async (): Promise<Json> => {
    const response = await fixture.server.request("GET", OPENAPI_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return response.body;
  };

  it("serves a valid OpenAPI 3 document at /api/openapi.json", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe("AisleIQ API");
    // validate() dereferences in place: give it a copy.
    const result = await validate(structuredClone(document));
    expect(result.valid ? "" : compileErrors(result)).toBe("");
    expect(result.valid).toBe(true);
  });

  it("describes every API route except the documentation itself", async () => {
    const document = await fetchDocument();
    const documented = new Set<string>();
    for (const [pathName, item] of Object.entries<Json>(document.paths)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${pathName}`);
    }
    const apiRoutes = fixture.server.app.declaredRoutes.filter(
      (route) => route.url.startsWith("/api/") && route.method !== "HEAD" && !isDocsRoute(route.url),
    );
    expect(apiRoutes.length).toBeGreaterThan(25);
    const missing = apiRoutes
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    const docsInDocument = [...documented].filter((key) => isDocsRoute(key.split(" ")[1] ?? ""));
    expect(docsInDocument).toEqual([]);
  });

  it("gives every operation a summary, tags and a schema for its success response", async () => {
    const document = await fetchDocument();
    const problems: string[] = [];
    for (const [pathName, item] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        if (!HTTP_METHODS.includes(method)) continue;
        const name = `${method.toUpperCase()} ${pathName}`;
        if (typeof operation.summary !== "string" || operation.summary.length < 5)
          problems.push(`${name}: no summary`);
        if (!Array.isArray(operation.tags) || operation.tags.length === 0) problems.push(`${name}: no tags`);
        const success = Object.entries<Json>(operation.responses ?? {}).filter(([status]) =>
          /^2\d\d$/.test(status),
        );
        if (success.length === 0) problems.push(`${name}: no 2xx response`);
        for (const [status, response] of success) {
          const schemas = Object.values<Json>(response.content ?? {}).map((media) => media.schema);
          if (schemas.length === 0 || schemas.some((schema) => schema === undefined)) {
            problems.push(`${name}: ${status} has no schema`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("documents the multipart check submission's form and the file download as binary", async () => {
    const document = await fetchDocument();
    const submit = document.paths["/api/background-checks"].post;
    const form = submit.requestBody.content["multipart/form-data"].schema;
    expect(form.required).toEqual(["fullName", "email", "disclosureVersion", "signatureName", "files"]);
    expect(form.properties.files).toMatchObject({ type: "array", maxItems: 5, items: { format: "binary" } });
    const download = document.paths["/api/background-checks/{id}/files/{fileId}"].get;
    expect(Object.keys(download.responses["200"].content)).toEqual(UPLOAD_KINDS.map((kind) => kind.mime));
    expect(download.responses["200"].content["application/pdf"].schema).toEqual({
      type: "string",
      format: "binary",
    });
  });

  it("derives each operation's security from its declared access, naming the running cookie", async () => {
    const document = await fetchDocument();
    expect(document.components.securitySchemes.session).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: SESSION_COOKIE,
    });
    // Over HTTPS the server sets and reads only the __Host- cookie (ADR 0031): so does the document.
    const https = openApiOptions({ PUBLIC_URL: "https://aisleiq.example" }).openapi;
    expect(https.components.securitySchemes.session.name).toBe(HOST_SESSION_COOKIE);
    expect(https.servers).toEqual([{ url: "https://aisleiq.example", description: expect.any(String) }]);
    const declared = new Map(
      fixture.server.app.declaredRoutes.map((route) => [
        `${route.method} ${openApiPath(route.url)}`,
        route.access,
      ]),
    );
    const roleText = {
      user: /any role/,
      manager: /role `admin` or `company_admin`/,
      admin: /role `admin`\)/,
    };
    let checked = 0;
    for (const [pathName, item] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        const access = declared.get(`${method.toUpperCase()} ${pathName}`);
        const name = `${method.toUpperCase()} ${pathName}`;
        if (access === "public") {
          expect([name, operation.security]).toEqual([name, []]);
          expect(operation.description).toMatch(/^Public: no session needed/);
        } else {
          expect([name, operation.security]).toEqual([name, [{ session: [] }]]);
          expect(operation.description).toMatch(roleText[access as keyof typeof roleText]);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(35);
  });

  it("gives every operation a unique camelCase operationId, a description and a 4xx answer; no token in a path", async () => {
    const document = await fetchDocument();
    const ids: string[] = [];
    for (const [pathName, item] of Object.entries<Json>(document.paths)) {
      expect(pathName).not.toMatch(/token/i);
      for (const operation of Object.values<Json>(item)) {
        ids.push(operation.operationId);
        expect(operation.operationId).toMatch(/^[a-z][a-zA-Z0-9]+$/);
        expect(operation.description.length).toBeGreaterThan(10);
        expect(Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status))).toBe(true);
        for (const [status, response] of Object.entries<Json>(operation.responses)) {
          expect([operation.operationId, status, response.description]).not.toContain("Default Response");
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(["sendMagicLink", "listLeads", "inspectInvitation"]));
    expect(
      document.paths["/api/invitations/inspect"].post.requestBody.content["application/json"].schema.required,
    ).toEqual(["token"]);
    const tags = new Set(document.tags.map((tag: Json) => tag.name));
    for (const tag of document.tags) expect(tag.description.length).toBeGreaterThan(10);
    for (const item of Object.values<Json>(document.paths)) {
      for (const operation of Object.values<Json>(item))
        for (const tag of operation.tags) expect(tags).toContain(tag);
    }
    expect(document.info).toMatchObject({
      description: expect.stringContaining("{error, code}"),
      contact: { url: expect.stringMatching(/^https:/) },
      license: { name: expect.any(String) },
    });
    expect(document.servers).toEqual([{ url: TEST_PUBLIC_URL, description: expect.any(String) }]);
  });

  it("lists exactly the statuses each operation can answer: its own and those of the hooks that apply", async () => {
    const document = await fetchDocument();
    const statuses = (pathName: string, method: string) =>
      Object.keys(document.paths[pathName][method].responses).map(Number);
    // GETs read no body (no 413/415) and change nothing (no origin check); no token errors on lists.
    expect(statuses("/api/background-checks", "get")).toEqual([200, 400, 401, 403, 503]);
    expect(statuses("/api/background-checks/{id}", "get")).toEqual([200, 400, 401, 404, 414, 503]);
    expect(statuses("/api/invitations", "get")).toEqual([200, 400, 401, 403, 503]);
    expect(statuses("/api/companies", "get")).toEqual([200, 400, 401, 403, 503]);
    expect(statuses("/api/demo-registrations", "get")).toEqual([200, 400, 401, 403, 503]);
    expect(statuses("/api/health", "get")).toEqual([200, 400, 503]);
    // A preview is a GET: nothing to time out, nothing too large, no content type to refuse (ADR 0077).
    expect(statuses("/api/background-checks/{id}/files/{fileId}/preview", "get")).toEqual([
      200, 400, 401, 404, 410, 414, 503,
    ]);
    for (const [pathName, item] of Object.entries<Json>(document.paths)) {
      if (!item.get) continue;
      const bodyOnly = Object.keys(item.get.responses).filter((status) =>
        ["408", "413", "415"].includes(status),
      );
      expect([pathName, bodyOnly]).toEqual([pathName, []]);
    }
    // A public POST: the origin check's 403, the body limit's 413, 415, and its rate limit's 429.
    expect(statuses("/api/send-get-started-email", "post")).toEqual([201, 400, 403, 413, 415, 429, 503]);
    expect(statuses("/api/auth/logout", "post")).toEqual([200, 400, 403, 413, 415, 503]);
    expect(statuses("/api/gates/events", "post")).toEqual([200, 400, 401, 403, 413, 415, 429, 503]);
    expect(statuses("/api/invitations/inspect", "post")).toEqual([
      200, 400, 403, 404, 410, 413, 415, 429, 503,
    ]);
    const logout403 = document.paths["/api/auth/logout"].post.responses["403"];
    expect(logout403.description).toMatch(/CROSS_ORIGIN_REJECTED/);
    expect(logout403.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ApiError" });
    expect(document.components.schemas.ApiError.properties.code.enum).toContain("CROSS_ORIGIN_REJECTED");
  });

  it("checks the replies of every integration test file that builds the app against the document", async () => {
    // Files that build the app themselves must pass a ContractCheck's `onReply` (ADR 0054, ADR 0077);
    // the others go through startTestServer, which always does.
    const directory = path.dirname(fileURLToPath(import.meta.url));
    const files = (await readdir(directory)).filter((name) => name.endsWith(".test.ts"));
    const unchecked: string[] = [];
    for (const name of files) {
      const source = await readFile(path.join(directory, name), "utf8");
      const builds = source.match(/\bbuildApp\(/g)?.length ?? 0;
      const checked = source.match(/onReply: contract\.observe/g)?.length ?? 0;
      if (checked < builds) unchecked.push(`${name}: ${builds - checked} of ${builds} app builds unchecked`);
    }
    expect(files.length).toBeGreaterThan(20);
    expect(unchecked).toEqual([]);
  });

  it("passes Redocly's recommended ruleset and Spectral's spectral:oas with no error and no warning", async () => {
    const document = await fetchDocument();
    const dir = await mkdtemp(path.join(tmpdir(), "aisleiq-openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      await writeFile(file, JSON.stringify(document));
      const [redocly, spectral] = await Promise.all([
        runTool(require.resolve("@redocly/cli/bin/cli.js"), [
          "lint",
          file,
          "--config",
          "redocly.yaml",
          "--format",
          "json",
        ]),
        runTool(require.resolve("@stoplight/spectral-cli/dist/index.js"), [
          "lint",
          file,
          "--ruleset",
          ".spectral.yaml",
          "--format",
          "json",
          "--fail-severity",
          "hint",
          "--quiet",
        ]),
      ]);
      const redoclyReport = JSON.parse(redocly.stdout);
      expect(redoclyReport.problems.map((p: Json) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(redoclyReport.totals).toMatchObject({ errors: 0, warnings: 0 });
      const spectralReport: Json[] = JSON.parse(spectral.stdout || "[]");
      expect(spectralReport.map((r) => `${r.code}: ${r.message} at ${r.path?.join(".")}`)).toEqual([]);
      expect(spectral.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("documents the health routes' answers", async () => {
    const document = await fetchDocument();
    const ready = document.paths["/api/ready"].get;
    expect(ready.summary).toMatch(/Readiness/);
    expect(Object.keys(ready.responses)).toEqual(expect.arrayContaining(["200", "503"]));
    const response = await fixture.server.request("GET", "/api/ready");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ready", database: database.handle.kind });
    const health = await fixture.server.request("GET", "/api/health");
    expect(health.body).toEqual({ status: "ok" });
  });

  it("serves the API reference page at /api/docs with every asset from this server", async () => {
    const page = await fixture.server.request("GET", API_DOCS_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html: string = page.body;
    // No inline script (the CSP allows only hashed ones of the client build) and no other host.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = "", body = ""] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body.trim()).toBe("");
    }
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\/static\//);
      const response = await fixture.server.request("GET", asset);
      expect([asset, response.status]).toEqual([asset, 200]);
    }
    // The page loads the document from the same origin (connect-src 'self').
    const json = await fixture.server.request("GET", `${API_DOCS_PATH}/json`);
    expect(json.status).toBe(200);
    expect(json.body.paths).toEqual((await fetchDocument()).paths);
  });

  it("serves the documentation without a session", async () => {
    const declared = new Map(
      fixture.server.app.declaredRoutes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    expect(declared.get(`GET ${OPENAPI_PATH}`)).toBe("public");
    expect(declared.get(`GET ${API_DOCS_PATH}`)).toBe("public");
    expect(declared.get(`GET ${API_DOCS_PATH}/static/*`)).toBe("public");
  });
});
