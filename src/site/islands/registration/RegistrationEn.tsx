import { addCatalog } from "~/lib/i18n";
import { enRetailerDemo } from "~/locales/en-retailer-demo";
import { RegistrationIsland } from "./registration-island";

// The island's English texts, registered as it loads (one module per language, ADR 0022).
addCatalog({ retailerDemo: enRetailerDemo });

/** The registration island of `/<slug>` (./registration-island.tsx). */
export default function RegistrationEn({ slug }: { slug: string }) {
  return <RegistrationIsland slug={slug} />;
}
