import type { PlanTitle } from "@common/api/leads";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { smoothScrollTo } from "~/lib/smooth-scroll";
import { FeatureGrid } from "./feature-grid";
import { FeaturesSection } from "./features-section";
import { Hero } from "./hero";
import { IndustriesSection } from "./industries-section";
import { LANDING_STYLES } from "./landing-styles";
import { PartnersSection } from "./partners-section";
import { PricingSection } from "./pricing-section";

/** The modals load on first use, keeping them out of the first page load. */
const GetStartedDialog = lazy(() =>
  import("~/components/get-started-dialog").then((m) => ({ default: m.GetStartedDialog })),
);
const JobsDialog = lazy(() => import("./jobs-dialog").then((m) => ({ default: m.JobsDialog })));

/**
 * The landing page (docs/product.md#2-pages "Landing page"): header, then hero, feature grid
 * (`branded-app-sdk`), industries (`industries`), features, partners and pricing (`pricing`),
 * then the footer. Arriving with a `#section` hash (from another page's nav) smooth scrolls there.
 */
export function LandingPage() {
  const { hash } = useLocation();
  const [plan, setPlan] = useState<PlanTitle | null>(null);
  const [getStartedOpen, setGetStartedOpen] = useState(false);
  const [jobsOpen, setJobsOpen] = useState(false);
  const [jobsRequested, setJobsRequested] = useState(false);

  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ""));
    if (!id) return;
    // Arriving from another page: wait for the web font so line breaks (and offsets) are final.
    let cancelled = false;
    const fontsReady = document.fonts?.ready ?? Promise.resolve();
    void fontsReady.then(() => {
      if (!cancelled) smoothScrollTo(id);
    });
    return () => {
      cancelled = true;
    };
  }, [hash]);

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <style href="landing-motion" precedence="default">
        {LANDING_STYLES}
      </style>
      <SiteHeader />
      <main id="main" className="landing-sections flex-1">
        <Hero />
        <FeatureGrid
          onOpenJobs={() => {
            setJobsRequested(true);
            setJobsOpen(true);
          }}
        />
        <IndustriesSection />
        <FeaturesSection />
        <PartnersSection />
        <PricingSection
          onGetStarted={(chosen) => {
            setPlan(chosen);
            setGetStartedOpen(true);
          }}
        />
      </main>
      <SiteFooter />
      <Suspense fallback={null}>
        {plan ? (
          <GetStartedDialog open={getStartedOpen} onOpenChange={setGetStartedOpen} plan={plan} />
        ) : null}
        {jobsRequested ? <JobsDialog open={jobsOpen} onOpenChange={setJobsOpen} /> : null}
      </Suspense>
    </div>
  );
}
