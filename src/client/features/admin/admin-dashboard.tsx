import type { MeResponse } from "@common/api/auth";
import { canManageUsers } from "@common/roles";
import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PortalHeader } from "~/components/portal-header";
import { RoleBadge } from "~/components/role-badge";
import { Card, CardContent } from "~/components/ui/card";

/** Admin dashboard (spec §2): header with welcome message and role badge. */
export function AdminDashboard({ session }: { session: MeResponse }) {
  const { t } = useTranslation();
  const { user } = session;
  return (
    <div className="min-h-screen bg-muted/40">
      <PortalHeader user={user} />
      <main id="main" className="mx-auto grid max-w-[1100px] gap-6 px-4 py-8 sm:px-6">
        {canManageUsers(user.role) ? (
          <div className="flex flex-wrap items-center gap-3">
            <div className="grid gap-1">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
                {t("admin.welcome", { name: user.fullName })}
              </h1>
              <p className="text-muted-foreground">{t("admin.subtitle")}</p>
            </div>
            <RoleBadge role={user.role} />
          </div>
        ) : (
          <Card>
            <CardContent className="flex items-center gap-3 p-6">
              <ShieldAlert className="size-6 text-destructive" aria-hidden="true" />
              <p>{t("admin.accessDenied")}</p>
            </CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}
