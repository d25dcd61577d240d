import type { MeResponse } from "@common/api/auth";
import { RoleBadge } from "~/components/role-badge";
import { SectionCard } from "~/components/section-card";
import { CardContent } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";

/** Profile card of docs/product.md#2-pages: Full Name, Email, Role badge, Last Login date or 'Never'. */
export function ProfileCard({ session }: { session: MeResponse }) {
  const { t, i18n } = useTranslation();
  const { user, company } = session;
  const lastLogin = user.lastLoginAt ? formatDate(user.lastLoginAt, i18n.language, true) : t("common.never");
  return (
    <SectionCard title={t("dashboard.profile")}>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label={t("dashboard.fullName")}>{user.fullName}</Field>
          <Field label={t("dashboard.email")}>
            <span className="break-all">{user.email}</span>
          </Field>
          <Field label={t("dashboard.role")}>
            <RoleBadge role={user.role} />
          </Field>
          <Field label={t("dashboard.lastLogin")}>{lastLogin}</Field>
          {company && <Field label={t("dashboard.company")}>{company.name}</Field>}
        </dl>
      </CardContent>
    </SectionCard>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
