import { isLanguage } from "@common/languages";
import { SITE_CONFIG } from "@common/site-config";
import { clsx } from "clsx";
import { ChevronDown, ExternalLink, Globe, Menu } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { switchLanguage, useLanguage } from "~/lib/language";
import { SectionLink } from "./section-link";
import { navLinkClass } from "./site-header-styles";
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

/**
 * The interactive parts of the site header (spec §2 "Header and footer"): the Developers, language
 * and Sign In dropdowns and the mobile drawer, on Radix. The header loads this module on the
 * first interaction with one of them (issue #4 budget: Radix DropdownMenu, Dialog and Floating UI
 * are not in the first load of `/`); until then it shows identical plain triggers.
 */

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

interface MenuProps {
  /** Open on mount: the visitor's first click on the placeholder trigger. */
  defaultOpen?: boolean;
}

export function DevelopersMenu({ defaultOpen }: MenuProps) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={navLinkClass}>
        {t("landing.nav.developers")}
        <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {DEVELOPER_LINKS.map((item) => (
          <DropdownMenuItem key={item.key} asChild>
            <Link to={localize(item.to)}>{t(`landing.nav.${item.key}`)}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function LanguageMenu({ defaultOpen }: MenuProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        className={navLinkClass}
        aria-label={t("landing.nav.languageButton", { code: language.toUpperCase() })}
      >
        <Globe className="size-4" aria-hidden="true" />
        <span>{language.toUpperCase()}</span>
        <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {/* Choosing a language loads this page in it and remembers the choice (ADR 0022). */}
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (isLanguage(value) && value !== language) switchLanguage(value);
          }}
        >
          {LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language.value} value={language.value}>
              {t(`landing.nav.${language.key}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function SignInMenu({ defaultOpen, onEvents }: MenuProps & { onEvents: () => void }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button>
          {t("landing.nav.signIn")}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={localize("/retailer-login")}>{t("landing.nav.retailer")}</Link>
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
        <DropdownMenuItem onSelect={onEvents}>{t("landing.nav.events")}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEvents: () => void;
}

/** Below the `lg` breakpoint the whole navigation moves into this side drawer. */
export function MobileDrawer({ open, onOpenChange, onEvents }: MobileDrawerProps) {
  const { t } = useTranslation();
  const { localize, language: currentLanguage } = useLanguage();
  const closeDrawer = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
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
              <Link to={localize("/plugins-login")} className={drawerLinkClass} onClick={closeDrawer}>
                {t("landing.nav.plugins")}
              </Link>
            </li>
            <li>
              <Link to={localize("/calculator")} className={drawerLinkClass} onClick={closeDrawer}>
                {t("landing.nav.calculator")}
              </Link>
            </li>
          </ul>
          <DrawerGroup title={t("landing.nav.developers")}>
            {DEVELOPER_LINKS.map((item) => (
              <li key={item.key}>
                <Link to={localize(item.to)} className={drawerLinkClass} onClick={closeDrawer}>
                  {t(`landing.nav.${item.key}`)}
                </Link>
              </li>
            ))}
          </DrawerGroup>
          <DrawerGroup title={t("landing.nav.signIn")}>
            <li>
              <Link to={localize("/retailer-login")} className={drawerLinkClass} onClick={closeDrawer}>
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
              <button type="button" className={clsx(drawerLinkClass, "w-full")} onClick={onEvents}>
                {t("landing.nav.events")}
              </button>
            </li>
          </DrawerGroup>
          <DrawerGroup title={t("landing.nav.language")}>
            {/* Choosing a language loads this page in it and remembers the choice (ADR 0022). */}
            {LANGUAGES.map((language) => (
              <li key={language.value}>
                <button
                  type="button"
                  className={clsx(drawerLinkClass, "w-full")}
                  aria-pressed={language.value === currentLanguage}
                  onClick={() => {
                    if (language.value !== currentLanguage) switchLanguage(language.value);
                  }}
                >
                  {t(`landing.nav.${language.key}`)}
                </button>
              </li>
            ))}
          </DrawerGroup>
        </nav>
      </SheetContent>
    </Sheet>
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
