import type { FastifyInstance } from "fastify";

/*
 * The route-access declaration (ADR 0017) every route carries, below `http/` (whose `route()`
 * and static-file plugins declare it) and `auth/` (whose access hook enforces it), ADR 0086.
 */

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
    /** Who may call the route; every route must declare it (enforced by `auth/access.ts`). */
    access?: RouteAccess;
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
export function inheritedContextAccess(scope: object): RouteAccess | undefined {
  for (let context: object | null = scope; context; context = Object.getPrototypeOf(context)) {
    const access = contextAccess.get(context);
    if (access) return access;
  }
  return undefined;
}

/** True when `value` is one of {@link ROUTE_ACCESS}. */
export const isAccess = (value: unknown): value is RouteAccess => ROUTE_ACCESS.includes(value as RouteAccess);
