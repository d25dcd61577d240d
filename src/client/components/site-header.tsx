import { SITE_CONFIG } from "@common/site-config";
import { ChevronDown, ExternalLink, Globe, Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { BrandLogo } from "./brand-logo";
import { SectionLink } from "./section-link";
import { Button } from "./ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "./ui/sheet";

/** The Events dialogs load only when a visitor opens them. */
const EventsDialogs = lazy(() => import("./events-dialogs").then((m) => ({ default: m.EventsDialogs })));

/** Developers dropdown entries (spec §2 "Header and footer"). */
const DEVELOPER_LINKS = [
  { key: "api", to: "/developer-api-login" },
  { key: "documentation", to: "/documentation-login" },
  { key: "sdk", to: "/developer-sdk-login" },
] as const;

/** External apps of the Sign In dropdown (spec §2), from site config. */
const EXTERNAL_SIGN_IN = [
  { key: "proConnect", href: SITE_CONFIG.proConnectUrl },
  { key: "channelPartner", href: SITE_CONFIG.channelPartnerUrl },
] as const;

const LANGUAGES = [
  { value: "en", key: "english" },
  { value: "es", key: "spanish" },
] as const;

const navLinkClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 transition-colors duration-150 hover:bg-slate-100 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-slate-100";

/**
 * The public site header (spec §2 "Header and footer"): Industries and Pricing anchors, Plugins,
 * the Developers dropdown, Calculator, the Sign In dropdown (Retailer, Pro Connect, Channel
 * Partner, Events) and the English/Spanish language menu (no action yet, per spec). Below the
 * `lg` breakpoint everything moves into a side drawer.
 */
export function SiteHeader({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [eventsOpen, setEventsOpen] = useState(false);
  const [eventsRequested, setEventsRequested] = useState(false);

  const openEvents = () => {
    setEventsRequested(true);
    setEventsOpen(true);
  };
  const openEventsFromDrawer = () => {
    setDrawerOpen(false);
    // Let the drawer finish closing (focus return, scroll unlock) before the next dialog opens.
    window.setTimeout(openEvents, 50);
  };
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <header
      className={cn(
        "sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/75",
        className,
      )}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        {t("common.skipToContent")}
      </a>
      <div className="mx-auto flex h-16 w-full max-w-[1200px] items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo />

        <nav aria-label={t("landing.nav.mainLabel")} className="hidden items-center gap-1 lg:flex">
          <SectionLink section="industries" className={navLinkClass}>
            {t("landing.nav.industries")}
          </SectionLink>
          <SectionLink section="pricing" className={navLinkClass}>
            {t("landing.nav.pricing")}
          </SectionLink>
          <Link to="/plugins-login" className={navLinkClass}>
            {t("landing.nav.plugins")}
          </Link>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger className={navLinkClass}>
              {t("landing.nav.developers")}
              <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              {DEVELOPER_LINKS.map((item) => (
                <DropdownMenuItem key={item.key} asChild>
                  <Link to={item.to}>{t(`landing.nav.${item.key}`)}</Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <Link to="/calculator" className={navLinkClass}>
            {t("landing.nav.calculator")}
          </Link>
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger className={navLinkClass} aria-label={t("landing.nav.language")}>
              <Globe className="size-4" aria-hidden="true" />
              <span aria-hidden="true">EN</span>
              <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {/* English and Spanish are offered but have no action yet (spec §2). */}
              <DropdownMenuRadioGroup value="en">
                {LANGUAGES.map((language) => (
                  <DropdownMenuRadioItem key={language.value} value={language.value}>
                    {t(`landing.nav.${language.key}`)}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </DropdownMenuContent>
          </DropdownMenu>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button>
                {t("landing.nav.signIn")}
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem asChild>
                <Link to="/retailer-login">{t("landing.nav.retailer")}</Link>
              </DropdownMenuItem>
              {EXTERNAL_SIGN_IN.map((item) => (
                <DropdownMenuItem key={item.key} asChild>
                  <a href={item.href} target="_blank" rel="noopener noreferrer">
                    {t(`landing.nav.${item.key}`)}
                    <ExternalLink className="ml-auto opacity-60" aria-hidden="true" />
                    <span className="sr-only">{t("landing.nav.opensInNewTab")}</span>
                  </a>
                </DropdownMenuItem>
              ))}
              <DropdownMenuItem onSelect={openEvents}>{t("landing.nav.events")}</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>

        <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t("landing.nav.openMenu")}>
              <Menu className="size-6!" aria-hidden="true" />
            </Button>
          </SheetTrigger>
          <SheetContent onCloseAutoFocus={(event) => event.preventDefault()}>
            <SheetTitle className="text-lg font-semibold">{t("landing.nav.menuTitle")}</SheetTitle>
            <SheetDescription className="sr-only">{t("landing.nav.menuDescription")}</SheetDescription>
            <nav aria-label={t("landing.nav.mainLabel")} className="grid gap-6">
              <ul className="grid gap-1">
                <li>
                  <SectionLink
                    section="industries"
                    className={drawerLinkClass}
                    onNavigate={closeDrawer}
                    scrollDelayMs={50}
                  >
                    {t("landing.nav.industries")}
                  </SectionLink>
                </li>
                <li>
                  <SectionLink
                    section="pricing"
                    className={drawerLinkClass}
                    onNavigate={closeDrawer}
                    scrollDelayMs={50}
                  >
                    {t("landing.nav.pricing")}
                  </SectionLink>
                </li>
                <li>
                  <Link to="/plugins-login" className={drawerLinkClass} onClick={closeDrawer}>
                    {t("landing.nav.plugins")}
                  </Link>
                </li>
                <li>
                  <Link to="/calculator" className={drawerLinkClass} onClick={closeDrawer}>
                    {t("landing.nav.calculator")}
                  </Link>
                </li>
              </ul>
              <DrawerGroup title={t("landing.nav.developers")}>
                {DEVELOPER_LINKS.map((item) => (
                  <li key={item.key}>
                    <Link to={item.to} className={drawerLinkClass} onClick={closeDrawer}>
                      {t(`landing.nav.${item.key}`)}
                    </Link>
                  </li>
                ))}
              </DrawerGroup>
              <DrawerGroup title={t("landing.nav.signIn")}>
                <li>
                  <Link to="/retailer-login" className={drawerLinkClass} onClick={closeDrawer}>
                    {t("landing.nav.retailer")}
                  </Link>
                </li>
                {EXTERNAL_SIGN_IN.map((item) => (
                  <li key={item.key}>
                    <a href={item.href} target="_blank" rel="noopener noreferrer" className={drawerLinkClass}>
                      {t(`landing.nav.${item.key}`)}
                      <ExternalLink className="size-4 opacity-60" aria-hidden="true" />
                      <span className="sr-only">{t("landing.nav.opensInNewTab")}</span>
                    </a>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    className={cn(drawerLinkClass, "w-full")}
                    onClick={openEventsFromDrawer}
                  >
                    {t("landing.nav.events")}
                  </button>
                </li>
              </DrawerGroup>
              <DrawerGroup title={t("landing.nav.language")}>
                {/* English and Spanish are offered but have no action yet (spec §2). */}
                {LANGUAGES.map((language) => (
                  <li key={language.value}>
                    <button
                      type="button"
                      className={cn(drawerLinkClass, "w-full")}
                      aria-pressed={language.value === "en"}
                    >
                      {t(`landing.nav.${language.key}`)}
                    </button>
                  </li>
                ))}
              </DrawerGroup>
            </nav>
          </SheetContent>
        </Sheet>
      </div>
      {eventsRequested ? (
        <Suspense fallback={null}>
          <EventsDialogs open={eventsOpen} onOpenChange={setEventsOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}

const drawerLinkClass =
  "flex min-h-11 items-center gap-2 rounded-md px-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:text-primary";

function DrawerGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">{title}</p>
      <ul className="grid gap-1">{children}</ul>
    </div>
  );
}
