/**
 * True when a request path (query string allowed) belongs to the JSON API: `/api` itself or
 * anything under `/api/`. Such paths answer JSON errors, are never cached (`no-store`), are
 * covered by the origin check and never fall through to the page route's not-found page.
 * @param url `request.url` or a decoded pathname, e.g. `/api/leads?page=2`
 */
export function isApiPath(url: string): boolean {
  return url.startsWith("/api") && (url.length === 4 || url[4] === "/" || url[4] === "?");
}
