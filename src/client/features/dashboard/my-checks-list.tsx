import { useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { AdverseStage, ReceiptLink } from "~/components/adverse-stage";
import { CheckStatusBadge } from "~/components/check-status-badge";
import { ListBody, ListCards } from "~/components/list-states";
import { SectionCard } from "~/components/section-card";
import { CardContent } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { AdverseNotice, hasAdverseNotice } from "./adverse-action";
import { myChecksQueryOptions } from "./api";

/**
 * The user's own checks (docs/product.md#2-pages): name, email, status badge, submitted date, reviewed date and
 * review notes when present, and until when her files are kept or when they were deleted
 * (docs/product.md#12-account-records); the catalog's empty state otherwise.
 */
export function MyChecksList() {
  const { t, i18n } = useTranslation();
  const checks = useQuery(myChecksQueryOptions());
  const list = checks.data ?? [];
  return (
    <SectionCard title={t("portal.myChecks.title")}>
      <CardContent>
        <ListBody texts="portal.myChecks" query={checks} count={list.length} icon={ClipboardList}>
          <ListCards
            rows={list}
            cardClassName="gap-2"
            cardTestId="my-check"
            card={(check) => (
              <>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="grid min-w-0">
                    <span className="font-medium">{check.fullName}</span>
                    <span className="break-all text-sm text-muted-foreground">{check.email}</span>
                  </div>
                  <div className="ml-auto grid justify-items-end gap-1 text-right">
                    <CheckStatusBadge status={check.status} />
                    <AdverseStage check={check} />
                  </div>
                </div>
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  <span>
                    {t("portal.myChecks.submitted", { date: formatDate(check.submittedAt, i18n.language) })}
                  </span>
                  {check.reviewedAt && (
                    <span>
                      {t("portal.myChecks.reviewed", { date: formatDate(check.reviewedAt, i18n.language) })}
                    </span>
                  )}
                  <span>{t("portal.myChecks.files", { count: check.fileCount })}</span>
                  {check.filesPurgedAt ? (
                    <span data-testid="files-purged">
                      {t("portal.myChecks.filesPurged", {
                        date: formatDate(check.filesPurgedAt, i18n.language),
                      })}
                    </span>
                  ) : (
                    check.filesPurgeDueAt && (
                      <span>
                        {t("portal.myChecks.filesPurgeDue", {
                          date: formatDate(check.filesPurgeDueAt, i18n.language),
                        })}
                      </span>
                    )
                  )}
                </div>
                {/* During a pending rejection the notes are the reasons its banner points to, so
                    they are shown inside it (ADR 0083). */}
                {check.notes && !hasAdverseNotice(check) && (
                  <div className="rounded-lg bg-muted p-3 text-sm">
                    <p className="font-medium">{t("portal.myChecks.notes")}</p>
                    <p className="whitespace-pre-wrap break-words text-muted-foreground">{check.notes}</p>
                  </div>
                )}
                <AdverseNotice check={check} />
                <ReceiptLink checkId={check.id} />
              </>
            )}
          />
        </ListBody>
      </CardContent>
    </SectionCard>
  );
}
