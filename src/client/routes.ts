import { layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Route table of the browser app (docs/product.md#2-pages): the account portal. The public pages,
 * the IMU demo among them, are static pages of the Astro site (src/site, ADR 0064, ADR 0080); the
 * catch-all sends a link to one of them, or to any other path, to the server (routes/not-found.tsx).
 */
export default [
  // The portal and its sign-in screens: one layout holds their catalogs and TanStack Query.
  layout("routes/portal-layout.tsx", [
    route("admin/login", "routes/admin-login.tsx"),
    route("sign-in", "routes/sign-in.tsx"),
    route("verify/:token?", "routes/verify.tsx"),
    route("accept-invitation/:token?", "routes/accept-invitation.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("admin/dashboard", "routes/admin-dashboard.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
