import type { RetailerDemo } from "@common/retailer-demos";
import type { ReactNode } from "react";
import { SectionCard } from "~/components/section-card";
import { SitePage } from "~/components/site-page";
import { CardContent } from "~/components/ui/card";
import { useTranslation } from "~/lib/react-i18n";
import { PartnerLogos } from "./partner-logos";
import { RegistrationPanel } from "./registration-panel";

const STEPS = ["one", "two", "three", "four", "five"] as const;

/**
 * The retailer store-demo registration page (docs/product.md#2-pages, #4-states "Demo registration"): partner
 * logos, title, the five steps, and the form that turns into the Thank You view.
 *
 * Rendered to static HTML (the public site is static pages with islands); the form and its
 * Thank You view, {@link RegistrationPanel}, are `children` when the page passes them as an
 * island, or rendered in place.
 */
export function RegistrationPage({ demo, children }: { demo: RetailerDemo; children?: ReactNode }) {
  const { t } = useTranslation();
  const vars = { store: demo.storeName, retailer: demo.retailerName };

  return (
    <SitePage className="bg-gradient-to-b from-secondary/70 via-background to-background">
      <main id="main" className="mx-auto w-full max-w-[1100px] flex-1 px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
        <PartnerLogos logos={demo.partnerLogos} />
        <h1 className="mt-8 text-center text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {t("retailerDemo.title", vars)}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted-foreground">
          {t("retailerDemo.intro", vars)}
        </p>
        <div className="mt-10 grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <SectionCard title={t("retailerDemo.stepsTitle")}>
            <CardContent>
              <ol className="grid gap-4">
                {STEPS.map((step, index) => (
                  <li key={step} className="flex items-start gap-3">
                    <span
                      aria-hidden="true"
                      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-1">{t(`retailerDemo.steps.${step}`)}</span>
                  </li>
                ))}
              </ol>
            </CardContent>
          </SectionCard>
          {children ?? <RegistrationPanel demo={demo} />}
        </div>
      </main>
    </SitePage>
  );
}
