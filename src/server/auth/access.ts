import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { canManageUsers, isAdmin } from "../../common/roles";
import { forbidden, unauthorized } from "../http/errors";
import { requireUser } from "./guards";
import { type ManageScope, manageScope } from "./policy";
import type { ResolvedSession } from "./sessions";

/**
 * Who may call a route (ADR 0017):
 * - `public`: anyone, signed in or not (no session is looked up);
 * - `user`: any signed-in, active user;
 * - `manager`: admins and company admins (docs/product.md#6-roles canManageUsers);
 * - `admin`: admins only.
 * Tenant rules (which rows a manager may touch) are not part of the declaration; they live in
 * `auth/policy.ts`.
 */
export const ROUTE_ACCESS = ["public", "user", "manager", "admin"] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** One registered route and its declared access, as collected at start-up. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; every route must declare it (see `auth/access.ts`). */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in user's session on routes that need one (null on public routes). */
    auth: ResolvedSession | null;
  }
  interface FastifyInstance {
    /** Every route registered so far with its declared access, in registration order. */
    readonly declaredRoutes: readonly DeclaredRoute[];
  }
}

/** Default access for routes a third-party plugin registers in one context (e.g. static files). */
const contextAccess = new WeakMap<object, RouteAccess>();

/**
 * Declares the access of every route registered on `scope`, or on a context nested inside it,
 * that does not declare its own, for plugins whose route options we cannot set
 * (`@fastify/static` registers one route per file; `@fastify/swagger-ui` registers its routes in
 * a child context of its own). Use it only inside a dedicated encapsulated plugin.
 */
export function declareContextAccess(scope: FastifyInstance, access: RouteAccess): void {
  contextAccess.set(scope, access);
}

/** The context access declared on `scope` or the nearest context enclosing it (Fastify creates a
 * child context with `Object.create(parent)`, so the prototype chain is the nesting). */
function inheritedContextAccess(scope: object): RouteAccess | undefined {
  for (let context: object | null = scope; context; context = Object.getPrototypeOf(context)) {
    const access = contextAccess.get(context);
    if (access) return access;
  }
  return undefined;
}

const isAccess = (value: unknown): value is RouteAccess => ROUTE_ACCESS.includes(value as RouteAccess);

/**
 * Installs route-declared access control on the root instance, before any route is registered:
 * - an `onRoute` hook that throws (so start-up fails) for a route without a valid
 *   `config.access`, and records every route in `app.declaredRoutes`;
 * - an `onRequest` hook that enforces the declaration: 401 UNAUTHENTICATED without a valid
 *   session (clearing a stale cookie), 403 FORBIDDEN for a role below the declared level, and
 *   decorates `request.auth` with the session.
 * A request no route matches (404) needs no session; a matched route without a declaration
 * (impossible after start-up) is refused with 500 rather than served.
 */
export function installAccessControl(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  app.decorate("declaredRoutes", declared);
  app.decorateRequest("auth", null);
  app.addHook("onRoute", function (this: FastifyInstance, route: RouteOptions) {
    const access = route.config?.access ?? inheritedContextAccess(this);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!isAccess(access)) {
      throw new Error(
        `Route ${methods.join(",")} ${route.url} declares no access: add config: { access: "public" | "user" | "manager" | "admin" }`,
      );
    }
    route.config = { ...route.config, access };
    for (const method of methods) declared.push({ method, url: route.url, access });
  });
  app.addHook("onRequest", async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      if (request.is404) return;
      throw new Error(`route ${request.routeOptions.url} has no access declaration`);
    }
    if (access === "public") return;
    const session = await requireUser(request, reply);
    if (access === "manager" && !canManageUsers(session.user.role)) throw forbidden();
    if (access === "admin" && !isAdmin(session.user.role)) throw forbidden();
    request.auth = session;
  });
}

/**
 * The session of a request on a route declared `user`, `manager` or `admin` (the access hook
 * has already resolved it).
 * @throws HttpError 401 when called on a public route without a session
 */
export function sessionOf(request: FastifyRequest): ResolvedSession {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The rows the signed-in caller may manage (`policy.ts` {@link manageScope}, ADR 0009), on a
 * `manager` route: `listChecks(db, manageScopeOf(request))`.
 * @throws HttpError 401 when called on a public route without a session, as {@link sessionOf}
 */
export function manageScopeOf(request: FastifyRequest): ManageScope {
  return manageScope(sessionOf(request).user);
}
