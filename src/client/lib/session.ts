import type { MeResponse, MessageResponse } from "@common/api/auth";
import type { Language } from "@common/languages";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "./api";

/** `GET /api/auth/me`; yields null when signed out (docs/product.md#7-api: the read is not retried). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/auth/me"] as const,
    queryFn: getQueryFn<MeResponse>({ on401: "returnNull" }),
  });

/** The current session: `data` is null when signed out, undefined while loading. */
export function useSession() {
  return useQuery(meQueryOptions());
}

/** Signs out: deletes the session server-side and forgets every cached query. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>("POST", "/api/auth/logout", {}),
    onSettled: () => {
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryOptions().queryKey[0] });
    },
  });
}

/**
 * `PATCH /api/auth/me/language` (issue #12 item 1, ADR 0025): stores the signed-in user's portal
 * and email language; the session data then carries it, so the portal follows it.
 */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) =>
      apiRequest<{ language: Language }>("PATCH", "/api/auth/me/language", { language }),
    onSuccess: ({ language }) =>
      queryClient.setQueryData(meQueryOptions().queryKey, (session) =>
        session ? { ...session, user: { ...session.user, language } } : session,
      ),
  });
}
