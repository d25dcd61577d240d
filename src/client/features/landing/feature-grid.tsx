import { Bell, Briefcase } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/react-i18n";
import { CARD_IMAGE_SIZE, FEATURE_CARDS, type FeatureCard } from "./content";
import { LandingSection } from "./landing-section";
import { ProductVideo } from "./product-video";

/**
 * The 'Turnkey Branded APP & SDK' grid (docs/product.md#1-audience, #2-pages; anchor `branded-app-sdk`): the product video
 * and the ten feature cards. The Staff Different card and its Apply button open the Jobs modal
 * through the button's `data-dialog-trigger`, read by the page's script
 * (src/site/scripts/dialog-triggers.ts; no handler on a static page, ADR 0079).
 */
export function FeatureGrid() {
  return (
    <LandingSection
      name="grid"
      id="branded-app-sdk"
      className="scroll-mt-4 py-16 outline-none lg:py-24"
      size="lg"
      aside={<ProductVideo />}
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURE_CARDS.map((card) => (
          <FeatureCardItem key={card.id} card={card} />
        ))}
      </ul>
    </LandingSection>
  );
}

function FeatureCardItem({ card }: { card: FeatureCard }) {
  const { t } = useTranslation();
  const key = `landing.cards.${card.id}` as const;
  return (
    <li
      className={`group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow duration-200 hover:shadow-md ${card.isClickable ? "cursor-pointer hover:border-indigo-300" : ""}`}
    >
      <div className="border-b border-slate-100 bg-gradient-to-br from-indigo-50 via-white to-amber-50">
        <img
          src={card.image}
          alt={t(`${key}.alt`)}
          width={CARD_IMAGE_SIZE.width}
          height={CARD_IMAGE_SIZE.height}
          loading="lazy"
          decoding="async"
          className="h-auto w-full"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-6">
        <h3 className="text-lg font-semibold text-slate-950">{t(`${key}.title`)}</h3>
        <p className="text-slate-600">{t(`${key}.description`)}</p>
        {card.id === "trainingSync" ? (
          <p className="mt-2 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            <Bell className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
            {t("landing.cards.trainingSync.notification")}
          </p>
        ) : null}
        {card.isClickable ? (
          <Button
            data-dialog-trigger="jobs"
            className="mt-auto self-start after:absolute after:inset-0 after:content-['']"
            aria-haspopup="dialog"
          >
            <Briefcase aria-hidden="true" />
            {t("landing.grid.apply")}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
