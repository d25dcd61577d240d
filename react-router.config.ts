import type { Config } from "@react-router/dev/config";
import { SHELL_ROUTE_PATTERNS, shellPath } from "./src/common/client-routes";

/**
 * React Router framework mode without a rendering server, for the pages rendered in the browser:
 * the account portal (ADR 0064; the public pages, the IMU demo among them, are the Astro site's,
 * built into build/site, ADR 0080). Each gets a prerendered shell, its loading screen under its
 * own title (ADR 0041); any other path gets the SPA fallback page, `index.html`, since `/` is not
 * prerendered here.
 */
export default {
  appDirectory: "src/client",
  buildDirectory: "build",
  ssr: false,
  prerender: SHELL_ROUTE_PATTERNS.map(shellPath),
} satisfies Config;
