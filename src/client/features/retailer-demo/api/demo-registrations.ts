import type { DemoRegistrationListResponse } from "@common/api/demo-registrations";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "~/lib/api";

/** `/api/demo-registrations` with the search `q` and, for the export, `format=csv`. */
function demoRegistrationsPath(q: string, format?: "csv"): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (format) params.set("format", format);
  const query = params.toString();
  return `/api/demo-registrations${query ? `?${query}` : ""}`;
}

/** `GET /api/demo-registrations?q=` (admin only): the registrations matching `q`, newest first. */
export function demoRegistrationsQueryOptions(q: string) {
  return queryOptions({
    queryKey: [demoRegistrationsPath(q)],
    queryFn: getQueryFn<DemoRegistrationListResponse>(),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/demo-registrations?format=csv`: the download URL of every registration matching `q`. */
export function demoRegistrationsCsvUrl(q: string): string {
  return demoRegistrationsPath(q, "csv");
}
