import type { CheckStatus } from "@common/api/background-checks";
import { useTranslation } from "~/lib/react-i18n";
import { Badge } from "./ui/badge";

const VARIANT = {
  approved: "success",
  rejected: "destructive",
  pre_adverse_action: "warning",
  in_review: "warning",
  pending: "outline",
} as const;

/** Background-check status badges of docs/product.md#4-states: Approved green, Rejected red, In Review and Pending Rejection (ADR 0083) yellow, Pending outline. */
export function CheckStatusBadge({ status }: { status: CheckStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT[status]} className="shrink-0 whitespace-nowrap">
      {t(`portal.status.${status}`)}
    </Badge>
  );
}
