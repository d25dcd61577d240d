import { SitePage } from "~/components/site-page";
import { FeatureGrid } from "./feature-grid";
import { FeaturesSection } from "./features-section";
import { Hero } from "./hero";
import { IndustriesSection } from "./industries-section";
import { PartnersSection } from "./partners-section";
import { PricingSection } from "./pricing-section";

/**
 * The landing page (docs/product.md#2-pages "Landing page"): header, then hero, feature grid
 * (`branded-app-sdk`), industries (`industries`), features, partners and pricing (`pricing`),
 * then the footer. Static HTML (ADR 0064): its section links, dialog triggers and the scroll to an
 * arrival `#section` are wired by the page's script (src/site/scripts), the dialogs are the
 * layout's island (src/site/islands/dialogs).
 */
export function LandingPage() {
  return (
    <SitePage className="bg-white">
      <main id="main" className="landing-sections flex-1">
        <Hero />
        <FeatureGrid />
        <IndustriesSection />
        <FeaturesSection />
        <PartnersSection />
        <PricingSection />
      </main>
    </SitePage>
  );
}
