import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";

/** The AisleIQ wordmark with its mark; links home (a plain link: the home page is a static page of the site, ADR 0080). */
export function BrandLogo() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <a
      href={localize("/")}
      className="inline-flex items-center gap-2 rounded-md font-bold tracking-tight text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="text-lg">{t("brand.name")}</span>
    </a>
  );
}
