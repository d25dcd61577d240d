import { ToasterOnDemand } from "~/components/toaster-on-demand";
import { Calculator } from "~/features/calculator/calculator";
import { addCatalog } from "~/lib/i18n";
import { es } from "~/locales/es";
import { esCalculator } from "~/locales/es-calculator";
import { esErrors } from "~/locales/es-errors";

// The island's Spanish texts (its own and the server's error messages of a failed password
// check), registered as it loads. One module per language, so English pages never download
// Spanish texts (ADR 0022).
addCatalog({ calculator: esCalculator, errors: esErrors, common: es.common }, "es");

/** The calculator island of `/es/calculator`: {@link Calculator} in Spanish (see ./CalculatorEn.tsx). */
export default function CalculatorEs() {
  return (
    <>
      <Calculator />
      {/* The Copy link toasts (only one toaster renders per page). */}
      <ToasterOnDemand />
    </>
  );
}
