import { HERO_CELEBRATION_MS } from "@common/limits";
import { ArrowRight, BarChart3, Rocket, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { SectionLink } from "~/components/section-link";
import { Button } from "~/components/ui/button";
import { HERO_PHONE_URLS } from "~/lib/hero-artwork";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";

/** The celebration row that replaces the pending ellipsis (docs/product.md#1-audience, #4-states). */
const CELEBRATION_EMOJIS = ["🎉", "🛒", "🚀", "✨", "🥳"] as const;

/**
 * True once {@link HERO_CELEBRATION_MS} (6000 ms, docs/product.md#4-states, #9-constants) have passed since mount.
 */
export function useHeroCelebration(): boolean {
  const [celebrating, setCelebrating] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setCelebrating(true), HERO_CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return celebrating;
}

/**
 * The landing hero (docs/product.md#1-audience, #2-pages): 'Introducing AisleIQ' and the headline, the 'Get Started'
 * (scrolls to pricing) and 'Sales Lift' (/calculator) buttons, and three claim bubbles; the last
 * bubble's pulsing ellipsis becomes an emoji row after 6000 ms.
 */
export function Hero() {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const celebrating = useHeroCelebration();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-[radial-gradient(80%_60%_at_75%_0%,#e0e7ff_0%,transparent_70%),radial-gradient(50%_50%_at_0%_100%,#fef3c7_0%,transparent_70%)]"
    >
      <div className="mx-auto grid w-full max-w-[1200px] items-center gap-12 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/80 px-3 py-1 text-sm font-medium text-indigo-700 shadow-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            {t("landing.hero.eyebrow")}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-[2.5rem] leading-[1.08] font-bold tracking-tight text-slate-950 sm:text-6xl"
          >
            <span className="block bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text pb-1 text-transparent">
              {t("landing.hero.introducing")}
            </span>
            <span className="block text-balance">{t("landing.hero.headline")}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600">{t("landing.hero.lead")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button
              asChild
              size="lg"
              variant={null}
              className="bg-primary text-primary-foreground shadow-md shadow-indigo-600/20 hover:bg-primary/90"
            >
              <SectionLink section="pricing">
                {t("landing.hero.getStarted")}
                <ArrowRight aria-hidden="true" />
              </SectionLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={localize("/calculator")}>
                <BarChart3 aria-hidden="true" />
                {t("landing.hero.salesLift")}
              </a>
            </Button>
          </div>
        </div>

        <div className="relative mx-auto w-full max-w-[520px]">
          <ul
            aria-label={t("landing.hero.claimsLabel")}
            className="relative z-10 grid gap-3 sm:max-w-sm lg:absolute lg:top-10 lg:-left-10 lg:w-64"
          >
            <ClaimBubble icon={<BarChart3 className="size-4" aria-hidden="true" />}>
              {t("landing.hero.claimRevenue")}
            </ClaimBubble>
            <ClaimBubble icon={<Rocket className="size-4" aria-hidden="true" />}>
              {t("landing.hero.claimStaff")}
            </ClaimBubble>
            <ClaimBubble icon={<Sparkles className="size-4" aria-hidden="true" />}>
              <span className="block">{t("landing.hero.claimMagic")}</span>
              {/* The label and row also ride on data attributes: the static landing page (ADR 0064)
                  turns the ellipsis into the row with a small script instead of this component. */}
              <span
                aria-live="polite"
                className="mt-1 flex h-7 items-center"
                data-celebration-label={t("landing.hero.celebration")}
                data-celebration-text={CELEBRATION_EMOJIS.join("")}
              >
                {celebrating ? (
                  <span
                    role="img"
                    aria-label={t("landing.hero.celebration")}
                    className="landing-pop-in text-xl tracking-widest"
                  >
                    {CELEBRATION_EMOJIS.join("")}
                  </span>
                ) : (
                  <span role="img" aria-label={t("landing.hero.pending")} className="flex gap-1">
                    <span className="landing-dot size-2 rounded-full bg-slate-500" />
                    <span className="landing-dot size-2 rounded-full bg-slate-500" />
                    <span className="landing-dot size-2 rounded-full bg-slate-500" />
                  </span>
                )}
              </span>
            </ClaimBubble>
          </ul>
          <img
            src={HERO_PHONE_URLS[language]}
            alt={t("landing.hero.phoneAlt")}
            width={360}
            height={640}
            fetchPriority="high"
            className="mx-auto mt-8 h-auto w-[min(78vw,320px)] drop-shadow-2xl lg:mt-0 lg:mr-0 lg:ml-auto"
          />
        </div>
      </div>
    </section>
  );
}

function ClaimBubble({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="flex gap-3 rounded-2xl rounded-bl-sm border border-slate-200 bg-white/95 p-3 pr-4 text-sm font-medium text-slate-800 shadow-lg shadow-slate-900/5 backdrop-blur">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        {icon}
      </span>
      <span className="min-w-0 self-center">{children}</span>
    </li>
  );
}
