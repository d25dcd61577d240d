import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { canManageUsers, isAdmin } from "../../common/roles";
import { forbidden, unauthorized } from "../core/errors";
import { type DeclaredRoute, inheritedContextAccess, isAccess } from "../core/route-access";
import { requireUser } from "./guards";
import { type ManageScope, manageScope } from "./policy";
import type { ResolvedSession } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's session on routes that need one (null on public routes). */
    auth: ResolvedSession | null;
  }
}

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
