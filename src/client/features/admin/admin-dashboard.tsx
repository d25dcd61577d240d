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

/** A section of the dashboard: its anchor (`#section-<id>`), its name in the in-page nav, its content. */
export interface DashboardSection {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Admin dashboard (docs/product.md#2-pages): header with welcome message and role badge, the four
 * stat cards, Invite User, then an in-page nav to the sections below: Background Checks with
 * Review, (admins only) Companies — before Invitations and Users, since a company must exist
 * before someone can be invited into it —, Invitations, Users with their audit trail,
 * and the admins' other sections. Company admins see only their own company (ADR 0009). Without
 * manage rights: the catalog's Access Denied text.
 * @param adminSections sections of other features shown to admins only (composed by the route)
 * @param notice shown under the heading (composed by the route: the one-time passkey suggestion)
 */
export function AdminDashboard({
  session,
  adminSections = [],
  notice,
}: {
  session: MeResponse;
  adminSections?: readonly DashboardSection[];
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const { user, company } = session;
  const admin = isAdmin(user.role);
  const sections: DashboardSection[] = [
    { id: "checks", label: t("portal.checks.title"), content: <BackgroundChecksSection /> },
    ...(admin
      ? [{ id: "companies", label: t("portal.companies.title"), content: <CompaniesSection /> }]
      : []),
    {
      id: "invitations",
      label: t("portal.invitations.title"),
      content: <InvitationsSection role={user.role} />,
    },
    {
      id: "users",
      label: t("portal.users.title"),
      content: (
        <>
          <UsersSection viewer={user} />
          <UserAuditPanel />
        </>
      ),
    },
    ...(admin ? adminSections : []),
  ];
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
            {notice}
            <StatCards />
            <SectionNav sections={sections} />
            {sections.map((section) => (
              // scroll-mt: the link's target clears the top of the window with some air.
              <div key={section.id} id={`section-${section.id}`} className="grid scroll-mt-6 gap-6">
                {section.content}
              </div>
            ))}
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

/**
 * Links to each section of the dashboard (WCAG 2.4.5): seven stacked sections are over 3,000 px
 * tall on a phone. Pills that wrap, 44 px tall (WCAG 2.5.5).
 */
function SectionNav({ sections }: { sections: readonly DashboardSection[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("admin.sectionsNav")}>
      <ul className="flex flex-wrap gap-2">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#section-${section.id}`}
              className="inline-flex min-h-11 items-center rounded-full border border-border bg-background px-4 text-sm font-medium hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
