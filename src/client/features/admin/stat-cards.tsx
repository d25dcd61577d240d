import { intlLocale } from "@common/languages";
import { useQuery } from "@tanstack/react-query";
import { Building2, CheckCircle2, Clock, Users } from "lucide-react";
import { Card } from "~/components/ui/card";
import { useTranslation } from "~/lib/react-i18n";
import { adminStatsQueryOptions } from "./api/stats";

/** The four stat cards of docs/product.md#2-pages, from `GET /api/admin/stats` (Total Users is a real count). */
export function StatCards() {
  const { t, i18n } = useTranslation();
  const stats = useQuery(adminStatsQueryOptions());
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const cards = [
    { key: "totalUsers", icon: Users, value: stats.data?.totalUsers },
    { key: "companies", icon: Building2, value: stats.data?.companies },
    { key: "pendingChecks", icon: Clock, value: stats.data?.pendingChecks },
    { key: "approved", icon: CheckCircle2, value: stats.data?.approved },
  ] as const;
  return (
    <section className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label={t("admin.title")}>
      {cards.map(({ key, icon: Icon, value }) => (
        <Card key={key}>
          <div className="flex items-start justify-between gap-2 p-4 sm:p-6">
            <div className="grid gap-1">
              <p className="text-sm text-muted-foreground">{t(`portal.stats.${key}`)}</p>
              <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid={`stat-${key}`}>
                {value === undefined ? "–" : number.format(value)}
              </p>
            </div>
            <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          </div>
        </Card>
      ))}
    </section>
  );
}
