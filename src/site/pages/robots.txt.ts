import type { APIRoute } from "astro";

/**
 * `/robots.txt`: crawlers may read the public site, not the portal's pages nor the API, and find
 * the sitemap at the configured site URL (Astro's `site`, ADR 0064).
 */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap-index.xml", site).href;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin/",
    "Disallow: /dashboard",
    "Disallow: /sign-in",
    "Disallow: /verify/",
    "Disallow: /accept-invitation/",
    "Disallow: /api/",
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
