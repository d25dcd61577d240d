import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { API_DOCS_PATH, OPENAPI_PATH } from "../../src/server/http/api-docs";
import { SESSION_COOKIE } from "../support/cookies";
import { oneBackend } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

/**
 * The API's own documentation (issue #14 item 7): the OpenAPI document is valid OpenAPI,
 * describes every API route with a summary, tags and a success response schema, and is served
 * at `/api/openapi.json`; `/api/docs` serves the interactive reference page and its assets from
 * this server, with no inline script the CSP would block.
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON read field by field
type Json = any;

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** `/api/a/:id/files/:fileId` → `/api/a/{id}/files/{fileId}` (OpenAPI path templating). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

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
    expect(form.required).toEqual(["fullName", "email", "files"]);
    expect(form.properties.files).toMatchObject({ type: "array", maxItems: 5, items: { format: "binary" } });
    const download = document.paths["/api/background-checks/{id}/files/{fileId}"].get;
    expect(download.responses["200"].content["application/octet-stream"].schema).toEqual({
      type: "string",
      format: "binary",
    });
  });

  it("marks signed-in operations with the session cookie and says who may call them", async () => {
    const document = await fetchDocument();
    expect(document.components.securitySchemes.session).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: SESSION_COOKIE,
    });
    const me = document.paths["/api/auth/me"].get;
    expect(me.security).toEqual([{ session: [] }]);
    expect(me.description).toMatch(/Signed-in users/);
    expect(document.paths["/api/companies"].get.description).toMatch(/Admins only/);
    expect(document.paths["/api/health"].get.security).toBeUndefined();
    expect(document.paths["/api/send-get-started-email"].post.security).toBeUndefined();
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
