import type { PartnerLogo } from "@common/retailer-demos";
import { useTranslation } from "~/lib/react-i18n";

/** The partner wordmarks above the registration title, monochrome and of equal weight. */
export function PartnerLogos({ logos }: { logos: readonly PartnerLogo[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("retailerDemo.partners")} className="flex items-center justify-center gap-4 sm:gap-8">
      {logos.map((logo, index) => (
        <li key={logo.src} className="flex items-center gap-4 sm:gap-8">
          {index > 0 && (
            <span aria-hidden="true" className="text-2xl font-normal text-muted-foreground">
              ×
            </span>
          )}
          <img src={logo.src} alt={logo.name} width={160} height={40} className="h-8 w-auto sm:h-10" />
        </li>
      ))}
    </ul>
  );
}
