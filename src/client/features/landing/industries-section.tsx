import { useTranslation } from "~/lib/react-i18n";
import { INDUSTRIES } from "./content";
import { LandingSection } from "./landing-section";

/** Industries (docs/product.md#1-audience; anchor `industries`): Retail, Convenience stores, Grocery, Hospitality, Stadiums as icon tiles. */
export function IndustriesSection() {
  const { t } = useTranslation();
  return (
    <LandingSection name="industries" id="industries" className="bg-slate-50 py-16 outline-none lg:py-24">
      <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {INDUSTRIES.map(({ id, icon: Icon }) => (
          <li
            key={id}
            className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm last:odd:col-span-2 sm:last:odd:col-span-1"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-sm">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="font-semibold text-slate-900">{t(`landing.industries.${id}`)}</span>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
