import type { EndSessionsResponse, SessionList } from "@common/api/sessions";
import type { ManagedUser, UpdateUserInput, UserAudit, UserAuditAction, UserList } from "@common/api/users";
import { USERS_PAGE_SIZE } from "@common/limits";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api";
import { adminStatsQueryOptions } from "./stats";

/**
 * Client side of the user-management API (ADR 0017; contract in src/common/api/users.ts).
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

/** The audit trail's filters as the panel holds them (ADR 0057); empty means none. */
export interface AuditFilters {
  /** A name or an address (debounced). */
  q: string;
  action: UserAuditAction | "";
  /** Instants (ISO 8601), from the local start and end of the days chosen. */
  from: string;
  to: string;
}

/** The query string of `filters`, for the list and its CSV export alike. */
export function auditSearchParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.action) params.set("action", filters.action);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params;
}

/** `GET /api/admin/users/audit?…`: one page of the audit trail matching `filters`, newest first. */
export const userAuditQueryOptions = (
  page: number,
  filters: AuditFilters = { q: "", action: "", from: "", to: "" },
) =>
  queryOptions({
    queryKey: [AUDIT_PATH, { page, ...filters }] as const,
    queryFn: () => {
      const params = auditSearchParams(filters);
      params.set("page", String(page));
      params.set("pageSize", String(USERS_PAGE_SIZE));
      return apiRequest<UserAudit>("GET", `${AUDIT_PATH}?${params}`);
    },
    placeholderData: keepPreviousData,
  });

/** The CSV export of every entry matching `filters` (`format=csv`). */
export function userAuditCsvUrl(filters: AuditFilters): string {
  const params = auditSearchParams(filters);
  params.set("format", "csv");
  return `${AUDIT_PATH}?${params}`;
}

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

/** `GET /api/admin/users/{id}/sessions`: a managed user's live sessions (docs/product.md#12-account-records). */
export const userSessionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [`${USERS_PATH}/${id}/sessions`] as const,
    queryFn: () => apiRequest<SessionList>("GET", `${USERS_PATH}/${id}/sessions`),
  });

/**
 * Ends one session of a managed user (`DELETE /api/admin/users/{id}/sessions/{sessionId}`) or
 * all of them (`DELETE /api/admin/users/{id}/sessions`); her sessions and the audit trail refetch.
 */
export function useEndUserSessions(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number | "all") =>
      apiRequest<EndSessionsResponse>(
        "DELETE",
        sessionId === "all" ? `${USERS_PATH}/${id}/sessions` : `${USERS_PATH}/${id}/sessions/${sessionId}`,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userSessionsQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: [AUDIT_PATH] }),
      ]),
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
