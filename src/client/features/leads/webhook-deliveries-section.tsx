import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from "@common/api/webhooks";
import { useQuery } from "@tanstack/react-query";
import { Webhook } from "lucide-react";
import { useId, useState } from "react";
import { SelectField } from "~/components/form-field";
import { ListBody, ListTable, RowAction } from "~/components/list-states";
import { SectionCard } from "~/components/section-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CardContent } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { toastRequestError } from "~/lib/error-toast";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import {
  useRetryWebhookDelivery,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  webhookDeliveriesQueryOptions,
} from "./api/webhook-deliveries";

const STATUS_VARIANT: Record<WebhookDeliveryStatus, "outline" | "success" | "destructive"> = {
  pending: "outline",
  delivered: "success",
  failed: "destructive",
};

/**
 * The admins' CRM webhook log (ADR 0051): every delivery of a new lead or demo registration to
 * LEAD_WEBHOOK_URL with its status, attempts and last error, newest first, filtered by status
 * and paged; a waiting or given-up delivery can be sent again now. Says where deliveries go, or
 * that no webhook is set up.
 */
export function WebhookDeliveriesSection() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<WebhookDeliveryStatus | "">("");
  const [paging, setPaging] = useState({ status: "", page: 1 });
  const page = paging.status === status ? paging.page : 1;
  const deliveries = useQuery(
    webhookDeliveriesQueryOptions(status, (page - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE),
  );
  const retry = useRetryWebhookDelivery();
  const rows = deliveries.data?.deliveries ?? [];
  const endpoint = deliveries.data?.endpoint;

  const when = (value: string | null) => (value ? formatDate(value, i18n.language, true) : "—");
  const event = (row: WebhookDelivery) => (
    <span className="grid gap-0.5">
      <span className="font-medium">
        {row.event === "lead.created" ? t("leads.webhooks.leadEvent") : t("leads.webhooks.registrationEvent")}
      </span>
      <span className="break-words text-xs text-muted-foreground">{row.summary}</span>
    </span>
  );
  const state = (row: WebhookDelivery) => (
    <span className="grid justify-items-start gap-1">
      <Badge variant={STATUS_VARIANT[row.status]}>{t(`leads.webhooks.status.${row.status}`)}</Badge>
      <span className="text-xs text-muted-foreground">
        {t("leads.webhooks.attempts", { count: row.attempts })}
      </span>
    </span>
  );
  const detail = (row: WebhookDelivery) =>
    row.status === "delivered" ? (
      <span className="text-sm">{t("leads.webhooks.deliveredAt", { when: when(row.deliveredAt) })}</span>
    ) : (
      <span className="grid gap-0.5 text-sm">
        {row.lastError ? <span className="break-words text-destructive">{row.lastError}</span> : null}
        {row.status === "pending" ? (
          <span className="text-muted-foreground">
            {t("leads.webhooks.nextAttempt", { when: when(row.nextAttemptAt) })}
          </span>
        ) : null}
      </span>
    );
  const action = (row: WebhookDelivery) =>
    row.status === "delivered" ? null : (
      <RowAction
        disabled={retry.isPending}
        aria-label={t("leads.webhooks.sendAgainLabel", { summary: row.summary })}
        onClick={() =>
          retry.mutate(row.id, {
            onSuccess: () =>
              toast({
                title: t("leads.webhooks.retriedTitle"),
                description: t("leads.webhooks.retriedText"),
              }),
            onError: (error) => toastRequestError(error, t("common.error"), t("leads.webhooks.retryFailed")),
          })
        }
      >
        {t("leads.webhooks.sendAgain")}
      </RowAction>
    );

  return (
    <SectionCard
      title={t("leads.webhooks.title")}
      description={
        endpoint === undefined
          ? t("leads.webhooks.description")
          : endpoint
            ? t("leads.webhooks.endpoint", { endpoint })
            : t("leads.webhooks.notConfigured")
      }
      actions={
        <Button
          variant="outline"
          size="sm-touch"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          {t("leads.webhooks.refresh")}
        </Button>
      }
    >
      <CardContent className="grid gap-4">
        <SelectField
          id={`${id}-status`}
          className="grid max-w-xs gap-2"
          label={t("leads.webhooks.statusFilter")}
          value={status}
          onChange={(changed) => setStatus(changed.target.value as WebhookDeliveryStatus | "")}
          options={[
            { value: "", label: t("leads.webhooks.allStatuses") },
            ...WEBHOOK_DELIVERY_STATUSES.map((value) => ({
              value,
              label: t(`leads.webhooks.status.${value}`),
            })),
          ]}
        />
        <ListBody
          texts="leads.webhooks"
          query={deliveries}
          count={rows.length}
          icon={Webhook}
          retry
          retrySize="sm"
          paging={{
            page,
            pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE,
            onPage: (next) => setPaging({ status, page: next }),
            size: "sm",
          }}
        >
          <ListTable
            rows={rows}
            cardClassName="gap-2 text-sm"
            columns={[
              { header: t("leads.webhooks.event"), cell: event },
              { header: t("leads.webhooks.statusColumn"), cell: state },
              { header: t("leads.webhooks.detail"), cell: detail },
              {
                header: t("leads.webhooks.queued"),
                className: "whitespace-nowrap",
                cell: (row) => when(row.createdAt),
              },
              { header: t("leads.webhooks.actions"), cell: action },
            ]}
            card={(row) => (
              <>
                <div className="flex items-start justify-between gap-2">
                  {event(row)}
                  {state(row)}
                </div>
                {detail(row)}
                <span className="text-muted-foreground">
                  {t("leads.webhooks.queued")} {when(row.createdAt)}
                </span>
                {action(row)}
              </>
            )}
          />
        </ListBody>
      </CardContent>
    </SectionCard>
  );
}
