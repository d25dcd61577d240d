import { type CheckSummary, checkAuthorizationUrl } from "@common/api/background-checks";
import { FileText } from "lucide-react";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";

/**
 * The stage of a pending rejection (ADR 0083), for the reviewers' table and her list: the day it
 * becomes final and the business days left, or that she disputed it.
 */
export function AdverseStage({ check }: { check: CheckSummary }) {
  const { t, i18n } = useTranslation();
  if (check.status !== "pre_adverse_action" || !check.finalAt) return null;
  return (
    <span className="text-xs text-muted-foreground" data-testid="adverse-stage">
      {check.disputedAt ? (
        t("portal.adverse.disputed")
      ) : (
        // Each part stays on one line: a narrow cell breaks between them, never inside one.
        <>
          <span className="whitespace-nowrap">
            {t("portal.adverse.finalOn", { date: formatDate(check.finalAt, i18n.language) })}
          </span>{" "}
          ·{" "}
          <span className="whitespace-nowrap">
            {t("portal.adverse.daysLeft", { count: check.businessDaysLeft ?? 0 })}
          </span>
        </>
      )}
    </span>
  );
}

/** A link to a check's signed authorization receipt (ADR 0084). */
export function ReceiptLink({ checkId }: { checkId: number }) {
  const { t } = useTranslation();
  return (
    <a
      className="inline-flex items-center gap-1 text-sm text-primary underline"
      href={checkAuthorizationUrl(checkId)}
    >
      <FileText className="size-4" aria-hidden="true" />
      {t("portal.adverse.receipt")}
    </a>
  );
}
