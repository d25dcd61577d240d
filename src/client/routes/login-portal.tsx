import { basePath } from "@common/languages";
import { findLoginPortal, LOGIN_PORTALS } from "@common/login-portals";
import { useLocation } from "react-router";
import { LoginPortalPage } from "~/features/portals/login-portal-page";
import { addCatalog, i18next } from "~/lib/i18n";
import { languageLinks } from "~/lib/seo";
import { enLoginPortals } from "~/locales/en-login-portals";
import type { Route } from "./+types/login-portal";

// This route's texts (ADR 0008: feature catalogs load with their route, not on `/`).
addCatalog({ loginPortals: enLoginPortals });

export const meta = ({ location }: Route.MetaArgs) => {
  const portal = findLoginPortal(basePath(location.pathname)) ?? LOGIN_PORTALS[0];
  return [
    ...languageLinks(location.pathname),
    { title: `${i18next.t(`loginPortals.${portal.id}.title`)} · ${i18next.t("brand.name")}` },
    { name: "description", content: i18next.t(`loginPortals.${portal.id}.description`) },
  ];
};

/**
 * The five login portals (docs/product.md#2-pages): one route module mounted at each path of `LOGIN_PORTALS`,
 * prerendered at build time; the path picks the portal's copy (Spanish twins under `/es`).
 */
export default function LoginPortalRoute() {
  const { pathname } = useLocation();
  const portal = findLoginPortal(basePath(pathname)) ?? LOGIN_PORTALS[0];
  return <LoginPortalPage portal={portal.id} />;
}
