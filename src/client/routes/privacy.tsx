import { PrivacyPage } from "~/features/privacy/privacy-page";
import { addCatalog, i18next } from "~/lib/i18n";
import { languageLinks } from "~/lib/seo";
import { enPrivacy } from "~/locales/en-privacy";

// This route's texts (ADR 0008: feature catalogs load with their route, not on `/`).
addCatalog({ privacy: enPrivacy });

export const meta = ({ location }: { location: { pathname: string } }) => [
  ...languageLinks(location.pathname),
  { title: `${i18next.t("privacy.title")} · ${i18next.t("brand.name")}` },
  { name: "description", content: i18next.t("privacy.metaDescription") },
];

/**
 * `/privacy` (docs/product.md#11-lead-attribution-and-privacy-notice): the privacy notice the
 * Get Started form and the store-demo registration link to, prerendered at build time.
 */
export default function PrivacyRoute() {
  return <PrivacyPage />;
}
