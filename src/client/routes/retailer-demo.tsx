import { findRetailerDemo } from "@common/retailer-demos";
import { useLocation } from "react-router";
import { RegistrationPage } from "~/features/retailer-demo/registration-page";
import { i18next } from "~/lib/i18n";
import NotFoundRoute from "./not-found";

/** The demo configured for a path like `/schnucks` (one route per demo, see routes.ts). */
function demoForPath(pathname: string) {
  return findRetailerDemo(pathname.replace(/^\/+|\/+$/g, ""));
}

export const meta = ({ location }: { location: { pathname: string } }) => {
  const demo = demoForPath(location.pathname);
  if (!demo) return [{ title: i18next.t("notFound.title") }];
  const vars = { store: demo.storeName, retailer: demo.retailerName };
  return [
    { title: `${i18next.t("retailerDemo.metaTitle", vars)} · ${i18next.t("brand.name")}` },
    { name: "description", content: i18next.t("retailerDemo.metaDescription", vars) },
    { name: "robots", content: "noindex" },
  ];
};

/** A retailer's store-demo registration page (spec §2; issue #6). */
export default function RetailerDemoRoute() {
  const { pathname } = useLocation();
  const demo = demoForPath(pathname);
  if (!demo) return <NotFoundRoute />;
  return <RegistrationPage demo={demo} />;
}
