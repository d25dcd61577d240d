import { findRetailerDemo } from "@common/retailer-demos";
import { ToasterOnDemand } from "~/components/toaster-on-demand";
import { RegistrationPanel } from "~/features/retailer-demo/registration-panel";

/**
 * The store-demo registration island (docs/product.md#2-pages, #4-states; ADR 0006): the form and
 * its Thank You view, with the toaster its validation and errors need (only one toaster renders
 * per page, components/toaster-on-demand.tsx). Hydrated on first interaction, or at once when
 * registrations captured offline wait to be resent (./wake.ts).
 * @param slug the demo's slug (src/common/retailer-demos.ts)
 */
export function RegistrationIsland({ slug }: { slug: string }) {
  const demo = findRetailerDemo(slug);
  if (!demo) throw new Error(`Unknown retailer demo "${slug}"`);
  return (
    <>
      <RegistrationPanel demo={demo} />
      <ToasterOnDemand preload />
    </>
  );
}
