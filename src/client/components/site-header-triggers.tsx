import { ChevronDown, Globe } from "lucide-react";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { navLinkClass } from "./site-header-styles";
import { Button } from "./ui/button";

/**
 * The triggers of the header's dropdowns, one look for both states: the plain buttons of the
 * prerendered header (site-header.tsx, until the menus load) and the Radix menus' triggers
 * (site-header-menus.tsx, which pass Radix's props through `asChild`). Every prop goes to the button.
 */
export function DevelopersTrigger(props: React.ComponentProps<"button">) {
  const { t } = useTranslation();
  return (
    <button type="button" className={navLinkClass} {...props}>
      {t("landing.nav.developers")}
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
}

/** The language menu's trigger: globe, language code, chevron; named "EN — Language" and so on. */
export function LanguageTrigger(props: React.ComponentProps<"button">) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <button
      type="button"
      className={navLinkClass}
      aria-label={t("landing.nav.languageButton", { code: language.toUpperCase() })}
      {...props}
    >
      <Globe className="size-4" aria-hidden="true" />
      <span>{language.toUpperCase()}</span>
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
}

/**
 * The Sign In menu's trigger, a primary button. Its props are what a trigger passes (type, aria,
 * data-state, handlers, ref); `className` is left out so the Button's own classes stand.
 */
export function SignInTrigger(props: Omit<React.ComponentProps<"button">, "className">) {
  const { t } = useTranslation();
  return (
    <Button {...props}>
      {t("landing.nav.signIn")}
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}
