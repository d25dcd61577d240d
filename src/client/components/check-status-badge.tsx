import type { CheckStatus } from "@common/api/background-checks";
import { useTranslation } from "~/lib/react-i18n";
import { Badge } from "./ui/badge";

const VARIANT = {
  approved: "success",
  rejected: "destructive",
  in_review: "warning",
  pending: "outline",
} as const;

/** Background-check status badges of docs/product.md#4-states: Approved green, Rejected red, In Review yellow, Pending outline. */
export function CheckStatusBadge({ status }: { status: CheckStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT[status]} className="shrink-0 whitespace-nowrap">
      {t(`portal.status.${status}`)}
    </Badge>
  );
}
