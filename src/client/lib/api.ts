import type { ApiErrorBody } from "@common/api/errors";

/**
 * The API client (docs/product.md#7-api, #8-messages). Every request sends credentials; any non-ok response throws an
 * {@link ApiError} whose message is `"<status>: <response text or status text>"`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  let body: ApiErrorBody | null = null;
  try {
    const parsed = JSON.parse(text) as Partial<ApiErrorBody>;
    if (typeof parsed.error === "string") body = { error: parsed.error, code: String(parsed.code ?? "") };
  } catch {
    // Not JSON: the message keeps the raw text.
  }
  throw new ApiError(response.status, text, body);
}

/**
 * Sends a JSON request (or none for GET) and returns the parsed JSON response.
 * @throws ApiError for non-ok responses; TypeError for network failures
 */
export async function apiRequest<T>(
  method: string,
  url: string,
  data?: unknown,
  init?: RequestInit,
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: data !== undefined ? { "Content-Type": "application/json" } : undefined,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    ...init,
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? await response.json() : await response.text()) as T;
}

/**
 * A GET for TanStack Query. On 401 it throws (the default) or yields null, per docs/product.md#7-api.
 */
export function getQueryFn<T>(options: { on401: "throw" | "returnNull" } = { on401: "throw" }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const response = await fetch(String(queryKey[0]), { credentials: "include" });
    if (options.on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** The human message to show for a failed call: the server's `error` field, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.body?.error ?? fallback;
  return fallback;
}
