import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler, RouteOptions } from "fastify";
import type { z } from "zod";
import { REQUEST_BODY_MAX_BYTES } from "../../common/limits";
import type { RouteAccess } from "../core/route-access";
import { isApiPath } from "./api-path";
import { apiErrorSchema } from "./errors";
import { isRateLimit } from "./rate-limit";

/**
 * The OpenAPI tags, each with the description the document's top-level `tags` carries: a route
 * can only be declared under one of these (`routesTagged`), so every tag it uses is defined.
 */
export const API_TAGS = {
  auth: "Sign-in by magic link, the session, the signed-in user's settings and the first admin's setup.",
  admin: "The admin dashboard's figures.",
  users:
    "Users in the caller's scope: list, search, role and company changes, deactivation, deletion, audit trail.",
  invitations:
    "Invitations: send, list, resend and revoke (managers); inspect and accept (the invited person).",
  companies: "Companies (admins).",
  "background-checks": "Background checks: a user's uploads and their review by admins and company admins.",
  "demo-registrations":
    "Store-demo registrations from the retailer demo pages, and the admins' list and CSV export.",
  gates: "The password gates of the public site (events, channel partners).",
  leads: "Get Started leads from the public site, and the admins' leads inbox and CSV export.",
  health: "Liveness and readiness probes for load balancers.",
  webhooks: "The CRM webhook's delivery log (admins): list deliveries and send one again.",
  metrics: "Prometheus metrics for the operator's scraper (a bearer token, not a session).",
  passkeys:
    "Passkeys: sign-in with one, and the signed-in person's own passkeys (list, add, rename, remove).",
} as const;
export type ApiTag = keyof typeof API_TAGS;

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
 * The error statuses a route answers of its own (its handler and service), beyond those the
 * cross-cutting hooks add ({@link installRouteContract}): a list (`[404, 409]`, described by
 * {@link ERROR_TEXT}) or each with what it means here (`{ 404: "No such invitation (`NOT_FOUND`)" }`).
 */
export type DeclaredErrors = readonly number[] | { readonly [status: number]: string };

/**
 * What a route declares besides its access and summary: its `operationId` (a short camelCase
 * verb phrase, `sendMagicLink`, unique in the API), its zod schemas (`response`, one per success
 * status, is required), `errors` (see {@link DeclaredErrors}) and the hooks of {@link RouteHooks}.
 */
export type RouteSpec = RouteSchemaParts &
  RouteHooks & { operationId: string; response: object; errors?: DeclaredErrors };

/** The error statuses a route declares in `errors`. */
type ErrorStatuses<S> = S extends { errors: readonly (infer X extends number)[] }
  ? X
  : S extends { errors: infer R }
    ? Extract<keyof R, number>
    : never;

/** The options `route()` builds, typed so the zod type provider infers the request from `S`. */
type RouteOptionsOf<S extends RouteSpec> = {
  config: { access: RouteAccess };
  schema: { tags: string[]; summary: string } & Omit<S, "errors" | "response" | HookName> & {
      response: Record<ErrorStatuses<S>, typeof apiErrorSchema> & S["response"];
    };
} & Pick<RouteHooks, HookName & keyof S>;

/** The `{error, code}` responses of a route's declared errors; described later by the contract. */
function declaredErrorResponses(errors: DeclaredErrors | undefined): Record<number, z.ZodType> {
  if (!errors) return {};
  const entries: Array<[number, string | undefined]> = Array.isArray(errors)
    ? (errors as readonly number[]).map((status) => [status, undefined])
    : Object.entries(errors as Record<number, string>).map(([status, text]) => [Number(status), text]);
  return Object.fromEntries(
    entries.map(([status, text]) => [status, text ? apiErrorSchema.describe(text) : apiErrorSchema]),
  );
}

/**
 * The declaration every API route makes (docs/architecture.md "Adding a module"), for the routes
 * of one OpenAPI tag. `routesTagged("leads")` gives `route(access, summary, spec)`, which builds
 * the options `app.get/post/patch/delete` take:
 * - `config.access`: who may call the route (`auth/access.ts`, ADR 0017; the access hook refuses
 *   a route without it);
 * - `schema`: the tag, summary and `operationId` the OpenAPI document shows, and the zod schemas
 *   that validate the request (`params`, `querystring`, `body`) and serialize the answer
 *   (`response`, plus an `{error, code}` response for each status of `errors`; an entry of
 *   `response` wins, e.g. `tokenErrorResponses`);
 * - the spec's hooks, e.g. `onRequest: [rateLimitBy(app, "lead-ip", { max })]` (numbers from
 *   src/common/limits.ts).
 * The statuses every route answers because of the hooks that apply to it (401/403 from its
 * access, 403 from the origin check, 413/415 where a body is read, 429 where a limit applies…)
 * are added at start-up by {@link installRouteContract}: declare only the route's own.
 * A handler that only calls its service returns the answer:
 * `async (request) => listChecks(db, manageScopeOf(request))`.
 * @param tag the OpenAPI tag grouping the routes in the reference (one of {@link API_TAGS})
 * @returns `route(access, summary, spec)` → `{ config: { access }, schema: { tags, summary,
 *   operationId, ...schemas }, ...hooks }`, typed so the zod type provider still infers
 *   `request.params`, `request.body`… from `spec`
 */
