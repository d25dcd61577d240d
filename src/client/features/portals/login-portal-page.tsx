import type { LoginPortalId } from "@common/login-portals";
// The account sign-in page for invited users and company admins (ADR 0038).
import { ACCOUNT_SIGN_IN_PATH } from "@common/sign-in-paths";
import { BookOpen, Code2, type LucideIcon, Package, Puzzle, Store } from "lucide-react";
import type { ReactNode } from "react";
import { SitePage } from "~/components/site-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/components/ui/card";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { LoginPortalForm, textLinkClass } from "./login-portal-form";

const ICONS: Record<LoginPortalId, LucideIcon> = {
  api: Code2,
  documentation: BookOpen,
  sdk: Package,
  retailer: Store,
  plugins: Puzzle,
};

/** The plan Sign Up proposes: the pricing table's Most Popular plan (docs/product.md#3-records). */
const SIGN_UP_PLAN = "Optimal";

/**
 * One placeholder login portal (docs/product.md#2-pages "Login portal pages"): the card with its title,
 * description, the form ({@link LoginPortalForm}), Sign Up and the links below it. Sign Up opens
 * the Get Started form with the Optimal plan: it is a dialog trigger in the HTML
 * (`data-dialog-trigger`, handled by the site's dialog trigger script).
 *
 * Rendered to static HTML (the public site is static pages with islands); the form is
 * `children` when the page passes it as an island, or rendered in place.
 */
export function LoginPortalPage({ portal, children }: { portal: LoginPortalId; children?: ReactNode }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const Icon = ICONS[portal];

  return (
    <SitePage className="bg-gradient-to-b from-secondary/70 via-background to-background">
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:pt-12">
        <Card variant="raised" className="w-full max-w-md">
          <CardHeader className="items-center text-center">
            <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold leading-tight tracking-tight">
              {t(`loginPortals.${portal}.title`)}
            </h1>
            <p className="text-base text-muted-foreground">{t(`loginPortals.${portal}.description`)}</p>
          </CardHeader>
          <CardContent>{children ?? <LoginPortalForm portal={portal} />}</CardContent>
          <CardFooter className="flex-col gap-3 border-t border-border pt-6">
            <p className="text-sm text-muted-foreground">{t("loginPortals.noAccount")}</p>
            <Button
              type="button"
              variant="outline"
              className="w-full"
              aria-haspopup="dialog"
              data-dialog-trigger="get-started"
              data-plan={SIGN_UP_PLAN}
            >
              {t("loginPortals.signUp")}
            </Button>
            <p className="text-center text-sm text-muted-foreground">
              {t("loginPortals.haveAccount")}{" "}
              <a href={ACCOUNT_SIGN_IN_PATH} className={textLinkClass}>
                {t("loginPortals.accountPortalLink")}
              </a>
            </p>
            <a
              href={localize("/")}
              className="rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t("loginPortals.backHome")}
            </a>
          </CardFooter>
        </Card>
      </main>
    </SitePage>
  );
}
