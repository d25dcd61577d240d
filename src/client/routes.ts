import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** Route table (spec §2). Routes not built yet fall to the not-found page. */
export default [
  index("routes/home.tsx"),
  route("admin/login", "routes/admin-login.tsx"),
  route("verify/:token?", "routes/verify.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("admin/dashboard", "routes/admin-dashboard.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
