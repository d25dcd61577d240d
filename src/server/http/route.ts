import type { FastifySchema, preHandlerAsyncHookHandler } from "fastify";
import type { RouteAccess } from "../auth/access";
import { type apiErrorSchema, errorResponses } from "./errors";

/** The parts of a route's schema besides its tag and summary: `params`, `querystring`, `body`, `response`… */
export type RouteSchemaParts = Omit<FastifySchema, "tags" | "summary">;

/** A hook a route declares beside its schemas: a `rateLimitBy` limit, the leads honeypot screen. */
type RouteHook = preHandlerAsyncHookHandler;

/** The hooks `route()` takes in its spec, each a list run in order at that Fastify phase. */
interface RouteHooks {
  onRequest?: RouteHook[];
  preValidation?: RouteHook[];
  preHandler?: RouteHook[];
}
type HookName = keyof RouteHooks;

/**
 * What a route declares besides its access and summary: its zod schemas (`response`, one per
 * success status, is required; the module's error statuses are added to it), optionally
 * `errors`, the error statuses of this route when they are not the module's, and the hooks of
 * {@link RouteHooks}.
 */
export type RouteSpec = RouteSchemaParts & RouteHooks & { response: object; errors?: readonly number[] };

/** The error statuses a route answers: its own `errors`, else the module's `E`. */
type ErrorStatuses<S, E extends number> = S extends { errors: readonly (infer X extends number)[] } ? X : E;

/** The options `route()` builds, typed so the zod type provider infers the request from `S`. */
type RouteOptionsOf<S extends RouteSpec, E extends number> = {
  config: { access: RouteAccess };
  schema: { tags: string[]; summary: string } & Omit<S, "errors" | "response" | HookName> & {
      response: Record<ErrorStatuses<S, E>, typeof apiErrorSchema> & S["response"];
    };
} & Pick<RouteHooks, HookName & keyof S>;

/**
 * The declaration every API route makes (docs/architecture.md "Adding a module"), for the routes
 * of one OpenAPI tag that answer the same error statuses. `routesTagged("leads", 400, 401, 403,
 * 429)` gives `route(access, summary, spec)`, which builds the options `app.get/post/patch/delete`
 * take:
 * - `config.access`: who may call the route (`auth/access.ts`, ADR 0017; the access hook refuses
 *   a route without it);
 * - `schema`: the tag and summary the OpenAPI document shows (issue #14 item 7), and the zod
 *   schemas that validate the request (`params`, `querystring`, `body`) and serialize the answer
 *   (`response`, plus `errorResponses(...)` of the module's statuses, or of the spec's `errors`
 *   where a route answers others; an entry of `response` wins over the error of its status, e.g.
 *   `tokenErrorResponses`);
 * - the spec's hooks, e.g. `onRequest: [rateLimitBy(app, "lead-ip", { max })]` (numbers from
 *   src/common/limits.ts).
 * A handler that only calls its service returns the answer:
 * `async (request) => listChecks(db, manageScopeOf(request))`.
 * @param tag the OpenAPI tag grouping the routes in the reference
 * @param errorStatuses the error statuses the module's routes answer (documented as `{error, code}`)
 * @returns `route(access, summary, spec)` → `{ config: { access }, schema: { tags, summary, ...schemas },
 *   ...hooks }`, typed so the zod type provider still infers `request.params`, `request.body`… from `spec`
 */
export function routesTagged<const E extends number = never>(tag: string, ...errorStatuses: E[]) {
  return <const S extends RouteSpec>(access: RouteAccess, summary: string, spec: S): RouteOptionsOf<S, E> => {
    const { errors, response, onRequest, preValidation, preHandler, ...schemas } = spec;
    const hooks: RouteHooks = {};
    if (onRequest) hooks.onRequest = onRequest;
    if (preValidation) hooks.preValidation = preValidation;
    if (preHandler) hooks.preHandler = preHandler;
    return {
      config: { access },
      schema: {
        tags: [tag],
        summary,
        ...schemas,
        response: { ...errorResponses(...(errors ?? errorStatuses)), ...response },
      },
      ...hooks,
    } as RouteOptionsOf<S, E>;
  };
}
