import type { Config } from "@react-router/dev/config";
import { NOT_FOUND_PRERENDER_PATH, SPANISH_NOT_FOUND_PRERENDER_PATH } from "./src/common/client-routes";
import { SPANISH_PATHS } from "./src/common/languages";
import { LOGIN_PORTALS } from "./src/common/login-portals";
import { PRIVACY_NOTICE_PATHS } from "./src/common/privacy";
import { RETAILER_DEMOS } from "./src/common/retailer-demos";

/**
 * React Router framework mode without a rendering server (ADR 0003): public pages are
 * prerendered to static HTML at build time; every other route is rendered in the browser
 * from the SPA fallback page that the Fastify server returns. The not-found page is prerendered
 * too, at NOT_FOUND_PRERENDER_PATH, and in Spanish at SPANISH_NOT_FOUND_PRERENDER_PATH: the server
 * answers unknown paths with one of them, in the `lang` cookie's language, and status 404 (ADR 0063).
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
  ],
} satisfies Config;
