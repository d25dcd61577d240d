import type { MeResponse } from "@common/api/auth";
import { canManageUsers, isAdmin } from "@common/roles";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { PortalHeader } from "~/components/portal-header";
import { RoleBadge } from "~/components/role-badge";
import { Card, CardContent } from "~/components/ui/card";
import { useTranslation } from "~/lib/react-i18n";
import { BackgroundChecksSection } from "./background-checks-section";
import { CompaniesSection } from "./companies-section";
import { InvitationsSection } from "./invitations-section";
import { InviteUserDialog } from "./invite-user-dialog";
import { StatCards } from "./stat-cards";
import { UserAuditPanel } from "./user-audit-panel";
import { UsersSection } from "./users-section";

/**
 * Admin dashboard (docs/product.md#2-pages, issue #3): header with welcome message and role badge, the four
 * stat cards, Invite User, Background Checks with Review, Invitations, Users with their audit
 * trail (issue #11), and (admins only) Companies. Company admins see only their own company (ADR 0009). Without manage rights:
 * the catalog's Access Denied text.
 * @param adminSections sections of other features shown to admins only (composed by the route)
 */
export function AdminDashboard({
  session,
  adminSections,
}: {
  session: MeResponse;
  adminSections?: ReactNode;
}) {
  const { t } = useTranslation();
  const { user, company } = session;
  return (
    <div className="min-h-screen bg-muted/40">
      <PortalHeader user={user} />
      <main id="main" className="mx-auto grid max-w-[1100px] gap-6 px-4 py-8 sm:px-6">
        {canManageUsers(user.role) ? (
          <>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div className="grid gap-1">
                <div className="flex flex-wrap items-center gap-3">
                  <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
                    {t("admin.welcome", { name: user.fullName })}
                  </h1>
                  <RoleBadge role={user.role} />
                </div>
                <p className="text-muted-foreground">
                  {company ? `${company.name} · ${t("admin.subtitle")}` : t("admin.subtitle")}
                </p>
              </div>
              <InviteUserDialog user={user} />
            </div>
            <StatCards />
            <BackgroundChecksSection />
            <InvitationsSection role={user.role} />
            <UsersSection viewer={user} />
            <UserAuditPanel />
            {isAdmin(user.role) && <CompaniesSection />}
            {isAdmin(user.role) && adminSections}
          </>
        ) : (
          <Card>
            <CardContent className="flex items-center gap-3 pt-6">
              <ShieldAlert className="size-6 text-destructive" aria-hidden="true" />
              <p>{t("admin.accessDenied")}</p>
            </CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}
