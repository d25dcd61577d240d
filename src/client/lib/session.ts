import type { MeResponse, MessageResponse } from "@common/api/auth";
import { ERROR_CODES } from "@common/api/errors";
import type { Language } from "@common/languages";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiErrorFrom, apiRequest } from "./api";

/** Where the reason a session ended waits for the sign-in screen (this tab only; ADR 0038). */
const SESSION_ENDED_KEY = "aisleiq.sessionEnded";

/** Why the last session in this tab ended, when the server said so: only deactivation so far. */
export type SessionEndReason = "deactivated";

/**
 * The reason the server gave when it ended this tab's session (401 ACCOUNT_DEACTIVATED, ADR 0038),
 * kept in sessionStorage because the server clears the cookie with that answer: the next check
 * is a plain 401, and the sign-in screen must still say why.
 */
export function sessionEndReason(): SessionEndReason | null {
  try {
    return globalThis.sessionStorage?.getItem(SESSION_ENDED_KEY) === "deactivated" ? "deactivated" : null;
  } catch {
    return null;
  }
}

/** Forgets the reason (once she has asked for a new link or signed in). */
export function clearSessionEndReason(): void {
  try {
    globalThis.sessionStorage?.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Storage refused (private mode): nothing was kept either.
  }
}

function rememberSessionEndReason(reason: SessionEndReason): void {
  try {
    globalThis.sessionStorage?.setItem(SESSION_ENDED_KEY, reason);
  } catch {
    // Storage refused: the sign-in screen then shows no reason, as before.
  }
}

/**
 * `GET /api/auth/me`; yields null when signed out (docs/product.md#7-api: the read is not
 * retried). A 401 ACCOUNT_DEACTIVATED is signed out too, and remembered for the sign-in screen.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/auth/me"] as const,
    queryFn: async (): Promise<MeResponse | null> => {
      const response = await fetch("/api/auth/me", { credentials: "include" });
      if (response.status === 401) {
        const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
        if (body?.code === ERROR_CODES.ACCOUNT_DEACTIVATED) rememberSessionEndReason("deactivated");
        return null;
      }
      if (!response.ok) throw apiErrorFrom(response.status, (await response.text()) || response.statusText);
      clearSessionEndReason();
      return (await response.json()) as MeResponse;
    },
  });

/** The current session: `data` is null when signed out, undefined while loading. */
export function useSession() {
  return useQuery(meQueryOptions());
}

/** Signs out: deletes the session server-side and forgets every cached query. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>("POST", "/api/auth/logout", {}),
    onSettled: () => {
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryOptions().queryKey[0] });
    },
  });
}

/**
 * `PATCH /api/auth/me/language` (ADR 0025): stores the signed-in user's portal
 * and email language; the session data then carries it, so the portal follows it.
 */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) =>
      apiRequest<{ language: Language }>("PATCH", "/api/auth/me/language", { language }),
    onSuccess: ({ language }) =>
      queryClient.setQueryData(meQueryOptions().queryKey, (session) =>
        session ? { ...session, user: { ...session.user, language } } : session,
      ),
  });
}
