import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { LOGIN_PORTALS } from "../common/login-portals";
import { RETAILER_DEMOS } from "../common/retailer-demos";

/** Route table (docs/product.md#2-pages). Routes not built yet fall to the not-found page. */
export default [
  index("routes/home.tsx"),
  // The portal and its sign-in screens: one layout holds their catalogs and TanStack Query.
  layout("routes/portal-layout.tsx", [
    route("admin/login", "routes/admin-login.tsx"),
    route("sign-in", "routes/sign-in.tsx"),
    route("verify/:token?", "routes/verify.tsx"),
    route("accept-invitation/:token?", "routes/accept-invitation.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("admin/dashboard", "routes/admin-dashboard.tsx"),
  ]),
  route("calculator", "routes/calculator.tsx"),
  route("privacy", "routes/privacy.tsx"),
  ...RETAILER_DEMOS.map((demo) =>
    route(demo.slug, "routes/retailer-demo.tsx", { id: `retailer-demo-${demo.slug}` }),
  ),
  route("accelerometer/*", "routes/accelerometer.tsx"),
  ...LOGIN_PORTALS.map((portal) =>
    route(portal.path.slice(1), "routes/login-portal.tsx", { id: `login-portal-${portal.id}` }),
  ),
  // Spanish twins of the public pages (ADR 0022): the same pages under `/es`.
  route("es", "routes/es/home.tsx", { id: "es-home" }),
  route("es/calculator", "routes/es/calculator.tsx", { id: "es-calculator" }),
  route("es/privacy", "routes/es/privacy.tsx", { id: "es-privacy" }),
  ...RETAILER_DEMOS.map((demo) =>
    route(`es/${demo.slug}`, "routes/es/retailer-demo.tsx", { id: `es-retailer-demo-${demo.slug}` }),
  ),
  ...LOGIN_PORTALS.map((portal) =>
    route(`es${portal.path}`, "routes/es/login-portal.tsx", { id: `es-login-portal-${portal.id}` }),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
