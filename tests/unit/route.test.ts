import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiErrorSchema } from "../../src/server/http/errors";
import { crossCuttingStatuses, installRouteContract, routesTagged } from "../../src/server/http/route";

/**
 * The route declaration of docs/architecture.md "Adding a module": `route(access, summary, spec)`
 * adds the route's declared error responses, lets a `response` entry win, and lifts the hooks
 * out of the schema; `installRouteContract` refuses a route without a unique camelCase
 * operationId, or a GET declaring a status only a body can get, at start-up and adds the
 * statuses of the hooks that apply (ADR 0054, ADR 0077).
 */
describe("routesTagged(tag)", () => {
  const okSchema = z.object({ ok: z.boolean() });
  const route = routesTagged("leads");

  it("sets access, tag, summary and operationId, keeps the request schemas and adds the declared errors", () => {
    const params = z.object({ id: z.string() });
    const options = route("manager", "One thing", {
      operationId: "getThing",
      params,
      response: { 200: okSchema },
      errors: [404],
    });
    expect(options.config).toEqual({ access: "manager" });
    expect(options.schema).toEqual({
      tags: ["leads"],
      summary: "One thing",
      operationId: "getThing",
      params,
      response: { 200: okSchema, 404: apiErrorSchema },
    });
    expect(Object.keys(options)).toEqual(["config", "schema"]);
  });

  it("describes declared errors given with their meaning; a response entry wins", () => {
    const gone = apiErrorSchema.describe("Token no longer usable");
    const options = route("public", "s", {
      operationId: "s",
      response: { 200: okSchema, 410: gone },
      errors: { 404: "No such thing", 410: "ignored" },
    });
    expect(options.schema.response[404].description).toBe("No such thing");
    expect(options.schema.response[410]).toBe(gone);
  });

  it("puts the hooks beside the schema, in their order, and no hook the spec does not name", () => {
    const first = async () => {};
    const second = async () => {};
    const options = route("public", "s", {
      operationId: "s",
      response: { 200: okSchema },
      onRequest: [first],
      preHandler: [first, second],
    });
    expect(options.onRequest).toEqual([first]);
    expect(options.preHandler).toEqual([first, second]);
    expect(Object.keys(options)).toEqual(["config", "schema", "onRequest", "preHandler"]);
    expect(Object.keys(options.schema)).toEqual(["tags", "summary", "operationId", "response"]);
  });
});

describe("crossCuttingStatuses", () => {
  const statuses = (facts: Parameters<typeof crossCuttingStatuses>[0]) => [
    ...crossCuttingStatuses(facts).keys(),
  ];

  it("gives a public GET only the guards' 400 and the 503 every route may answer", () => {
    expect(statuses({ methods: ["GET"], url: "/api/health", access: "public", rateLimited: false })).toEqual([
      400, 503,
    ]);
  });

  it("adds 401/403 by access, 403 from the origin check and 413/415 where a body is read", () => {
    expect(
      statuses({ methods: ["POST"], url: "/api/things/:id", access: "admin", rateLimited: true }).sort(),
    ).toEqual([400, 401, 403, 413, 414, 415, 429, 503]);
    expect(statuses({ methods: ["GET"], url: "/api/things", access: "user", rateLimited: false })).toEqual([
      400, 401, 503,
    ]);
  });
});

/** A bare Fastify with the zod compilers the app uses. */
function zodApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe("installRouteContract", () => {
  const ok = { 200: z.object({ ok: z.boolean() }) };
  const appWith = async (...routes: Array<{ url: string; schema?: object; hide?: boolean }>) => {
    const app = zodApp();
    installRouteContract(app);
    for (const route of routes)
      app.get(route.url, { schema: route.schema ?? {} }, async () => ({ ok: true }));
    await app.ready();
    return app;
  };

  it("refuses to start with a route without an operationId, with one not in camelCase, or with one used twice", async () => {
    await expect(appWith({ url: "/a", schema: { response: ok } })).rejects.toThrow(
      /GET \/a has no camelCase operationId/,
    );
    await expect(appWith({ url: "/a", schema: { operationId: "get_a", response: ok } })).rejects.toThrow(
      /operationId/,
    );
    await expect(
      appWith(
        { url: "/a", schema: { operationId: "getA", response: ok } },
        { url: "/b", schema: { operationId: "getA", response: ok } },
      ),
    ).rejects.toThrow(/GET \/b reuses the operationId "getA" of GET \/a/);
  });

  it("refuses to start with a GET that declares a status only a request body can get (408, 413, 415)", async () => {
    for (const status of [408, 413, 415]) {
      await expect(
        appWith({
          url: "/a",
          schema: { operationId: "getA", response: { ...ok, [status]: apiErrorSchema } },
        }),
      ).rejects.toThrow(new RegExp(`GET /a declares ${status}, which only a request with a body can get`));
    }
    const app = await appWith({
      url: "/a",
      schema: { operationId: "getA", response: { ...ok, 404: apiErrorSchema } },
    });
    await app.close();
  });

  it("leaves routes hidden from the document alone, and gives the others security and their statuses", async () => {
    const seen = new Map<string, { security?: unknown; response?: Record<string, unknown> }>();
    const app = zodApp();
    installRouteContract(app);
    app.addHook("onRoute", (route) => {
      if (route.method !== "HEAD") seen.set(route.url, route.schema as never);
    });
    app.get("/hidden", { schema: { hide: true } }, async () => "page");
    app.post("/api/a", { schema: { operationId: "postA", response: ok } }, async () => ({ ok: true }));
    await app.ready();
    expect(Object.keys(seen.get("/hidden") ?? {})).toEqual(["hide"]);
    const documented = seen.get("/api/a");
    expect(documented?.security).toEqual([]);
    expect(Object.keys(documented?.response ?? {})).toEqual(["200", "400", "403", "413", "415", "503"]);
    await app.close();
  });
});
