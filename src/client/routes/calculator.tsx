import { CalculatorPage } from "~/features/calculator/calculator-page";
import { addCatalog, i18next } from "~/lib/i18n";
import { languageLinks } from "~/lib/seo";
import { enCalculator } from "~/locales/en-calculator";

// This route's texts (ADR 0008: feature catalogs load with their route, not on `/`).
addCatalog({ calculator: enCalculator });

export const meta = ({ location }: { location: { pathname: string } }) => [
  ...languageLinks(location.pathname),
  { title: `${i18next.t("calculator.metaTitle")} · ${i18next.t("brand.name")}` },
  { name: "description", content: i18next.t("calculator.metaDescription") },
];

/** /calculator (docs/product.md#2-pages): the revenue calculator, prerendered at build time. */
export default function CalculatorRoute() {
  return <CalculatorPage />;
}
