import { useTranslation } from "~/lib/react-i18n";
import { PLATFORM_FEATURES } from "./content";
import { LandingSection } from "./landing-section";

/** Features (docs/product.md#1-audience): the six platform features as a 2×3 list. */
export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <LandingSection name="features" className="py-16 lg:py-24">
      <ul className="mt-10 grid gap-x-12 gap-y-8 md:grid-cols-2">
        {PLATFORM_FEATURES.map(({ id, icon: Icon }) => (
          <li key={id} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-slate-950">{t(`landing.features.${id}.title`)}</h3>
              <p className="mt-1 text-slate-600">{t(`landing.features.${id}.description`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
