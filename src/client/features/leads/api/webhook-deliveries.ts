import type {
  WebhookDelivery,
  WebhookDeliveryListResponse,
  WebhookDeliveryStatus,
} from "@common/api/webhooks";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "~/lib/api";

const DELIVERIES_PATH = "/api/admin/webhook-deliveries";

/** Deliveries one page of the CRM webhook section shows. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/** `GET /api/admin/webhook-deliveries` (admin only): one page, newest first, optionally of one status. */
export const webhookDeliveriesQueryOptions = (status: WebhookDeliveryStatus | "", offset: number) => {
  const params = [
    status ? `status=${status}` : "",
    `limit=${WEBHOOK_DELIVERIES_PAGE_SIZE}`,
    offset ? `offset=${offset}` : "",
  ]
    .filter(Boolean)
    .join("&");
  return queryOptions({
    queryKey: [`${DELIVERIES_PATH}?${params}`] as const,
    queryFn: getQueryFn<WebhookDeliveryListResponse>(),
    placeholderData: keepPreviousData,
  });
};

/** `POST /api/admin/webhook-deliveries/{id}/retry`: sends a waiting or given-up delivery again now. */
export function useRetryWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<WebhookDelivery>("POST", `/api/admin/webhook-deliveries/${id}/retry`, {}),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(DELIVERIES_PATH),
      }),
  });
}
