import { type Language, localizePath } from "@common/languages";
import { SITE_CONFIG } from "@common/site-config";
import { addCatalog, i18next, setPageLanguage, type TFunction } from "~/lib/i18n";
import { es } from "~/locales/es";

export { FOOTER_COLUMNS, SOCIAL } from "./footer-links";

/**
 * Build-time data of the public site's header and footer (SiteHeader.astro, SiteFooter.astro;
 * docs/product.md#2-pages "Header and footer"): their link tables, the classes of their
 * links, menus and drawer, and the translator for a page's language. Runs at build time only: nothing here reaches the browser.
 */

/**
 * The translator put on `language`, its catalog loaded (the texts of src/client/locales, one copy).
 * Pages render one at a time at build (Astro build concurrency 1), so the shared translator's
 * language cannot change under a page while it renders.
 * @returns `t(key, options)` in `language`
 */
export function chromeTranslator(language: Language): TFunction {
  // Deep merge, idempotent: the page may already have added the same catalog.
  if (language === "es") addCatalog(es, "es");
  setPageLanguage(language);
  return i18next.t;
}

/** `path` in `language` (`/calculator` → `/es/calculator`; pages without a twin stay English). */
export function localized(path: string, language: Language): string {
  return localizePath(path, language);
}

/** A link to a landing-page section: `/#id` or `/es/#id` (the home page scrolls there itself). */
export function sectionHref(section: string, language: Language): string {
  return `${localizePath("/", language)}#${section}`;
}

/** Developers dropdown and drawer group entries: `landing.nav` key and unlocalized path. */
export const DEVELOPER_LINKS = [
  { key: "api", to: "/developer-api-login" },
  { key: "documentation", to: "/documentation-login" },
  { key: "sdk", to: "/developer-sdk-login" },
] as const;

/** The drawer's first links: two landing sections, then two pages. */
export const DRAWER_SECTIONS = ["industries", "pricing"] as const;
export const DRAWER_PAGES = [
  { key: "plugins", to: "/plugins-login" },
  { key: "calculator", to: "/calculator" },
] as const;

/** The retailer sign-in page, first in the Sign In menu and drawer group. */
export const RETAILER_SIGN_IN = { key: "retailer", to: "/retailer-login" } as const;

/** A page the drawer links to: its `landing.nav` key and unlocalized path. */
export type DrawerPage = (typeof DEVELOPER_LINKS | typeof DRAWER_PAGES)[number] | typeof RETAILER_SIGN_IN;

/** The look of a drawer entry, link or button (the classes of components/ui/sheet.tsx's items). */
export const DRAWER_LINK_CLASS =
  "flex min-h-11 items-center gap-2 rounded-md px-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:text-primary";

/** External apps of the Sign In dropdown and drawer group (docs/product.md#2-pages), from site config. */
export const EXTERNAL_SIGN_IN = [
  { key: "proConnect", href: SITE_CONFIG.proConnectUrl },
  { key: "channelPartner", href: SITE_CONFIG.channelPartnerUrl },
] as const;

/** The look of the header's links and menu triggers (docs/product.md#2-pages "Header and footer"). */
export const navLinkClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 transition-colors duration-150 hover:bg-slate-100 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-slate-100";
