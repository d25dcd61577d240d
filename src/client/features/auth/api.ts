import type {
  createInitialAdminBodySchema,
  InspectMagicLinkResponse,
  MessageResponse,
  SignInResponse,
} from "@common/api/auth";
import type { Passkey, PasskeyList, StepUpCodeSent, StepUpResponse } from "@common/api/passkeys";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "~/lib/api";
import { meQueryOptions } from "~/lib/session";

/** `GET /api/admin/login-info`: true when initial setup is needed (the call answers 404). */
export const setupNeededQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/admin/login-info"] as const,
    queryFn: async () => {
      const response = await fetch("/api/admin/login-info", { credentials: "include" });
      return response.status === 404;
    },
  });

export function useSendMagicLink() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<MessageResponse>("POST", "/api/auth/send-magic-link", { email }),
  });
}

export function useCreateInitialAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof createInitialAdminBodySchema>) =>
      apiRequest<MessageResponse>("POST", "/api/admin/create-initial", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupNeededQueryOptions().queryKey }),
  });
}

/**
 * Where the portal keeps, for this tab, that it should suggest a passkey on the next dashboard
 * (ADR 0061): the server says so once, in the answer of a sign-in by email.
 */
const SUGGEST_PASSKEY_KEY = "aisleiq.suggestPasskey";

/** Remembers the server's one-time suggestion from a sign-in answer. */
function rememberSuggestion(answer: SignInResponse): void {
  try {
    if (answer.suggestPasskey) globalThis.sessionStorage?.setItem(SUGGEST_PASSKEY_KEY, "1");
  } catch {
    // Storage refused: no suggestion, which is no harm.
  }
}

/** True when the last sign-in by email in this tab asked to suggest a passkey, not yet answered. */
export function passkeySuggestionPending(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(SUGGEST_PASSKEY_KEY) === "1";
  } catch {
    return false;
  }
}

/** Forgets the suggestion (added, or "Not now"): it never comes back (ADR 0061). */
export function clearPasskeySuggestion(): void {
  try {
    globalThis.sessionStorage?.removeItem(SUGGEST_PASSKEY_KEY);
  } catch {
    // Nothing kept either.
  }
}

/** After any sign-in: remember a passkey suggestion and refresh the session data. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (answer: SignInResponse) => {
    rememberSuggestion(answer);
    return queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  };
}

/** Verifies a magic link and refreshes the session data (docs/product.md#4-states). */
export function useVerifyMagicLink() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<SignInResponse>("POST", "/api/auth/verify-magic-link", { token }),
    onSuccess: signedIn,
  });
}

/**
 * `POST /api/auth/verify-code` (ADR 0060): signs this browser in with the code of the sign-in
 * email it asked for, then refreshes the session data.
 */
export function useVerifySignInCode() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      apiRequest<SignInResponse>("POST", "/api/auth/verify-code", input),
    onSuccess: signedIn,
  });
}

/** The WebAuthn half of the browser library, loaded when a passkey is first used (it is not needed before). */
const webauthn = () => import("@simplewebauthn/browser");

/** True when the browser can use passkeys at all (WebAuthn); false while unknown on the server. */
export async function passkeysSupported(): Promise<boolean> {
  if (typeof window === "undefined") return false;
  return (await webauthn()).browserSupportsWebAuthn();
}

/** True when the browser offers passkeys in a field's autofill (conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (typeof window === "undefined") return false;
  return (await webauthn()).browserSupportsWebAuthnAutofill();
}

/**
 * Signs in with a passkey (ADR 0061): asks the server for options, lets the browser pick and
 * use a passkey (from a dialog, or with `autofill` from the email field's suggestions, which can
 * wait as long as the page is open), and sends its answer.
 * @throws the browser's error when the person cancels (`NotAllowedError`) or it is aborted by a
 *   newer ceremony (`AbortError`); ApiError when the server refuses
 */
export async function signInWithPasskey(autofill = false): Promise<SignInResponse> {
  const { startAuthentication } = await webauthn();
  const { options } = await apiRequest<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    "POST",
    "/api/auth/passkey/options",
    {},
  );
  const response: AuthenticationResponseJSON = await startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: autofill,
  });
  return apiRequest<SignInResponse>("POST", "/api/auth/passkey/verify", { response });
}

/** {@link signInWithPasskey} as a mutation that refreshes the session data. */
export function usePasskeySignIn() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: (autofill: boolean) => signInWithPasskey(autofill), onSuccess: signedIn });
}

/** True for the errors a browser raises when the person closed its passkey dialog or a newer one replaced it. */
export function isPasskeyCancel(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}

const PASSKEYS_PATH = "/api/auth/passkeys";

/** `GET /api/auth/passkeys`: the signed-in person's passkeys. */
export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: [PASSKEYS_PATH] as const,
    queryFn: () => apiRequest<PasskeyList>("GET", PASSKEYS_PATH),
  });

/**
 * Adds a passkey (ADR 0061): registration options from the server, the browser's dialog, then
 * the answer to the server, which names it after this browser and OS; the list refetches.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startRegistration } = await webauthn();
      const { options } = await apiRequest<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        "POST",
        `${PASSKEYS_PATH}/options`,
        {},
      );
      const response: RegistrationResponseJSON = await startRegistration({ optionsJSON: options });
      return apiRequest<{ passkey: Passkey }>("POST", PASSKEYS_PATH, { response });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PASSKEYS_PATH] }),
  });
}

/**
 * `POST /api/auth/step-up/send-code` (ADR 0076): emails her a code, so a session whose sign-in
 * is older than the step-up window can add a passkey.
 */
export function useSendStepUpCode() {
  return useMutation({
    mutationFn: () => apiRequest<StepUpCodeSent>("POST", "/api/auth/step-up/send-code", {}),
  });
}

/** `POST /api/auth/step-up/verify-code` (ADR 0076): the emailed code, typed on this session. */
export function useVerifyStepUpCode() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<StepUpResponse>("POST", "/api/auth/step-up/verify-code", { code }),
  });
}

/** `PATCH /api/auth/passkeys/{id}`: a new name. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiRequest<{ passkey: Passkey }>("PATCH", `${PASSKEYS_PATH}/${id}`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PASSKEYS_PATH] }),
  });
}

/** `DELETE /api/auth/passkeys/{id}`: it signs no one in from then on. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>("DELETE", `${PASSKEYS_PATH}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PASSKEYS_PATH] }),
  });
}

/**
 * `POST /api/auth/magic-link/inspect` (ADR 0015): whose link this is (masked)
 * and whether this browser asked for it. Never uses the link, so it is safe to run on page load;
 * asked once per token (a later answer would say "used" once the link has signed in).
 */
export const inspectMagicLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["/api/auth/magic-link/inspect", token] as const,
    queryFn: () => apiRequest<InspectMagicLinkResponse>("POST", "/api/auth/magic-link/inspect", { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
