import { Outlet } from "react-router";
import { LoadingScreen } from "~/components/loading-screen";
import { addCatalog } from "~/lib/i18n";
import { QueryProvider } from "~/lib/query-provider";
import { enAccount } from "~/locales/en-account";
import { enLeads } from "~/locales/en-leads";
import { enPortal } from "~/locales/en-portal";
import { enPortalCommon } from "~/locales/en-portal-common";
import { enRetailerDemo } from "~/locales/en-retailer-demo";

// The portal's English texts (ADR 0008: they load with the portal, never on `/`).
addCatalog({
  ...enAccount,
  ...enPortalCommon,
  portal: enPortal,
  leads: enLeads,
  retailerDemo: enRetailerDemo,
});

/**
 * The layout of the signed-in portal and its sign-in screens (`/admin/login`, `/sign-in`, `/verify`,
 * `/accept-invitation`, `/dashboard`, `/admin/dashboard`; docs/product.md#2-pages): registers their
 * English catalogs and provides TanStack Query once for all of them. Their Spanish catalogs are
 * registered together in `locales/es-portal-register.ts`, which the root loads when the `lang`
 * cookie asks for Spanish (`lib/portal-language.ts`, ADR 0022; it serves the 404 and IMU pages
 * too, and importing it here would add a file to the first load of `/`). These pages render in
 * the browser (ADR 0003); the build prerenders only their shell (ADR 0041): {@link HydrateFallback}
 * under the page's own `<title>`, since a route with a {@link clientLoader} is rendered that way.
 */
export default function PortalLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}

/**
 * Makes the build prerender these pages as their shell (ADR 0041): React Router renders the
 * {@link HydrateFallback} of a route with a client loader, and the page itself once the loader
 * has run in the browser. Loads nothing: each screen fetches its own data.
 */
export async function clientLoader() {
  return null;
}

/** The shell of the portal's pages (ADR 0041): the loading screen, as before the app runs. */
export function HydrateFallback() {
  return <LoadingScreen />;
}
