import { SITE_CONFIG } from "@common/site-config";
import { LandingPage } from "~/features/landing/landing-page";
import { i18next } from "~/lib/i18n";
import { languageLinks, siteUrl } from "~/lib/seo";

/** Title, description, canonical and hreflang URLs and Open Graph / Twitter tags of the landing page (docs/product.md#2-pages). */
export const meta = ({ location }: { location: { pathname: string } }) => {
  const title = i18next.t("landing.metaTitle");
  const description = i18next.t("landing.metaDescription");
  const image = `${SITE_CONFIG.siteUrl}/media/og-image.png`;
  return [
    { title },
    { name: "description", content: description },
    ...languageLinks(location.pathname),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_CONFIG.brandName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: siteUrl(location.pathname === "/es" ? "/es/" : location.pathname) },
    { property: "og:locale", content: i18next.language === "es" ? "es_419" : "en_US" },
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

/** `/` (docs/product.md#2-pages): the landing page, prerendered at build time. */
export default function HomeRoute() {
  return <LandingPage />;
}
