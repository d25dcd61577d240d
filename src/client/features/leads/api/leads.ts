import type { LeadListResponse } from "@common/api/leads";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "~/lib/api";

/** Leads one page of the Leads section shows. */
export const LEADS_PAGE_SIZE = 25;

/** The `?q=` part for a search, or "" without one. */
function searchParam(q: string): string {
  const query = q.trim();
  return query ? `q=${encodeURIComponent(query)}` : "";
}

/** `GET /api/leads` (admin only): one page of leads, newest first, optionally searched. */
export const leadsQueryOptions = (q: string, offset: number) => {
  const params = [searchParam(q), `limit=${LEADS_PAGE_SIZE}`, offset > 0 ? `offset=${offset}` : ""]
    .filter(Boolean)
    .join("&");
  return queryOptions({
    queryKey: [`/api/leads?${params}`] as const,
    queryFn: getQueryFn<LeadListResponse>(),
    placeholderData: keepPreviousData,
  });
};

/** `GET /api/leads?format=csv`: the download URL of every lead matching `q`. */
export function leadsCsvUrl(q: string): string {
  const search = searchParam(q);
  return `/api/leads?format=csv${search ? `&${search}` : ""}`;
}
