import type { Company, CreateCompanyInput } from "@common/api/companies";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "~/lib/api";
import { adminStatsQueryOptions } from "./stats";

/** `GET /api/companies` (admin only, docs/product.md#6-roles). */
export const companiesQueryOptions = () =>
  queryOptions({ queryKey: ["/api/companies"] as const, queryFn: getQueryFn<Company[]>() });

/** `POST /api/companies`; refreshes the list and the Companies card. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCompanyInput) => apiRequest<Company>("POST", "/api/companies", input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companiesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
      ]);
    },
  });
}
