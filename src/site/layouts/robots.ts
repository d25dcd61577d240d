import { PAGES, type Page } from "../../common/pages";

/**
 * The `Disallow` paths of robots.txt: one per first path segment of the pages of `pages` marked
 * `robots: "disallow"` (the portal's), with a trailing slash when a page has more segments
 * (`/admin/` for `/admin/login`, `/verify/` for `/verify/:token?`), in list order; then the API.
 * @param pages the page list, `PAGES` unless a test passes its own
 */
export function disallowedPaths(pages: readonly Page[] = PAGES): string[] {
  const segments = pages
    .filter((page) => page.robots === "disallow")
    .map((page) => page.path.split("/").slice(1));
  const firsts = [...new Set(segments.map((parts) => parts[0] ?? ""))];
  const rules = firsts.map((first) =>
    segments.some((parts) => parts[0] === first && parts.length > 1) ? `/${first}/` : `/${first}`,
  );
  return [...rules, "/api/"];
}

/**
 * The body of `/robots.txt`: crawlers may read the public site, not the portal's pages
 * ({@link disallowedPaths}) nor the API, and find the sitemap at `sitemap`.
 * @param sitemap the sitemap index's absolute URL
 * @param pages the page list, `PAGES` unless a test passes its own
 */
export function robotsTxt(sitemap: string, pages: readonly Page[] = PAGES): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths(pages).map((rule) => `Disallow: ${rule}`),
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
}