export function routesTagged(tag: ApiTag) {
  return <const S extends RouteSpec>(access: RouteAccess, summary: string, spec: S): RouteOptionsOf<S> => {
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
        response: { ...declaredErrorResponses(errors), ...response },
      },
      ...hooks,
    } as unknown as RouteOptionsOf<S>;
  };
}

/** Methods the origin check never refuses (`origin-check.ts`). */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Methods whose request body Fastify reads and parses when one is sent (its `handleRequest`). */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/**
 * Statuses that refuse a request's content (RFC 9110 §15.5.9 408 for a body that stalls, §15.5.14
 * 413, §15.5.16 415), so a route that reads no body cannot answer them (ADR 0077).
 */
const BODY_STATUSES = new Set([408, 413, 415]);
/** An operationId: a camelCase verb phrase, `sendMagicLink`, `listLeads`. */
const OPERATION_ID = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/;

/** What a declared error status means when the route does not say (its `errors` list). */
const ERROR_TEXT: Record<number, string> = {
  400: "The request breaks a rule of this operation (`VALIDATION_ERROR` or the operation's own code).",
  401: "Not allowed without the right credentials.",
  403: "Not allowed for this caller.",
  404: "Not found (`NOT_FOUND` or the operation's own code).",
  406: "The request cannot be answered as sent.",
  408: "The request body took too long to arrive (`UPLOAD_TIMEOUT`).",
  409: "Conflicts with the current state (the operation's own code).",
  410: "No longer available.",
  413: "Too large.",
  415: "Unsupported content.",
  503: "Temporarily unavailable; retry after `Retry-After` seconds.",
};

/** What a success status means when the route's schema does not describe it. */
const SUCCESS_TEXT: Record<number, string> = { 200: "OK.", 201: "Created.", 204: "Done; no content." };

/** Who may call an operation, as its description says (route-declared access, ADR 0017). */
const ACCESS_TEXT: Record<RouteAccess, string> = {
  public: "Public: no session needed.",
  user: "Needs the session cookie of a signed-in user (any role).",
  manager: "Needs the session cookie of an admin or a company admin (role `admin` or `company_admin`).",
  admin: "Needs the session cookie of an admin (role `admin`).",
};

/** The facts about a route that decide the statuses the cross-cutting hooks give it. */
export interface RouteFacts {
  methods: readonly string[];
  url: string;
  access: RouteAccess;
  /** It has a `rateLimitBy` hook. */
  rateLimited: boolean;
}

/**
 * The statuses a route answers because of the hooks that apply to it, each with why (ADR 0054):
 * - 400 on every route: the canonical-path guard (ADR 0030) and the control-character guard
 *   read every request's path and query; schema validation where the route has a schema;
 * - 401 on `user`, `manager` and `admin` routes (the access hook), 403 on `manager` and `admin`
 *   (role below the declared level);
 * - 403 on unsafe methods under `/api` (the origin check);
 * - 400 (malformed JSON), 413 (over {@link REQUEST_BODY_MAX_BYTES}) and 415 (a content type no
 *   parser reads) where Fastify reads a body: POST, PUT, PATCH, DELETE, OPTIONS;
 * - 414 where the path has a parameter (Fastify's `maxParamLength`, answered by `errors.ts`);
 * - 429 where a `rateLimitBy` hook applies;
 * - 503 on every route: the shutdown gate answers any request that arrives while the server
 *   stops, and a route that reads the database answers it while the database is unreachable
 *   (ADR 0011).
 * @returns status → the sentences that explain it
 */
