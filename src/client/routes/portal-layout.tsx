import { Outlet } from "react-router";
import { addCatalog } from "~/lib/i18n";
import { QueryProvider } from "~/lib/query-provider";
import { enAccount } from "~/locales/en-account";
import { enLeads } from "~/locales/en-leads";
import { enPortal } from "~/locales/en-portal";
import { enRetailerDemo } from "~/locales/en-retailer-demo";

// The portal's English texts (ADR 0008: they load with the portal, never on `/`).
addCatalog({ ...enAccount, portal: enPortal, leads: enLeads, retailerDemo: enRetailerDemo });

/**
 * The layout of the signed-in portal and its sign-in screens (`/admin/login`, `/sign-in`, `/verify`,
 * `/accept-invitation`, `/dashboard`, `/admin/dashboard`; docs/product.md#2-pages): registers their
 * English catalogs and provides TanStack Query once for all of them. Their Spanish catalogs are
 * registered together in `locales/es-portal-register.ts`, which the root loads when the `lang`
 * cookie asks for Spanish (`lib/portal-language.ts`, ADR 0022; it serves the 404 and IMU pages
 * too, and importing it here would add a file to the first load of `/`). None of these pages is
 * prerendered; they render in the browser from the SPA fallback page (ADR 0003).
 */
export default function PortalLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
