import { clsx } from "clsx";
import { Check, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/react-i18n";
import { PLANS } from "./content";
import { LandingSection } from "./landing-section";

/**
 * Pricing (docs/product.md#1-audience, #3-records; anchor `pricing`): Starter, Optimal ('Most Popular', raised) and
 * Unlimited, each feature marked included or not; each Get Started button opens the Get Started
 * modal with that plan through its `data-dialog-trigger`/`data-plan` marks, which the page's
 * trigger script reads (src/site/scripts/dialog-triggers.ts; no handler on a static page, ADR 0079).
 */
export function PricingSection() {
  const { t } = useTranslation();
  return (
    <LandingSection name="pricing" id="pricing" className="py-16 outline-none lg:py-24" size="lg" centered>
      <ul className="mt-14 grid items-start gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <li
            key={plan.title}
            aria-labelledby={`plan-${plan.title}`}
            className={clsx(
              "relative flex flex-col rounded-2xl border bg-white p-8",
              plan.isPopular
                ? "border-indigo-600 shadow-xl shadow-indigo-600/10 ring-1 ring-indigo-600 lg:-mt-4 lg:pb-12"
                : "border-slate-200 shadow-sm",
            )}
          >
            {plan.isPopular ? (
              <span className="absolute -top-3.5 left-8 rounded-full bg-gradient-to-r from-indigo-600 to-violet-600 px-3 py-1 text-xs font-semibold text-white shadow">
                {t("landing.pricing.mostPopular")}
              </span>
            ) : null}
            <h3 id={`plan-${plan.title}`} className="text-xl font-semibold text-slate-950">
              {plan.title}
            </h3>
            <p className="mt-2 min-h-12 text-slate-600">
              {t(`landing.pricing.plans.${plan.title}.description`)}
            </p>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="text-5xl font-bold tracking-tight text-slate-950">
                {plan.price === null ? t("landing.pricing.custom") : `$${plan.price}`}
              </span>
              {plan.price === null ? null : (
                <span className="text-sm text-slate-600">{t("landing.pricing.perEmployeeMonth")}</span>
              )}
            </p>
            <Button
              size="lg"
              variant={plan.isPopular ? "default" : "outline"}
              className="mt-8"
              aria-haspopup="dialog"
              data-dialog-trigger="get-started"
              data-plan={plan.title}
            >
              {t("landing.pricing.getStarted")}
              <span className="sr-only">: {plan.title}</span>
            </Button>
            <ul className="mt-8 grid gap-3 text-sm">
              {plan.features.map((feature) => (
                <li
                  key={feature.id}
                  className={clsx(
                    "flex items-start gap-3",
                    feature.included ? "text-slate-800" : "text-slate-500",
                  )}
                >
                  {feature.included ? (
                    <Check className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden="true" />
                  ) : (
                    <X className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  )}
                  <span className={feature.included ? undefined : "line-through decoration-slate-300"}>
                    {t(`landing.pricing.featureNames.${feature.id}`)}
                  </span>
                  <span className="sr-only">
                    ({feature.included ? t("landing.pricing.included") : t("landing.pricing.notIncluded")})
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
