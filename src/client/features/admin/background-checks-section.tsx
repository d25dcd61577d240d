import type { CheckSummary } from "@common/api/background-checks";
import { useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { useState } from "react";
import { AdverseStage } from "~/components/adverse-stage";
import { CheckStatusBadge } from "~/components/check-status-badge";
import { ListBody, ListTable, RowAction } from "~/components/list-states";
import { SectionCard } from "~/components/section-card";
import { CardContent } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { useSession } from "~/lib/session";
import { checksQueryOptions } from "./api/checks";
import { ReviewDialog } from "./review-dialog";

/**
 * Background Checks table of docs/product.md#2-pages: Applicant, Email, Status, Submitted, Documents (when
 * the files are deleted, docs/product.md#12-account-records), Actions (Review).
 * A table on wide screens, cards on phones; the catalog's empty state when there are none.
 */
export function BackgroundChecksSection() {
  const { t, i18n } = useTranslation();
  const checks = useQuery(checksQueryOptions());
  // The check under review and the button that opened it (focus returns there on close).
  const [reviewing, setReviewing] = useState<{ check: CheckSummary; trigger: HTMLElement } | null>(null);
  const list = checks.data ?? [];

  const submitted = (check: CheckSummary) => formatDate(check.submittedAt, i18n.language);
  // When the check's files leave storage (docs/product.md#12-account-records, ADR 0058).
  const documents = (check: CheckSummary) =>
    check.filesPurgedAt
      ? t("portal.checks.filesPurged", { date: formatDate(check.filesPurgedAt, i18n.language) })
      : check.filesPurgeDueAt
        ? t("portal.checks.filesPurgeDue", { date: formatDate(check.filesPurgeDueAt, i18n.language) })
        : t("portal.checks.filesKept");
  const me = useSession().data?.user;
  // Nobody reviews their own check (ADR 0017): the server refuses it, so the button is disabled
  // and says why, instead of the reviewer learning it only on Update.
  const reviewButton = (check: CheckSummary) => {
    const own = me !== undefined && check.userId === me.id;
    return (
      <span className="inline-flex flex-wrap items-center justify-end gap-2">
        {own && (
          <span className="text-xs text-muted-foreground" aria-hidden="true">
            {t("portal.checks.ownCheck")}
          </span>
        )}
        {/* The table and the phone cards both render this button: the reason goes into its name, not an id. */}
        <RowAction
          aria-label={
            own
              ? `${t("portal.checks.reviewLabel", { name: check.fullName })}. ${t("portal.checks.ownCheck")}`
              : t("portal.checks.reviewLabel", { name: check.fullName })
          }
          title={own ? t("portal.checks.ownCheck") : undefined}
          disabled={own}
          data-review-trigger={check.id}
          onClick={(event) => setReviewing({ check, trigger: event.currentTarget })}
        >
          {t("portal.checks.review")}
        </RowAction>
      </span>
    );
  };

  return (
    <SectionCard
      role="region"
      aria-labelledby="checks-title"
      title={t("portal.checks.title")}
      description={t("portal.checks.description")}
      titleId="checks-title"
    >
      <CardContent>
        <ListBody texts="portal.checks" query={checks} count={list.length} icon={ClipboardList}>
          <ListTable
            rows={list}
            cardClassName="gap-2"
            columns={[
              { header: t("portal.checks.applicant"), className: "font-medium", cell: "fullName" },
              { header: t("portal.checks.email"), className: "break-all", cell: "email" },
              {
                header: t("portal.checks.status"),
                cell: (check) => (
                  <div className="grid justify-items-start gap-1">
                    <CheckStatusBadge status={check.status} />
                    <AdverseStage check={check} />
                  </div>
                ),
              },
              { header: t("portal.checks.submitted"), className: "whitespace-nowrap", cell: submitted },
              { header: t("portal.checks.documents"), className: "text-muted-foreground", cell: documents },
              { header: t("portal.checks.actions"), cell: reviewButton },
            ]}
            card={(check) => (
              <>
                <div className="flex items-start justify-between gap-2">
                  <span className="font-medium">{check.fullName}</span>
                  <CheckStatusBadge status={check.status} />
                </div>
                <AdverseStage check={check} />
                <span className="break-all text-sm text-muted-foreground">{check.email}</span>
                <span className="text-sm text-muted-foreground">
                  {t("portal.checks.documents")}: {documents(check)}
                </span>
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm text-muted-foreground">
                    {t("portal.checks.submitted")} {submitted(check)}
                  </span>
                  {reviewButton(check)}
                </div>
              </>
            )}
          />
        </ListBody>
      </CardContent>
      {reviewing && (
        <ReviewDialog
          check={reviewing.check}
          returnFocusTo={reviewing.trigger}
          onClose={() => setReviewing(null)}
        />
      )}
    </SectionCard>
  );
}
