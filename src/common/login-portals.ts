/**
 * The five placeholder login portals (docs/product.md#2-pages "Routes", "Login portal pages"). Their copy lives
 * in the i18n catalog under `loginPortals.<id>`; the route table and the prerender list read
 * the paths from here, so the three cannot drift.
 */
import { trimSlashes } from "./text";

export const LOGIN_PORTALS = [
  { id: "api", path: "/developer-api-login" },
  { id: "documentation", path: "/documentation-login" },
  { id: "sdk", path: "/developer-sdk-login" },
  { id: "retailer", path: "/retailer-login" },
  { id: "plugins", path: "/plugins-login" },
] as const;

export type LoginPortal = (typeof LOGIN_PORTALS)[number];
export type LoginPortalId = LoginPortal["id"];

/** The portal served at `pathname` (a trailing slash is ignored), or undefined. */
export function findLoginPortal(pathname: string): LoginPortal | undefined {
  const path = pathname.length > 1 ? trimSlashes(pathname) : pathname;
  return LOGIN_PORTALS.find((portal) => portal.path === path);
}
