import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "@common/languages";
import { SUBMENU_CLOSE_DELAY_MS, SUBMENU_OPEN_DELAY_MS } from "@common/limits";
// The account sign-in page for invited users and company admins (ADR 0038).
import { ACCOUNT_SIGN_IN_PATH } from "@common/sign-in-paths";
import { SITE_CONFIG } from "@common/site-config";
import { clsx } from "clsx";
import { ExternalLink, Menu } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { switchLanguage, useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { SectionLink } from "./section-link";
import { DevelopersTrigger, LanguageTrigger, SignInTrigger } from "./site-header-triggers";
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
 * The interactive parts of the site header (docs/product.md#2-pages "Header and footer"): the Developers, language
 * and Sign In dropdowns and the mobile drawer, on Radix. The header loads this module on the
 * first interaction with one of them (first-load budget, ADR 0008: Radix DropdownMenu, Dialog and Floating UI
 * are not in the first load of `/`); until then it shows identical plain triggers.
 */

/** Developers dropdown entries (docs/product.md#2-pages "Header and footer"). */
const DEVELOPER_LINKS = [
  { key: "api", to: "/developer-api-login" },
  { key: "documentation", to: "/documentation-login" },
  { key: "sdk", to: "/developer-sdk-login" },
] as const;

/** The drawer's first links: two landing sections, then two pages. */
const DRAWER_SECTIONS = ["industries", "pricing"] as const;
const DRAWER_PAGES = [
  { key: "plugins", to: "/plugins-login" },
  { key: "calculator", to: "/calculator" },
] as const;

/** External apps of the Sign In dropdown (docs/product.md#2-pages), from site config. */
const EXTERNAL_SIGN_IN = [
  { key: "proConnect", href: SITE_CONFIG.proConnectUrl },
  { key: "channelPartner", href: SITE_CONFIG.channelPartnerUrl },
] as const;

/** The retailer sign-in page, first in the Sign In menu and drawer group. */
const RETAILER_SIGN_IN = { key: "retailer", to: "/retailer-login" } as const;

/**
 * An outside app of the Sign In menu (dropdown or drawer): opens in a new tab, says so to screen
 * readers and shows the external-link icon. Other props (a Radix item's, as its `asChild`) go to the `<a>`.
 */
function ExternalAppLink({
  item,
  iconClassName,
  ...props
}: React.ComponentProps<"a"> & { item: (typeof EXTERNAL_SIGN_IN)[number]; iconClassName: string }) {
  const { t } = useTranslation();
  return (
    <a {...props} href={item.href} target="_blank" rel="noopener noreferrer">
      {t(`landing.nav.${item.key}`)}
      <ExternalLink className={iconClassName} aria-hidden="true" />
      <span className="sr-only">{t("landing.nav.opensInNewTab")}</span>
    </a>
  );
}

/**
 * The Sign In menu's account portal entry (dropdown or drawer): its name, and under it who signs in
 * there. Other props (a Radix item's, as its `asChild`) go to the link.
 */
function AccountPortalLink({
  hintClassName,
  ...props
}: Omit<React.ComponentProps<typeof Link>, "to"> & { hintClassName: string }) {
  const { t } = useTranslation();
  return (
    // A full page load: the portal gets its own CSP without third-party hosts (ADR 0031), and
    // no script the public page loaded (the booking widget) keeps running on it.
    <Link {...props} to={ACCOUNT_SIGN_IN_PATH} reloadDocument>
      <span>{t("landing.nav.accountPortal")}</span>
      <span className={hintClassName}>{t("landing.nav.accountPortalHint")}</span>
    </Link>
  );
}

interface MenuProps {
  /** Open on mount: the visitor's first click on (or hover over) the placeholder trigger. */
  defaultOpen?: boolean;
  /** That first opening came from hovering (so leaving closes it, and a click keeps it open). */
  openedByHover?: boolean;
}

/**
 * Open-on-hover for a header dropdown (docs/product.md#9-constants: submenu open delay 100 ms). A mouse resting on
 * the trigger opens the menu after {@link SUBMENU_OPEN_DELAY_MS}; a menu opened that way closes
 * {@link SUBMENU_CLOSE_DELAY_MS} after the mouse leaves both trigger and menu, and a click on the
 * trigger then keeps it open (instead of Radix's toggle closing it). Clicks, touch and the
 * keyboard work as Radix does.
 * @returns the Root's `open`/`onOpenChange`, and pointer handlers for the trigger and the content
 */
function useHoverMenu(defaultOpen = false, defaultByHover = false) {
  const [open, setOpen] = useState(defaultOpen);
  const timer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(defaultOpen && defaultByHover);
  const keepOpenOnce = useRef(false);
  const clear = () => window.clearTimeout(timer.current);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onOpenChange = (next: boolean) => {
    clear();
    openedByHover.current = false;
    setOpen(next);
  };
  const leave = (event: React.PointerEvent) => {
    clear();
    if (event.pointerType !== "mouse" || !openedByHover.current) return;
    timer.current = window.setTimeout(() => onOpenChange(false), SUBMENU_CLOSE_DELAY_MS);
  };
  const trigger = {
    onPointerEnter: (event: React.PointerEvent) => {
      clear();
      if (event.pointerType !== "mouse" || open) return;
      timer.current = window.setTimeout(() => {
        openedByHover.current = true;
        setOpen(true);
      }, SUBMENU_OPEN_DELAY_MS);
    },
    onPointerLeave: leave,
    onPointerDown: (event: React.PointerEvent) => {
      clear();
      // The hover already opened it: this click means "keep it open", not Radix's toggle.
      if (open && openedByHover.current) {
        openedByHover.current = false;
        keepOpenOnce.current = true;
        event.preventDefault();
      }
    },
  };
  const content = {
    onPointerEnter: clear,
    onPointerLeave: leave,
    // That same click reaches the menu's outside-press dismissal next: skip it once.
    onPointerDownOutside: (event: Event) => {
      if (!keepOpenOnce.current) return;
      keepOpenOnce.current = false;
      event.preventDefault();
    },
  };
  return { open, onOpenChange, trigger, content };
}

/**
 * A header dropdown that also opens on hover ({@link useHoverMenu}), not modal.
 * @param trigger the trigger element (a button; it receives Radix's trigger props)
 * @param align the menu's edge that lines up with the trigger's
 * @param children the menu's items
 */
function HoverDropdown({
  defaultOpen,
  openedByHover,
  trigger,
  align,
  children,
}: MenuProps & { trigger: React.ReactElement; align: "start" | "end"; children: React.ReactNode }) {
  const hover = useHoverMenu(defaultOpen, openedByHover);
  return (
    <DropdownMenu modal={false} open={hover.open} onOpenChange={hover.onOpenChange}>
      <DropdownMenuTrigger asChild {...hover.trigger}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align} {...hover.content}>
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * A dropdown item that opens one of our pages, in the page's language: the dropdown's
 * counterpart of the drawer's page links.
 * @param item the `landing.nav` catalog key of its text and the page's path (unlocalized)
 */
function MenuPageLink({ item }: { item: { key: string; to: string } }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  return (
    <DropdownMenuItem asChild>
      <Link to={localize(item.to)}>{t(`landing.nav.${item.key}`)}</Link>
    </DropdownMenuItem>
  );
}

/** The header's Developers dropdown: the API, documentation and SDK sign-in pages. */
export function DevelopersMenu(props: MenuProps) {
  return (
    <HoverDropdown {...props} align="start" trigger={<DevelopersTrigger />}>
      {DEVELOPER_LINKS.map((item) => (
        <MenuPageLink key={item.key} item={item} />
      ))}
    </HoverDropdown>
  );
}

/** The header's language dropdown: each language in its own name, the current one checked. */
export function LanguageMenu(props: MenuProps) {
  const { language } = useLanguage();
  return (
    <HoverDropdown {...props} align="end" trigger={<LanguageTrigger />}>
      {/* Choosing a language loads this page in it and remembers the choice (ADR 0022). */}
      <DropdownMenuRadioGroup
        value={language}
        onValueChange={(value) => {
          if (isLanguage(value) && value !== language) switchLanguage(value);
        }}
      >
        {LANGUAGES.map((option) => (
          <DropdownMenuRadioItem key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </HoverDropdown>
  );
}

/**
 * The header's Sign In dropdown: the retailer login, the account portal, the outside apps and Events.
 * @param onEvents opens the Events password dialog
 */
export function SignInMenu({ onEvents, ...props }: MenuProps & { onEvents: () => void }) {
  const { t } = useTranslation();
  return (
    <HoverDropdown {...props} align="end" trigger={<SignInTrigger />}>
      <MenuPageLink item={RETAILER_SIGN_IN} />
      <DropdownMenuItem asChild className="flex-col items-start gap-0.5">
        <AccountPortalLink hintClassName="max-w-56 text-xs text-muted-foreground" />
      </DropdownMenuItem>
      {EXTERNAL_SIGN_IN.map((item) => (
        <DropdownMenuItem key={item.key} asChild>
          <ExternalAppLink item={item} iconClassName="ml-auto opacity-60" />
        </DropdownMenuItem>
      ))}
      <DropdownMenuItem onSelect={onEvents}>{t("landing.nav.events")}</DropdownMenuItem>
    </HoverDropdown>
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
  const pageLink = (item: { key: string; to: string }) => (
    <li key={item.key}>
      <Link to={localize(item.to)} className={drawerLinkClass} onClick={closeDrawer}>
        {t(`landing.nav.${item.key}`)}
      </Link>
    </li>
  );
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
            {DRAWER_SECTIONS.map((section) => (
              <li key={section}>
                <SectionLink
                  section={section}
                  className={drawerLinkClass}
                  onNavigate={closeDrawer}
                  scrollDelayMs={50}
                >
                  {t(`landing.nav.${section}`)}
                </SectionLink>
              </li>
            ))}
            {DRAWER_PAGES.map(pageLink)}
          </ul>
          <DrawerGroup title={t("landing.nav.developers")}>{DEVELOPER_LINKS.map(pageLink)}</DrawerGroup>
          <DrawerGroup title={t("landing.nav.signIn")}>
            {pageLink(RETAILER_SIGN_IN)}
            <li>
              <AccountPortalLink
                className={drawerTwoLineLinkClass}
                hintClassName="text-sm font-normal text-slate-500"
                onClick={closeDrawer}
              />
            </li>
            {EXTERNAL_SIGN_IN.map((item) => (
              <li key={item.key}>
                <ExternalAppLink item={item} className={drawerLinkClass} iconClassName="size-4 opacity-60" />
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
              <li key={language}>
                <button
                  type="button"
                  lang={language}
                  className={clsx(drawerLinkClass, "w-full")}
                  aria-pressed={language === currentLanguage}
                  onClick={() => {
                    if (language !== currentLanguage) switchLanguage(language);
                  }}
                >
                  {LANGUAGE_NAMES[language]}
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

/** A drawer link with a second, smaller line (the account portal and who signs in there). */
const drawerTwoLineLinkClass =
  "flex min-h-11 flex-col items-start justify-center rounded-md px-3 py-1 text-left text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

function DrawerGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">{title}</p>
      <ul className="grid gap-1">{children}</ul>
    </div>
  );
}
