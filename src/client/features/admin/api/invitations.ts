import type { InvitationSummary, SendInvitationInput } from "@common/api/invitations";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest, getQueryFn } from "~/lib/api";

/** `GET /api/invitations`: the invitations this manager may see, newest first. */
export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: ["/api/invitations"] as const, queryFn: getQueryFn<InvitationSummary[]>() });

function useRefreshInvitations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey });
}

/**
 * `POST /api/invitations/send` (docs/product.md#7-api). A 409 (pending invitation elsewhere or with another
 * company, ADR 0017) also refreshes the list, so the dialog shows the pending invitation.
 */
export function useSendInvitation() {
  const refresh = useRefreshInvitations();
  return useMutation({
    mutationFn: (input: SendInvitationInput) =>
      apiRequest<InvitationSummary>("POST", "/api/invitations/send", input),
    onSuccess: refresh,
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refresh() : undefined),
  });
}

/** `POST /api/invitations/{id}/resend`: a new link with a fresh 7-day expiry. */
export function useResendInvitation() {
  const refresh = useRefreshInvitations();
  return useMutation({
    mutationFn: (id: number) => apiRequest<InvitationSummary>("POST", `/api/invitations/${id}/resend`, {}),
    onSuccess: refresh,
  });
}

/** `DELETE /api/invitations/{id}`: the link stops working. */
export function useRevokeInvitation() {
  const refresh = useRefreshInvitations();
  return useMutation({
    mutationFn: (id: number) => apiRequest<InvitationSummary>("DELETE", `/api/invitations/${id}`),
    onSuccess: refresh,
  });
}
