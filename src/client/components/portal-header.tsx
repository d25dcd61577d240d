import type { SessionUser } from "@common/api/auth";
import { isLanguage } from "@common/languages";
import { canManageUsers } from "@common/roles";
import { signInPathFor } from "@common/sign-in-paths";
import { LayoutDashboard, LogOut, ShieldCheck } from "lucide-react";
import { NavLink, useNavigate } from "react-router";
import { toastError } from "~/lib/error-toast";
import { languageOptions } from "~/lib/language-options";
import { useTranslation } from "~/lib/react-i18n";
import { useLogout, useUpdateLanguage } from "~/lib/session";
import { BrandLogo } from "./brand-logo";
import { SelectOptions } from "./form-field";
import { RoleBadge } from "./role-badge";
import { SkipLink } from "./skip-link";
import { Button } from "./ui/button";
import { NativeSelect } from "./ui/native-select";

/** The portal's own pages, in header order; `manager` links show only to admins and company admins. */
const PORTAL_LINKS = [
  { to: "/dashboard", key: "dashboard", icon: LayoutDashboard, manager: false },
  { to: "/admin/dashboard", key: "admin", icon: ShieldCheck, manager: true },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  [
    "inline-flex h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium transition-colors duration-150",
    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset rounded-t-md",
    "[&_svg]:size-4 [&_svg]:shrink-0",
    isActive
      ? "border-primary text-foreground"
      : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
  ].join(" ");

/**
 * Portal header (docs/product.md#2-pages; ADR 0018) on every signed-in page. First row: the
 * logo, then the user menu (signed-in name, role badge, Sign out). Second row: the portal
 * navigation — Dashboard for everyone, Admin for admins and company admins — with the current
 * page marked `aria-current="page"` (React Router's NavLink). Both rows keep their DOM order
 * at every width, so keyboard order matches what is seen; at 390 px the name truncates and the
 * role badge hides (the page shows it again), tap targets stay 44 px tall. At the end of the
 * second row, the language select stores the user's language (ADR 0025); the portal follows it.
 * @param user the signed-in user (`GET /api/auth/me`)
 */
export function PortalHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const links = PORTAL_LINKS.filter((link) => !link.manager || canManageUsers(user.role));
  return (
    <header className="border-b border-border bg-background">
      <SkipLink />
      <div className="mx-auto flex h-16 max-w-[1100px] items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo />
        <div className="flex min-w-0 items-center gap-3">
          <span
            className="min-w-0 max-w-[9rem] truncate text-sm font-medium sm:max-w-[16rem]"
            title={user.fullName}
            data-testid="portal-user-name"
          >
            <span className="sr-only">{t("portal.nav.signedInAs")} </span>
            {user.fullName}
          </span>
          <span className="hidden sm:inline-flex">
            <RoleBadge role={user.role} />
          </span>
          <Button
            variant="outline"
            size="sm-touch"
            className="shrink-0"
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                // Admins sign in again on theirs, everyone else on `/sign-in` (ADR 0038).
                onSettled: () => navigate(signInPathFor(user.role), { replace: true }),
              })
            }
          >
            <LogOut aria-hidden="true" />
            {logout.isPending ? t("common.signingOut") : t("common.signOut")}
          </Button>
        </div>
      </div>
      <div className="mx-auto flex max-w-[1100px] items-end justify-between gap-2 px-2 sm:px-4">
        <nav aria-label={t("portal.nav.label")} className="min-w-0">
          <ul className="-mb-px flex gap-1 overflow-x-auto">
            {links.map(({ to, key, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} end className={tabClass}>
                  <Icon aria-hidden="true" />
                  {t(`portal.nav.${key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <PortalLanguageSelect language={user.language} />
      </div>
    </header>
  );
}

/**
 * The portal's language select (ADR 0025): saves the choice on the account
 * (`PATCH /api/auth/me/language`); the protected route then switches the portal and the cookie.
 */
function PortalLanguageSelect({ language }: { language: SessionUser["language"] }) {
  const { t } = useTranslation();
  const update = useUpdateLanguage();
  return (
    <div className="w-[7.5rem] shrink-0 py-1.5">
      <NativeSelect
        aria-label={t("portal.nav.language")}
        value={update.isPending && update.variables ? update.variables : language}
        disabled={update.isPending}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLanguage(chosen) || chosen === language) return;
          update.mutate(chosen, {
            onError: () => toastError(t("common.error"), t("portal.nav.languageFailed")),
          });
        }}
      >
        <SelectOptions options={languageOptions()} />
      </NativeSelect>
    </div>
  );
}
