import type { ReactNode } from "react";
import { useTranslation } from "~/lib/react-i18n";

/** The landing sections with a title and a lead (`landing.<name>.title`, `landing.<name>.lead`). */
type SectionName = "grid" | "industries" | "features" | "partners" | "pricing";

/** Title size from 640 px up, and the lead's spacing and size to go with it. */
const SIZES = {
  sm: { title: "text-2xl sm:text-3xl", lead: "mt-2" },
  md: { title: "text-3xl sm:text-4xl", lead: "mt-3 max-w-xl text-lg" },
  lg: { title: "text-3xl sm:text-5xl", lead: "mt-4 max-w-xl text-lg" },
} as const;

/**
 * One landing-page section (docs/product.md#1-audience, #2-pages): a `<section>` named by its `<h2>`
 * (`aria-labelledby`, id `<id or name>-title`), the title and lead from `landing.<name>.*`, then
 * `children` in the 1200 px column.
 * @param name the section's text keys
 * @param id the section's anchor (`branded-app-sdk`, `industries`, `pricing`), if it has one
 * @param className the section's classes (background, padding)
 * @param size the title size: sm (Partners), md (Industries, Features), lg (grid, Pricing)
 * @param centered centre the title and lead
 * @param aside shown beside the title and lead from `lg` up (the product video)
 * @param bleed after the column, full width (the partners marquee)
 */
export function LandingSection({
  name,
  id,
  className,
  size = "md",
  centered = false,
  aside,
  bleed,
  children,
}: {
  name: SectionName;
  id?: string;
  className: string;
  size?: keyof typeof SIZES;
  centered?: boolean;
  aside?: ReactNode;
  bleed?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `${id ?? name}-title`;
  const heading = (
    <div className={centered ? "text-center" : undefined}>
      <h2 id={titleId} className={`font-bold tracking-tight text-slate-950 ${SIZES[size].title}`}>
        {t(`landing.${name}.title`)}
      </h2>
      <p className={`${SIZES[size].lead} text-slate-600${centered ? " mx-auto" : ""}`}>
        {t(`landing.${name}.lead`)}
      </p>
    </div>
  );
  return (
    <section id={id} aria-labelledby={titleId} className={className}>
      <div className="mx-auto w-full max-w-[1200px] px-4 sm:px-6">
        {aside ? (
          <div className="grid items-center gap-10 lg:grid-cols-[1fr_1.1fr]">
            {heading}
            {aside}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
      {bleed}
    </section>
  );
}
