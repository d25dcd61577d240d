import type { CheckDetail, CheckSummary, UpdateCheckInput } from "@common/api/background-checks";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "~/lib/api";
import { adminStatsQueryOptions } from "./stats";

/** `GET /api/background-checks` (manage rights; company admins get their company's). */
export const checksQueryOptions = () =>
  queryOptions({ queryKey: ["/api/background-checks"] as const, queryFn: getQueryFn<CheckSummary[]>() });

/** `GET /api/background-checks/{id}`: files and audit trail for the Review dialog. */
export const checkDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: [`/api/background-checks/${id}`] as const, queryFn: getQueryFn<CheckDetail>() });

/** `PATCH /api/background-checks/{id}`; the list, the cards and the detail are refetched (docs/product.md#7-api). */
export function useUpdateCheck(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCheckInput) =>
      apiRequest<CheckSummary>("PATCH", `/api/background-checks/${id}`, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checksQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: checkDetailQueryOptions(id).queryKey }),
      ]);
    },
  });
}
