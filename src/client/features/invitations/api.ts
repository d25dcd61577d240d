import type { SessionUser } from "@common/api/auth";
import type { InvitationPreview } from "@common/api/invitations";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api";
import { meQueryOptions } from "~/lib/session";

/**
 * `POST /api/invitations/inspect` with the token in the body (never in a URL, ADR 0055): the
 * invited email, role and company, or an error (404/410). Changes nothing, so safe on page load.
 */
export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["/api/invitations/inspect", token] as const,
    queryFn: () => apiRequest<InvitationPreview>("POST", "/api/invitations/inspect", { token }),
  });

/** `POST /api/invitations/accept`; refreshes the session data on success (docs/product.md#4-states). */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; fullName: string }) =>
      apiRequest<{ user: SessionUser }>("POST", "/api/invitations/accept", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
