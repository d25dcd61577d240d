import { basePath } from "@common/languages";
import { findRetailerDemo } from "@common/retailer-demos";
import { trimSlashes } from "@common/text";
import { useLocation } from "react-router";
import { RegistrationPage } from "~/features/retailer-demo/registration-page";
import { addCatalog, i18next } from "~/lib/i18n";
import { languageLinks } from "~/lib/seo";
import { enRetailerDemo } from "~/locales/en-retailer-demo";
import NotFoundRoute from "./not-found";

// This route's texts (ADR 0008: feature catalogs load with their route, not on `/`).
addCatalog({ retailerDemo: enRetailerDemo });

/** The demo configured for a path like `/schnucks` or `/es/schnucks` (one route per demo and language, see routes.ts). */
function demoForPath(pathname: string) {
  return findRetailerDemo(trimSlashes(basePath(pathname), { leading: true }));
}

export const meta = ({ location }: { location: { pathname: string } }) => {
  const demo = demoForPath(location.pathname);
  if (!demo) return [{ title: i18next.t("notFound.title") }];
  const vars = { store: demo.storeName, retailer: demo.retailerName };
  return [
    { title: `${i18next.t("retailerDemo.metaTitle", vars)} · ${i18next.t("brand.name")}` },
    { name: "description", content: i18next.t("retailerDemo.metaDescription", vars) },
    ...languageLinks(location.pathname),
  ];
};

/** A retailer's store-demo registration page (docs/product.md#2-pages; ADR 0006). */
export default function RetailerDemoRoute() {
  const { pathname } = useLocation();
  const demo = demoForPath(pathname);
  if (!demo) return <NotFoundRoute />;
  return <RegistrationPage demo={demo} />;
}
