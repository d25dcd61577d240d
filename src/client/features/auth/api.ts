import type { MeResponse, MessageResponse } from "@common/api/auth";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api";
import { meQueryOptions } from "~/lib/session";

/** `GET /api/admin/login-info`: true when initial setup is needed (the call answers 404). */
export const setupNeededQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/admin/login-info"] as const,
    queryFn: async () => {
      const response = await fetch("/api/admin/login-info", { credentials: "include" });
      return response.status === 404;
    },
  });

export function useSendMagicLink() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<MessageResponse>("POST", "/api/auth/send-magic-link", { email }),
  });
}

export function useCreateInitialAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; fullName: string }) =>
      apiRequest<MessageResponse>("POST", "/api/admin/create-initial", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupNeededQueryOptions().queryKey }),
  });
}

/** Verifies a magic link and refreshes the session data (spec §4). */
export function useVerifyMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ user: MeResponse["user"] }>("POST", "/api/auth/verify-magic-link", { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
