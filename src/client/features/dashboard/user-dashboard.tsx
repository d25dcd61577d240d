import type { MeResponse } from "@common/api/auth";
import { canManageUsers } from "@common/roles";
import { ArrowRight, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PortalHeader } from "~/components/portal-header";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/react-i18n";
import { BackgroundCheckForm } from "./background-check-form";
import { MyChecksList } from "./my-checks-list";
import { ProfileCard } from "./profile-card";
import { SessionsCard } from "./sessions-card";

/**
 * The signed-in user's dashboard (docs/product.md#2-pages): profile card, background-check form, own
 * checks, and her signed-in devices (docs/product.md#12-account-records).
 * Admins and company admins, who land here after every sign-in (docs/product.md#2-pages verify redirect), also
 * get a panel leading to the admin area (ADR 0018), besides the header's Admin link.
 * @param notice shown under the heading (the route composes it: the one-time passkey suggestion)
 * @param account shown under the profile (the route composes it: her passkeys)
 */
export function UserDashboard({
  session,
  notice,
  account,
}: {
  session: MeResponse;
  notice?: ReactNode;
  account?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-muted/40">
      <PortalHeader user={session.user} />
      <main id="main" className="mx-auto grid max-w-[1100px] gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("dashboard.title")}</h1>
          <p className="text-muted-foreground">{t("dashboard.welcome", { name: session.user.fullName })}</p>
        </div>
        {notice}
        {canManageUsers(session.user.role) && (
          <section
            aria-labelledby="admin-callout-title"
            className="flex flex-col gap-4 rounded-2xl border border-primary/30 bg-secondary/60 p-5 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex items-start gap-3">
              <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="grid gap-1">
                <h2 id="admin-callout-title" className="font-semibold">
                  {t("portal.adminCallout.title")}
                </h2>
                <p className="text-sm text-muted-foreground">{t("portal.adminCallout.text")}</p>
              </div>
            </div>
            <Button asChild className="shrink-0">
              <Link to="/admin/dashboard">
                {t("portal.adminCallout.link")}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </section>
        )}
        <ProfileCard session={session} />
        {account}
        <BackgroundCheckForm user={session.user} />
        <MyChecksList />
        <SessionsCard />
      </main>
    </div>
  );
}
