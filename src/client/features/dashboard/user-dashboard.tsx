import type { MeResponse } from "@common/api/auth";
import { useTranslation } from "react-i18next";
import { PortalHeader } from "~/components/portal-header";
import { BackgroundCheckForm } from "./background-check-form";
import { MyChecksList } from "./my-checks-list";
import { ProfileCard } from "./profile-card";

/** The signed-in user's dashboard (spec §2): profile card, background-check form, own checks. */
export function UserDashboard({ session }: { session: MeResponse }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-muted/40">
      <PortalHeader user={session.user} />
      <main id="main" className="mx-auto grid max-w-[1100px] gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("dashboard.title")}</h1>
          <p className="text-muted-foreground">{t("dashboard.welcome", { name: session.user.fullName })}</p>
        </div>
        <ProfileCard session={session} />
        <BackgroundCheckForm user={session.user} />
        <MyChecksList />
      </main>
    </div>
  );
}
