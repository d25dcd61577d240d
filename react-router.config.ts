import type { Config } from "@react-router/dev/config";
import {
  NOT_FOUND_PRERENDER_PATH,
  SHELL_ROUTE_PATTERNS,
  SPANISH_NOT_FOUND_PRERENDER_PATH,
  shellPath,
} from "./src/common/client-routes";
import { SPANISH_PATHS } from "./src/common/languages";
import { LOGIN_PORTALS } from "./src/common/login-portals";
import { PRIVACY_NOTICE_PATHS } from "./src/common/privacy";
import { RETAILER_DEMOS } from "./src/common/retailer-demos";

/**
 * React Router framework mode without a rendering server (ADR 0003): public pages are
 * prerendered to static HTML at build time; the pages rendered in the browser (portal, IMU demo)
 * get a prerendered shell, their loading screen under their own title (ADR 0041); any other path
 * the app shows gets the SPA fallback page. The not-found page is prerendered too, at
 * NOT_FOUND_PRERENDER_PATH, and in Spanish at SPANISH_NOT_FOUND_PRERENDER_PATH: the server answers
 * unknown paths with one of them, in the `lang` cookie's language, and status 404 (ADR 0063).
 */
export default {
  appDirectory: "src/client",
  buildDirectory: "build",
  ssr: false,
  prerender: [
    "/",
    "/calculator",
    PRIVACY_NOTICE_PATHS.en,
    ...RETAILER_DEMOS.map((demo) => `/${demo.slug}`),
    ...LOGIN_PORTALS.map((portal) => portal.path),
    NOT_FOUND_PRERENDER_PATH,
    SPANISH_NOT_FOUND_PRERENDER_PATH,
    // Their Spanish twins (`/es/`, `/es/calculator`, …; ADR 0022).
    ...SPANISH_PATHS,
    // Shells of the pages rendered in the browser: loading screen and title (ADR 0041).
    ...SHELL_ROUTE_PATTERNS.map(shellPath),
  ],
} satisfies Config;
