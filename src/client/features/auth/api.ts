import type {
  createInitialAdminBodySchema,
  InspectMagicLinkResponse,
  MeResponse,
  MessageResponse,
} from "@common/api/auth";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
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
    mutationFn: (input: z.input<typeof createInitialAdminBodySchema>) =>
      apiRequest<MessageResponse>("POST", "/api/admin/create-initial", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupNeededQueryOptions().queryKey }),
  });
}

/** Verifies a magic link and refreshes the session data (docs/product.md#4-states). */
export function useVerifyMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ user: MeResponse["user"] }>("POST", "/api/auth/verify-magic-link", { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}

/**
 * `POST /api/auth/magic-link/inspect` (issue #11 item 5, ADR 0015): whose link this is (masked)
 * and whether this browser asked for it. Never uses the link, so it is safe to run on page load;
 * asked once per token (a later answer would say "used" once the link has signed in).
 */
export const inspectMagicLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["/api/auth/magic-link/inspect", token] as const,
    queryFn: () => apiRequest<InspectMagicLinkResponse>("POST", "/api/auth/magic-link/inspect", { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
