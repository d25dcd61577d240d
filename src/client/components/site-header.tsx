import { SUBMENU_OPEN_DELAY_MS } from "@common/limits";
import { clsx } from "clsx";
import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { BrandLogo } from "./brand-logo";
import { SectionLink } from "./section-link";
import { useSiteChromeSlot } from "./site-chrome-slots";
import { navLinkClass } from "./site-header-styles";
import { DevelopersTrigger, LanguageTrigger, SignInTrigger } from "./site-header-triggers";
import { SkipLink } from "./skip-link";
import { Button } from "./ui/button";

/** The Events dialogs load only when a visitor opens them. */
const EventsDialogs = lazy(() => import("./events-dialogs").then((m) => ({ default: m.EventsDialogs })));

/**
 * The dropdowns and the mobile drawer (Radix) load on the first interaction with one of them
 * (first-load budget, ADR 0008); the links of the header are plain links in the prerendered page.
 */
const loadMenus = () => import("./site-header-menus");
const DevelopersMenu = lazy(() => loadMenus().then((m) => ({ default: m.DevelopersMenu })));
const LanguageMenu = lazy(() => loadMenus().then((m) => ({ default: m.LanguageMenu })));
const SignInMenu = lazy(() => loadMenus().then((m) => ({ default: m.SignInMenu })));
const MobileDrawer = lazy(() => loadMenus().then((m) => ({ default: m.MobileDrawer })));

type MenuId = "developers" | "language" | "signIn";

/**
 * The public site header (docs/product.md#2-pages "Header and footer"): Industries and Pricing anchors, Plugins,
 * the Developers dropdown, Calculator, the Sign In dropdown (Retailer, Pro Connect, Channel
 * Partner, Events) and the English/Spanish language menu (ADR 0022). Below the
 * `lg` breakpoint everything moves into a side drawer.
 *
 * Until the visitor points at, focuses or clicks one of the dropdown or drawer triggers, they are
 * plain buttons with the same look; the click that loads the menus also opens the chosen one.
 * `className` is appended to the header's classes, not merged with them (ADR 0010).
 */
export function SiteHeader({ className }: { className?: string }) {
  // The static pages render their own header (SiteHeader.astro) and pass it here.
  const staticHeader = useSiteChromeSlot("header");
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const [menusRequested, setMenusRequested] = useState(false);
  const [firstMenu, setFirstMenu] = useState<MenuId | null>(null);
  const [firstMenuByHover, setFirstMenuByHover] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [eventsOpen, setEventsOpen] = useState(false);
  const [eventsRequested, setEventsRequested] = useState(false);

  const hoverTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  const prefetchMenus = () => void loadMenus();
  const openMenu = (menu: MenuId, byHover = false) => {
    window.clearTimeout(hoverTimer.current);
    setFirstMenu(menu);
    setFirstMenuByHover(byHover);
    setMenusRequested(true);
  };
  const openEvents = () => {
    setEventsRequested(true);
    setEventsOpen(true);
  };
  const openEventsFromDrawer = () => {
    setDrawerOpen(false);
    // Let the drawer finish closing (focus return, scroll unlock) before the next dialog opens.
    window.setTimeout(openEvents, 50);
  };
  const triggerProps = (menu: MenuId) => ({
    type: "button" as const,
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: (event: React.PointerEvent) => {
      prefetchMenus();
      // A resting mouse opens the menu after the submenu delay (docs/product.md#9-constants), as the loaded menus do.
      window.clearTimeout(hoverTimer.current);
      if (event.pointerType === "mouse") {
        hoverTimer.current = window.setTimeout(() => openMenu(menu, true), SUBMENU_OPEN_DELAY_MS);
      }
    },
    onPointerLeave: () => window.clearTimeout(hoverTimer.current),
    onFocus: prefetchMenus,
    onClick: () => openMenu(menu),
  });

  const developersTrigger = <DevelopersTrigger {...triggerProps("developers")} />;
  const languageTrigger = <LanguageTrigger {...triggerProps("language")} />;
  const signInTrigger = <SignInTrigger {...triggerProps("signIn")} />;
  const drawerTrigger = (
    <Button
      variant="ghost"
      size="icon"
      className="lg:hidden"
      aria-label={t("landing.nav.openMenu")}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={prefetchMenus}
      onFocus={prefetchMenus}
      onClick={() => {
        setMenusRequested(true);
        setDrawerOpen(true);
      }}
    >
      <Menu className="size-6!" aria-hidden="true" />
    </Button>
  );

  if (staticHeader) return staticHeader;
  return (
    <header
      className={clsx(
        "sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/75 print:hidden",
        className,
      )}
    >
      <SkipLink />
      <div className="mx-auto flex h-16 w-full max-w-[1200px] items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo />

        <nav aria-label={t("landing.nav.mainLabel")} className="hidden items-center gap-1 lg:flex">
          <SectionLink section="industries" className={navLinkClass}>
            {t("landing.nav.industries")}
          </SectionLink>
          <SectionLink section="pricing" className={navLinkClass}>
            {t("landing.nav.pricing")}
          </SectionLink>
          <Link to={localize("/plugins-login")} className={navLinkClass}>
            {t("landing.nav.plugins")}
          </Link>
          {menusRequested ? (
            <Suspense fallback={developersTrigger}>
              <DevelopersMenu defaultOpen={firstMenu === "developers"} openedByHover={firstMenuByHover} />
            </Suspense>
          ) : (
            developersTrigger
          )}
          <Link to={localize("/calculator")} className={navLinkClass}>
            {t("landing.nav.calculator")}
          </Link>
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          {menusRequested ? (
            <Suspense fallback={languageTrigger}>
              <LanguageMenu defaultOpen={firstMenu === "language"} openedByHover={firstMenuByHover} />
            </Suspense>
          ) : (
            languageTrigger
          )}
          {menusRequested ? (
            <Suspense fallback={signInTrigger}>
              <SignInMenu
                defaultOpen={firstMenu === "signIn"}
                openedByHover={firstMenuByHover}
                onEvents={openEvents}
              />
            </Suspense>
          ) : (
            signInTrigger
          )}
        </div>

        {menusRequested ? (
          <Suspense fallback={drawerTrigger}>
            <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} onEvents={openEventsFromDrawer} />
          </Suspense>
        ) : (
          drawerTrigger
        )}
      </div>
      {eventsRequested ? (
        <Suspense fallback={null}>
          <EventsDialogs open={eventsOpen} onOpenChange={setEventsOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}
