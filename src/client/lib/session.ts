import type { MeResponse, MessageResponse } from "@common/api/auth";
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
