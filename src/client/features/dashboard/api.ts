import type { CheckSummary, Disclosure } from "@common/api/background-checks";
import type { EndSessionsResponse, SessionList } from "@common/api/sessions";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiErrorFrom, apiRequest, getQueryFn } from "~/lib/api";

/** `GET /api/background-checks/my`: the signed-in user's own checks, newest first. */
export const myChecksQueryOptions = () =>
  queryOptions({ queryKey: ["/api/background-checks/my"] as const, queryFn: getQueryFn<CheckSummary[]>() });

/**
 * Posts a background-check submission as multipart with XMLHttpRequest, which (unlike fetch)
 * reports upload progress.
 * @param onProgress called with whole percentages 0–100 as bytes leave the browser
 * @throws ApiError for non-ok responses (message "<status>: <text>", docs/product.md#8-messages); TypeError on a
 *   network failure
 */
export function uploadCheck(form: FormData, onProgress: (percent: number) => void): Promise<CheckSummary> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/background-checks");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(JSON.parse(text) as CheckSummary);
        return;
      }
      reject(apiErrorFrom(xhr.status, text || xhr.statusText));
    };
    xhr.onerror = () => reject(new TypeError("Network Error"));
    xhr.onabort = () => reject(new TypeError("Upload aborted"));
    xhr.send(form);
  });
}

/** Submits a check with progress; the user's list is refetched on success. */
export function useSubmitCheck(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      fullName: string;
      email: string;
      disclosureVersion: string;
      signatureName: string;
      files: File[];
    }) => {
      const form = new FormData();
      form.append("fullName", input.fullName);
      form.append("email", input.email);
      // The signed authorization (ADR 0084): the disclosure she read and her typed name.
      form.append("disclosureVersion", input.disclosureVersion);
      form.append("signatureName", input.signatureName);
      for (const file of input.files) form.append("files", file, file.name);
      return uploadCheck(form, onProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myChecksQueryOptions().queryKey }),
  });
}

/** `GET /api/auth/sessions`: the signed-in user's live sessions (docs/product.md#12-account-records). */
export const mySessionsQueryOptions = () =>
  queryOptions({ queryKey: ["/api/auth/sessions"] as const, queryFn: getQueryFn<SessionList>() });

/**
 * Ends sessions of the signed-in user: one (`DELETE /api/auth/sessions/{id}`) or every other one
 * (`POST /api/auth/sessions/end-others`); the list is refetched either way.
 */
export function useEndMySessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: number } | "others") =>
      which === "others"
        ? apiRequest<EndSessionsResponse>("POST", "/api/auth/sessions/end-others", {})
        : apiRequest<EndSessionsResponse>("DELETE", `/api/auth/sessions/${which.id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryOptions().queryKey }),
  });
}

/**
 * `GET /api/background-checks/disclosure`: the disclosure to read and sign before uploading
 * (ADR 0084), in the portal's language (the query key carries it, so a language switch refetches).
 */
export const disclosureQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ["/api/background-checks/disclosure", language] as const,
    queryFn: () => apiRequest<Disclosure>("GET", "/api/background-checks/disclosure"),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * `POST /api/background-checks/{id}/dispute` (ADR 0083): her statement and up to 5 files, as
 * multipart; her list is refetched on success.
 */
export function useDisputeCheck(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { statement: string; files: File[] }) => {
      const form = new FormData();
      form.append("statement", input.statement);
      for (const file of input.files) form.append("files", file, file.name);
      const response = await fetch(`/api/background-checks/${id}/dispute`, {
        method: "POST",
        credentials: "same-origin",
        body: form,
      });
      const text = await response.text();
      if (!response.ok) throw apiErrorFrom(response.status, text || response.statusText);
      return JSON.parse(text) as CheckSummary;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myChecksQueryOptions().queryKey }),
  });
}
