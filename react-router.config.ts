import type { Config } from "@react-router/dev/config";
import { NOT_FOUND_PRERENDER_PATH, SHELL_ROUTE_PATTERNS, shellPath } from "./src/common/client-routes";
import { SPANISH_PATHS } from "./src/common/languages";
import { LOGIN_PORTALS } from "./src/common/login-portals";
import { RETAILER_DEMOS } from "./src/common/retailer-demos";

/**
 * React Router framework mode without a rendering server (ADR 0003): public pages are
 * prerendered to static HTML at build time; the pages rendered in the browser (portal, IMU demo)
 * get a prerendered shell, their loading screen under their own title (ADR 0041); any other path
 * the app shows gets the SPA fallback page. The not-found page is prerendered too, at
 * NOT_FOUND_PRERENDER_PATH: the server answers unknown paths with it and status 404.
 */
export default {
  appDirectory: "src/client",
  buildDirectory: "build",
  ssr: false,
  prerender: [
    "/",
    "/calculator",
    ...RETAILER_DEMOS.map((demo) => `/${demo.slug}`),
    ...LOGIN_PORTALS.map((portal) => portal.path),
    NOT_FOUND_PRERENDER_PATH,
    // Their Spanish twins (`/es/`, `/es/calculator`, …; issue #12, ADR 0022).
    ...SPANISH_PATHS,
    // Shells of the pages rendered in the browser: loading screen and title (ADR 0041).
    ...SHELL_ROUTE_PATTERNS.map(shellPath),
  ],
} satisfies Config;
