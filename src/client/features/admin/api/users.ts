import type { ManagedUser, UpdateUserInput, UserAudit, UserList } from "@common/api/users";
import { USERS_PAGE_SIZE } from "@common/limits";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api";
import { adminStatsQueryOptions } from "./stats";

/**
 * Client side of the user-management API (issue #11 item 4; contract in src/common/api/users.ts).
 * Query keys start with the path, so one `invalidateQueries` refreshes every page and search.
 */

const USERS_PATH = "/api/admin/users";
const AUDIT_PATH = "/api/admin/users/audit";

/** Rows one page of the Users section shows (the server's default page size). */
export { USERS_PAGE_SIZE };

/** `GET /api/admin/users?q=&page=&pageSize=`: one page of the users in the viewer's scope. */
export const usersQueryOptions = (q: string, page: number) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  params.set("page", String(page));
  params.set("pageSize", String(USERS_PAGE_SIZE));
  return queryOptions({
    queryKey: [USERS_PATH, { q, page }] as const,
    queryFn: () => apiRequest<UserList>("GET", `${USERS_PATH}?${params}`),
    placeholderData: keepPreviousData,
  });
};

/** `GET /api/admin/users/audit?page=&pageSize=`: the user audit trail, newest first. */
export const userAuditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [AUDIT_PATH, { page }] as const,
    queryFn: () => apiRequest<UserAudit>("GET", `${AUDIT_PATH}?page=${page}&pageSize=${USERS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });

/** After any change: the users list, the audit trail and the stat cards (Total Users) refetch. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [USERS_PATH] }),
      queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] }),
      queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
    ]);
}

/** `PATCH /api/admin/users/{id}` (admins): a new role and/or company (`null` for none). */
export function useUpdateUser() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUserInput & { id: number }) =>
      apiRequest<{ user: ManagedUser }>("PATCH", `${USERS_PATH}/${id}`, body),
    onSuccess: refresh,
  });
}

/** `POST /api/admin/users/{id}/deactivate` or `/reactivate` (admins and company admins). */
export function useSetUserActive() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiRequest<{ user: ManagedUser }>(
        "POST",
        `${USERS_PATH}/${id}/${active ? "reactivate" : "deactivate"}`,
        {},
      ),
    onSuccess: refresh,
  });
}

/** `DELETE /api/admin/users/{id}` (admins): the account, its checks and stored files go. */
export function useDeleteUser() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>("DELETE", `${USERS_PATH}/${id}`),
    onSuccess: refresh,
  });
}

/**
 * `DELETE /api/admin/users/{id}/passkeys` (managers; ADR 0061): every passkey of the user stops
 * working, e.g. for a lost device; she is emailed.
 */
export function useRemoveUserPasskeys() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ removed: number }>("DELETE", `${USERS_PATH}/${id}/passkeys`),
    onSuccess: refresh,
  });
}
