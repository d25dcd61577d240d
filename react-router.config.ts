import type { Config } from "@react-router/dev/config";

/**
 * React Router framework mode without a rendering server (ADR 0003): public pages are
 * prerendered to static HTML at build time; every other route is rendered in the browser
 * from the SPA fallback page that the Fastify server returns.
 */
export default {
  appDirectory: "src/client",
  buildDirectory: "build",
  ssr: false,
  prerender: ["/"],
} satisfies Config;
