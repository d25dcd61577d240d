import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { installAccessControl } from "../../src/server/auth/access";
import { loadConfig } from "../../src/server/config";
import type { AppContext } from "../../src/server/context";
import { declareContextAccess, ROUTE_ACCESS } from "../../src/server/core/route-access";
import { installErrorHandler } from "../../src/server/http/errors";
import { ContractCheck } from "./support/contract";
import { oneBackend } from "./support/database";
import { useTestDatabase } from "./support/fixture";
import { routerRoutes, routeShape } from "./support/routes";
import { TEST_PUBLIC_URL } from "./support/test-app";

describe.each(oneBackend())("route-declared access on $name", (backend) => {
  const database = useTestDatabase(backend);
  let app: FastifyInstance;
  let clientDir: string;
  let dataDir: string;
  /** Every reply checked against the OpenAPI document (ADR 0054). */
  const contract = new ContractCheck();
  afterEach(() => contract.assertClean());

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), "aisleiq-client-"));
    dataDir = await mkdtemp(path.join(tmpdir(), "aisleiq-data-"));
    await mkdir(path.join(clientDir, "assets"));
    await writeFile(path.join(clientDir, "index.html"), "<!doctype html><title>AisleIQ</title>");
    await writeFile(path.join(clientDir, "assets", "app-1234.js"), "console.log(1)");
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      // The browser app's build alone; a static site built in the work tree is not this test's.
      SITE_DIR: path.join(clientDir, "no-site"),
      PUBLIC_URL: TEST_PUBLIC_URL,
    });
    app = await buildApp(config, { dbHandle: database.handle, serveClient: true, onReply: contract.observe });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(clientDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it("every registered route, static files and the SPA fallback included, declares its access", async () => {
    const routes = routerRoutes(app);
    expect(routes.length).toBeGreaterThan(40);
    const declaredShapes = new Set(
      app.declaredRoutes.map((route) => `${route.method} ${routeShape(route.url)}`),
    );
    // Two quirks of Swagger UI's routes (ADR 0021), checked by request below: Fastify routes its
    // prefixed "/" page with a trailing slash too, under the same (declared) options, and the
    // router prints its "/api/docs/static/*" wildcard without the "static/" segment.
    const printQuirks = new Set(["GET /api/docs/", "GET /api/docs/*", "HEAD /api/docs/*"]);
    const undeclared = routes.filter(
      (route) =>
        !declaredShapes.has(`${route.method} ${route.shape}`) &&
        !printQuirks.has(`${route.method} ${route.shape}`),
    );
    expect(undeclared).toEqual([]);
    expect(declaredShapes.has("GET /api/docs/static/*")).toBe(true);
    for (const url of ["/api/docs/", "/api/docs/static/swagger-ui.css"]) {
      expect([url, (await app.inject({ method: "GET", url })).statusCode]).toEqual([url, 200]);
    }
    expect(app.declaredRoutes.every((route) => ROUTE_ACCESS.includes(route.access))).toBe(true);
    const declared = new Map(
      app.declaredRoutes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    expect(declared.get("GET /assets/app-1234.js")).toBe("public");
    expect(declared.get("GET /*")).toBe("public");
    expect(declared.get("GET /api/health")).toBe("public");
    expect(declared.get("GET /api/companies")).toBe("admin");
    expect(declared.get("PATCH /api/background-checks/:id")).toBe("manager");
    expect(declared.get("GET /api/auth/me")).toBe("user");
    expect(declared.get("PATCH /api/auth/me/language")).toBe("user");
  });

  it("keeps the static client routes out of the OpenAPI document", () => {
    const paths = Object.keys((app.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths.length).toBeGreaterThan(25);
    expect(paths.filter((pathName) => !pathName.startsWith("/api/"))).toEqual([]);
  });

  it("serves the public static routes without a session", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/app-1234.js" });
    expect(asset.statusCode).toBe(200);
    const page = await app.inject({ method: "GET", url: "/dashboard" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("AisleIQ");
  });

  it("answers an unknown API path 404 without asking for a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("access declarations", () => {
  it("refuses to start with a route that declares no access", async () => {
    const app = Fastify();
    installAccessControl(app);
    const start = async () => {
      await app.register(async (scope) => {
        scope.get("/forgotten", async () => "open");
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/forgotten declares no access/);
    await app.close();
  });

  it("applies a context's declared access to routes of plugins nested inside it", async () => {
    const app = Fastify();
    installAccessControl(app);
    await app.register(async (scope) => {
      declareContextAccess(scope, "public");
      await scope.register(async (child) => {
        child.get("/nested", async () => "open");
      });
    });
    await app.ready();
    expect(app.declaredRoutes).toContainEqual({ method: "GET", url: "/nested", access: "public" });
    expect((await app.inject({ method: "GET", url: "/nested" })).statusCode).toBe(200);
    await app.close();
  });

  it("refuses an access level that does not exist", async () => {
    const app = Fastify();
    installAccessControl(app);
    const start = async () => {
      await app.register(async (scope) => {
        // @ts-expect-error: "staff" is not an access level
        scope.get("/typo", { config: { access: "staff" } }, async () => "open");
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/typo declares no access/);
    await app.close();
  });

  it("enforces each level: 401 signed out, 403 below the level", async () => {
    const app = Fastify();
    // The session cookie's name comes from PUBLIC_URL (ADR 0031); nothing else of the context is read.
    app.decorate("ctx", {
      config: loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_PUBLIC_URL }),
    } as AppContext);
    installErrorHandler(app);
    await app.register(import("@fastify/cookie"));
    installAccessControl(app);
    for (const access of ROUTE_ACCESS) app.get(`/${access}`, { config: { access } }, async () => "ok");
    await app.ready();
    const statuses = await Promise.all(
      ROUTE_ACCESS.map(async (access) => (await app.inject({ method: "GET", url: `/${access}` })).statusCode),
    );
    expect(statuses).toEqual([200, 401, 401, 401]);
    await app.close();
  });
});
