import { addSpanish } from "~/locales/es-register";
import { esRetailerDemo } from "~/locales/es-retailer-demo";
import RetailerDemoRoute, { meta as retailerDemoMeta } from "../retailer-demo";

// Spanish texts, registered before the page renders (ADR 0022).
addSpanish({ retailerDemo: esRetailerDemo });

export const meta = retailerDemoMeta;

/** `/es/<demo>` (ADR 0022): a retailer's store-demo registration page in Spanish, prerendered. */
export default function SpanishRetailerDemoRoute() {
  return <RetailerDemoRoute />;
}
