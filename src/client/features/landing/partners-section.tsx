import { useTranslation } from "~/lib/react-i18n";
import { PARTNER_REPEAT, PARTNERS } from "./content";
import { LandingSection } from "./landing-section";

/**
 * Our Partners (docs/product.md#1-audience): the strip of six logos repeated four times, as a marquee that pauses on
 * hover or focus and stands still under prefers-reduced-motion. Only the first strip is announced
 * to screen readers; the copies are decorative.
 */
export function PartnersSection() {
  const { t } = useTranslation();
  return (
    <LandingSection
      name="partners"
      className="border-y border-slate-200 bg-slate-50 py-16"
      size="sm"
      centered
      bleed={
        <div className="landing-marquee mt-10 overflow-hidden">
          <div className="landing-marquee-track flex w-max" data-testid="partners-track">
            {Array.from({ length: PARTNER_REPEAT }, (_, copy) => (
              <ul
                // biome-ignore lint/suspicious/noArrayIndexKey: the copies are identical and never reorder.
                key={copy}
                className="flex shrink-0"
                aria-hidden={copy > 0 ? true : undefined}
              >
                {PARTNERS.map((partner) => (
                  <li key={partner.name} className="flex shrink-0 items-center px-6 sm:px-10">
                    <img
                      src={partner.logo}
                      alt={copy === 0 ? t("landing.partners.logoAlt", { name: partner.name }) : ""}
                      width={partner.width}
                      height={partner.height}
                      loading="lazy"
                      decoding="async"
                      className="h-10 w-auto opacity-60 grayscale transition duration-200 hover:opacity-100 hover:grayscale-0"
                    />
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </div>
      }
    />
  );
}
