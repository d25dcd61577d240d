import type { AdminStats } from "@common/api/companies";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "~/lib/api";

/** `GET /api/admin/stats`: the four dashboard cards, computed and scoped by the server. */
export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/stats"] as const, queryFn: getQueryFn<AdminStats>() });