export function crossCuttingStatuses(route: RouteFacts): Map<number, string[]> {
  const causes = new Map<number, string[]>();
  const add = (status: number, text: string) => causes.set(status, [...(causes.get(status) ?? []), text]);
  add(
    400,
    "A path or query parameter or the body fails validation (`VALIDATION_ERROR`, with `field`), or the path is not in canonical form, or the request target is not a path (`BAD_REQUEST`).",
  );
  const bodyRead = route.methods.some((method) => BODY_METHODS.has(method));
  if (bodyRead) add(400, "The body is not valid JSON (`BAD_REQUEST`).");
  if (route.access !== "public") {
    add(401, "No valid session (`UNAUTHENTICATED`), or the account was deactivated (`ACCOUNT_DEACTIVATED`).");
  }
  if (route.access === "manager" || route.access === "admin") {
    add(403, "The signed-in user's role may not call this operation (`FORBIDDEN`).");
  }
  if (route.methods.some((method) => !SAFE_METHODS.has(method)) && isApiPath(route.url)) {
    add(403, "A browser request from another origin (`CROSS_ORIGIN_REJECTED`).");
  }
  if (bodyRead) {
    add(413, `The body is larger than ${REQUEST_BODY_MAX_BYTES} bytes (\`PAYLOAD_TOO_LARGE\`).`);
    add(415, "The body's Content-Type is not one this operation reads (`UNSUPPORTED_MEDIA_TYPE`).");
  }
  if (route.url.includes(":")) add(414, "A path parameter is too long (`URI_TOO_LONG`).");
  if (route.rateLimited) add(429, "Too many requests; retry after `Retry-After` seconds (`RATE_LIMITED`).");
  add(
    503,
    "The server is restarting, or the database is unreachable; retry after `Retry-After` seconds (`SERVICE_UNAVAILABLE`).",
  );
  return causes;
}

type ZodLike = z.ZodType & { description?: string };
const isZod = (value: unknown): value is ZodLike =>
  typeof value === "object" && value !== null && typeof (value as ZodLike).describe === "function";

/**
 * Installs the OpenAPI contract of every route, as an `onRoute` hook on the root instance (after
 * `installAccessControl`, before any route; ADR 0054). For each documented route (not `hide`):
 * - start-up fails unless it has an `operationId` that is a camelCase verb phrase and unique,
 *   and when a route whose methods read no body (GET) declares 408, 413 or 415 (ADR 0077);
 * - `security` is derived from `config.access`: an explicit empty list for `public`, the
 *   `session` cookie scheme otherwise, and the description names who may call it;
 * - `response` gets an `{error, code}` entry for every status of {@link crossCuttingStatuses}
 *   besides the route's declared ones, each described (declared meaning first, then the
 *   hooks'); success responses without a description get one.
 * So the document lists exactly the statuses a route answers, and cannot disagree with the
 * access table.
 */
export function installRouteContract(app: FastifyInstance): void {
  const operations = new Map<string, string>();
  app.addHook("onRoute", (route: RouteOptions) => {
    const schema = route.schema as (FastifySchema & { hide?: boolean; operationId?: string }) | undefined;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (method) => method !== "HEAD",
    );
    if (!schema || schema.hide || methods.length === 0) return;
    const name = `${methods.join(",")} ${route.url}`;
    const id = schema.operationId;
    if (typeof id !== "string" || !OPERATION_ID.test(id)) {
      throw new Error(`Route ${name} has no camelCase operationId: add one to its route() spec`);
    }
    const taken = operations.get(id);
    if (taken || methods.length > 1) {
      throw new Error(`Route ${name} reuses the operationId "${id}" of ${taken ?? name}`);
    }
    operations.set(id, name);

    const access = route.config?.access ?? "public";
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
    const causes = crossCuttingStatuses({
      methods,
      url: route.url,
      access,
      rateLimited: hooks.some(isRateLimit),
    });
    const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown>) };
    const bodyless = !methods.some((method) => BODY_METHODS.has(method));
    const impossible = Object.keys(response)
      .map(Number)
      .filter((status) => bodyless && BODY_STATUSES.has(status));
    if (impossible.length > 0) {
      throw new Error(
        `Route ${name} declares ${impossible.join(", ")}, which only a request with a body can get (ADR 0077)`,
      );
    }
    for (const [status, entry] of Object.entries(response)) {
      const code = Number(status);
      if (code >= 400 && !causes.has(code)) causes.set(code, []);
      if (code < 400 && isZod(entry) && !entry.description) {
        response[status] = entry.describe(SUCCESS_TEXT[code] ?? "Success.");
      }
    }
    for (const [status, hookTexts] of [...causes].sort(([a], [b]) => a - b)) {
      const declared = response[status];
      // The route's own meaning first (its description, else the status's usual one), then the hooks'.
      const own = isZod(declared) ? (declared.description ?? ERROR_TEXT[status]) : undefined;
      const text = [own, ...hookTexts].filter(Boolean).join(" ");
      // The described response refers to the one ApiError component (a described copy of the
      // schema would be written out in full in every response).
      response[status] = {
        description: text || "Error.",
        content: { "application/json": { schema: apiErrorSchema } },
      };
    }
    const limited = causes.has(429) ? " Rate-limited: over the limit it answers 429 with `Retry-After`." : "";
    route.schema = {
      ...schema,
      response,
      security: access === "public" ? [] : [{ session: [] }],
      description: [schema.description, `${ACCESS_TEXT[access]}${limited}`].filter(Boolean).join(" "),
    } as FastifySchema;
  });
}
