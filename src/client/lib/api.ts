import { type ApiErrorBody, ERRORS, isErrorCode } from "@common/api/errors";
import { DEFAULT_LANGUAGE } from "@common/languages";
import { enErrors } from "../locales/en-errors";
import { addCatalog, i18next } from "./i18n";

// The English messages of the server's error codes travel with the API client (ADR 0026); a
// Spanish page adds its own with the rest of its Spanish texts (locales/es-register.ts).
addCatalog({ errors: enErrors });

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

/**
 * The {@link ApiError} of a non-ok answer, from its status and body text (fetch or
 * XMLHttpRequest alike); a body that is not the API's `{error, code}` JSON leaves `body` null.
 * @param text the response text, or the status text when the body was empty
 */
export function apiErrorFrom(status: number, text: string): ApiError {
  let body: ApiErrorBody | null = null;
  try {
    const parsed = JSON.parse(text) as Partial<ApiErrorBody>;
    if (typeof parsed.error === "string") {
      body = { error: parsed.error, code: String(parsed.code ?? "") };
      if (typeof parsed.file === "string") body.file = parsed.file;
    }
  } catch {
    // Not JSON: the message keeps the raw text.
  }
  return new ApiError(status, text, body);
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw apiErrorFrom(response.status, (await response.text()) || response.statusText);
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

/**
 * The message to show for an error body, in the page's language (ADR 0026): the catalog message
 * of its `code` (`errors.*`, keyed by the registry in common/api/errors.ts). On English pages a
 * code marked `detail` shows the server's own text, which names the file, field or wait; a code
 * this client does not know shows the server's text as it came.
 * @returns null when there is no body
 */
export function serverErrorMessage(body: ApiErrorBody | null | undefined): string | null {
  if (!body) return null;
  if (!isErrorCode(body.code)) return body.error;
  const entry: { message: string; detail?: true; named?: string } = ERRORS[body.code];
  if (entry.detail && i18next.language === DEFAULT_LANGUAGE) return body.error;
  // A file error names its file in the reader's language when the server says which (`file`).
  if (entry.named && body.file) return i18next.t(entry.named, { file: body.file, defaultValue: body.error });
  return i18next.t(entry.message, { defaultValue: body.error });
}

/**
 * The human message to show for a failed call: the translated message of the server's `code`
 * (see {@link serverErrorMessage}), else `fallback` (network failures, non-JSON answers).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return serverErrorMessage(error.body) ?? fallback;
  return fallback;
}
