import type { LeadListResponse } from "@common/api/leads";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "~/lib/api";

/** Leads one page of the Leads section shows. */
export const LEADS_PAGE_SIZE = 25;

/**
 * The inbox's exact attribution filters, by their URL query names (the UTM parameters'); an empty
 * value is no filter.
 */
export interface LeadFilters {
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

export const NO_LEAD_FILTERS: LeadFilters = { utm_source: "", utm_medium: "", utm_campaign: "" };

/** The query parameters of a search and filters, `q=…&utm_source=…`, or "" for none. */
function filterParams(q: string, filters: LeadFilters): string {
  const query = q.trim();
  return [["q", query] as const, ...Object.entries(filters)]
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
}

/** `GET /api/leads` (admin only): one page of leads, newest first, optionally searched and filtered. */
export const leadsQueryOptions = (q: string, offset: number, filters: LeadFilters = NO_LEAD_FILTERS) => {
  const params = [filterParams(q, filters), `limit=${LEADS_PAGE_SIZE}`, offset > 0 ? `offset=${offset}` : ""]
    .filter(Boolean)
    .join("&");
  return queryOptions({
    queryKey: [`/api/leads?${params}`] as const,
    queryFn: getQueryFn<LeadListResponse>(),
    placeholderData: keepPreviousData,
  });
};

/** `GET /api/leads?format=csv`: the download URL of every lead matching `q` and the filters. */
export function leadsCsvUrl(q: string, filters: LeadFilters = NO_LEAD_FILTERS): string {
  const search = filterParams(q, filters);
  return `/api/leads?format=csv${search ? `&${search}` : ""}`;
}
