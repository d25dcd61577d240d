import { addCatalog } from "~/lib/i18n";
import { es } from "~/locales/es";
import { esErrors } from "~/locales/es-errors";
import { esRetailerDemo } from "~/locales/es-retailer-demo";
import { RegistrationIsland } from "./registration-island";

// The island's Spanish texts: its own, the base words it uses ("Close", "opens in a new tab")
// and the server's error messages; one module per language (ADR 0022).
addCatalog({ retailerDemo: esRetailerDemo, common: es.common, landing: es.landing, errors: esErrors }, "es");

/** The registration island of `/es/<slug>` (./registration-island.tsx). */
export default function RegistrationEs({ slug }: { slug: string }) {
  return <RegistrationIsland slug={slug} />;
}
