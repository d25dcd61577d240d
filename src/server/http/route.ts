import type { FastifySchema } from "fastify";
import type { RouteAccess } from "../auth/access";

/** The parts of a route's schema besides its tag and summary: `params`, `querystring`, `body`, `response`… */
export type RouteSchemaParts = Omit<FastifySchema, "tags" | "summary">;

/**
 * The declaration every API route makes (docs/architecture.md "Adding a module"), for the routes
 * of one OpenAPI tag. `routesTagged("users")` gives `route(access, summary, schema)`, which builds
 * the options `app.get/post/patch/delete` take:
 * - `config.access`: who may call the route (`auth/access.ts`, ADR 0017; the access hook refuses
 *   a route without it);
 * - `schema`: the tag and summary the OpenAPI document shows (issue #14 item 7), and the zod
 *   schemas that validate the request (`params`, `querystring`, `body`) and serialize the answer
 *   (`response`, with the route's `errorResponses(...)`).
 * Hooks go next to it: `{ ...route("public", "…", { body, response }), onRequest: [limit] }` for a
 * `rateLimitBy` limit (numbers from src/common/limits.ts). A handler that only calls its service
 * returns the answer: `async (request) => listChecks(db, manageScope(sessionOf(request).user))`.
 * @param tag the OpenAPI tag grouping the routes in the reference
 * @returns `route(access, summary, schema)` → `{ config: { access }, schema: { tags, summary, ...schema } }`,
 *   typed so the zod type provider still infers `request.params`, `request.body`… from `schema`
 */
export function routesTagged(tag: string) {
  return <const S extends RouteSchemaParts>(access: RouteAccess, summary: string, schema: S) => ({
    config: { access },
    schema: { tags: [tag], summary, ...schema },
  });
}
