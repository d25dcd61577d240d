import { SITE_CONFIG } from "@common/site-config";
import { LandingPage } from "~/features/landing/landing-page";
import { i18next } from "~/lib/i18n";

/** Title, description, canonical URL and Open Graph / Twitter tags of the landing page (spec §2). */
export const meta = () => {
  const title = i18next.t("landing.metaTitle");
  const description = i18next.t("landing.metaDescription");
  const image = `${SITE_CONFIG.siteUrl}/media/og-image.png`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: `${SITE_CONFIG.siteUrl}/` },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_CONFIG.brandName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${SITE_CONFIG.siteUrl}/` },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: i18next.t("landing.ogImageAlt") },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
};

/** `/` (spec §2): the landing page, prerendered at build time. */
export default function HomeRoute() {
  return <LandingPage />;
}
