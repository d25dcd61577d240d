import type { APIRoute } from "astro";
import { robotsTxt } from "../layouts/robots";

/**
 * `/robots.txt`: crawlers may read the public site, not the portal's pages nor the API (the page
 * list, src/common/pages.ts), and find the sitemap at the configured site URL (Astro's `site`,
 * ADR 0064).
 */
export const GET: APIRoute = ({ site }) => {
  const body = robotsTxt(new URL("/sitemap-index.xml", site).href);
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
