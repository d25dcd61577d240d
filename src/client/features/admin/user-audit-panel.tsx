import type { UserAuditEntry } from "@common/api/users";
import { ROLES } from "@common/roles";
import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useId, useState } from "react";
import { ListBody } from "~/components/list-states";
import { Pager } from "~/components/pager";
import { SectionCard } from "~/components/section-card";
import { CardContent } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { userAuditQueryOptions } from "./api/users";

/**
 * The user audit trail (issue #11 item 4, `GET /api/admin/users/audit`): who changed which
 * account and how, newest first, with paging and loading, empty and error states. Role ids in
 * a change ("user → company_admin") show as role names and "none" as "No company".
 */
export function UserAuditPanel() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const audit = useQuery(userAuditQueryOptions(page));
  const entries = audit.data?.entries ?? [];

  const side = (value: string) =>
    (ROLES as readonly string[]).includes(value)
      ? t(`roles.${value as (typeof ROLES)[number]}`)
      : value === "none"
        ? t("portal.userAudit.none")
        : value;
  const detail = (entry: UserAuditEntry) =>
    entry.detail
      ?.split(" → ")
      .map((part) => side(part.trim()))
      .join(" → ");

  return (
    <section aria-labelledby={titleId}>
      <SectionCard
        title={t("portal.userAudit.title")}
        description={t("portal.userAudit.description")}
        titleId={titleId}
      >
        <CardContent className="grid gap-4">
          <ListBody
            texts="portal.userAudit"
            query={audit}
            keepRows
            retry
            count={entries.length}
            icon={History}
          >
            <ol
              className="divide-y divide-border rounded-xl border border-border"
              aria-busy={audit.isFetching}
            >
              {entries.map((entry) => (
                <li key={entry.id} className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4">
                  <time dateTime={entry.at} className="tabular-nums text-muted-foreground">
                    {formatDate(entry.at, i18n.language, true)}
                  </time>
                  <div className="grid min-w-0 gap-0.5">
                    <span className="break-words">
                      {t(`portal.userAudit.actions.${entry.action}`, {
                        actor: entry.actorName ?? entry.actorEmail ?? t("portal.userAudit.someone"),
                        target: entry.targetEmail,
                      })}
                    </span>
                    {entry.detail && (
                      <span className="break-words text-muted-foreground">{detail(entry)}</span>
                    )}
                  </div>
                </li>
              ))}
            </ol>
          </ListBody>
          <Pager
            query={audit}
            page={page}
            shown={entries.length}
            pageSize={audit.data?.pageSize ?? 1}
            onPage={setPage}
            texts="portal.userAudit"
          />
        </CardContent>
      </SectionCard>
    </section>
  );
}
