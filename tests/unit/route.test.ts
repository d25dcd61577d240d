import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiErrorSchema } from "../../src/server/http/errors";
import { routesTagged } from "../../src/server/http/route";

/**
 * The route declaration of docs/architecture.md "Adding a module": `route(access, summary, spec)`
 * adds the module's error responses to the spec's `response` (or the route's own `errors`), lets
 * a `response` entry win over the error of its status, and lifts the hooks out of the schema.
 */
describe("routesTagged(tag, ...errorStatuses)", () => {
  const okSchema = z.object({ ok: z.boolean() });
  const route = routesTagged("things", 400, 401, 429);

  it("sets access, tag and summary, keeps the request schemas and adds the module's errors", () => {
    const params = z.object({ id: z.string() });
    const options = route("manager", "One thing", { params, response: { 200: okSchema } });
    expect(options.config).toEqual({ access: "manager" });
    expect(options.schema).toEqual({
      tags: ["things"],
      summary: "One thing",
      params,
      response: { 200: okSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    });
    expect(Object.keys(options)).toEqual(["config", "schema"]);
  });

  it("answers a route's own errors instead of the module's, none when it lists none", () => {
    expect(
      Object.keys(route("public", "s", { response: { 200: okSchema }, errors: [404] }).schema.response),
    ).toEqual(["200", "404"]);
    expect(
      Object.keys(route("public", "s", { response: { 200: okSchema }, errors: [] }).schema.response),
    ).toEqual(["200"]);
    expect(routesTagged("health")("public", "s", { response: { 200: okSchema } }).schema.response).toEqual({
      200: okSchema,
    });
  });

  it("lets a response entry win over the module's error of the same status", () => {
    const gone = apiErrorSchema.describe("Token no longer usable");
    const options = route("public", "s", { response: { 200: okSchema, 401: gone } });
    expect(options.schema.response[401]).toBe(gone);
    expect(options.schema.response[400]).toBe(apiErrorSchema);
  });

  it("puts the hooks beside the schema, in their order, and no hook the spec does not name", () => {
    const first = async () => {};
    const second = async () => {};
    const options = route("public", "s", {
      response: { 200: okSchema },
      onRequest: [first],
      preHandler: [first, second],
    });
    expect(options.onRequest).toEqual([first]);
    expect(options.preHandler).toEqual([first, second]);
    expect(Object.keys(options)).toEqual(["config", "schema", "onRequest", "preHandler"]);
    expect(Object.keys(options.schema)).toEqual(["tags", "summary", "response"]);
  });
});
