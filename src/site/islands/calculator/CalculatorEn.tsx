import { ToasterOnDemand } from "~/components/toaster-on-demand";
import { Calculator } from "~/features/calculator/calculator";
import { addCatalog } from "~/lib/i18n";
import { enCalculator } from "~/locales/en-calculator";

// The island's English texts, registered as it loads (before it hydrates). One module per
// language, so a page downloads its own language's texts only (ADR 0022).
addCatalog({ calculator: enCalculator });

/**
 * The calculator island of `/calculator` (docs/product.md#2-pages; ADR 0007): the interactive
 * part of the page, hydrated on first interaction, or at once when the session gave the Channel
 * Partner password (./wake.ts). A shared link's figures are painted before that without React
 * (./paint.ts, ADR 0068).
 */
export default function CalculatorEn() {
  return (
    <>
      <Calculator />
      {/* The Copy link toasts (only one toaster renders per page). */}
      <ToasterOnDemand />
    </>
  );
}
