import { Link } from "react-router";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";

/** The AisleIQ wordmark with its mark; links home. */
export function BrandLogo() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <Link
      to={localize("/")}
      className="inline-flex items-center gap-2 rounded-md font-bold tracking-tight text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="text-lg">{t("brand.name")}</span>
    </Link>
  );
}
