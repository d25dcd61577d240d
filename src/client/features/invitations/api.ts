import type { SessionUser } from "@common/api/auth";
import type { InvitationPreview } from "@common/api/invitations";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "~/lib/api";
import { meQueryOptions } from "~/lib/session";

/** `GET /api/invitations/{token}`: the invited email, role and company, or an error (404/410). */
export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [`/api/invitations/${encodeURIComponent(token)}`] as const,
    queryFn: getQueryFn<InvitationPreview>(),
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
