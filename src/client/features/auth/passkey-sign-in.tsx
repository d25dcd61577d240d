import { WEBAUTHN_CHALLENGE_TTL_MS } from "@common/limits";
import { Fingerprint, Loader2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { toastRequestError } from "~/lib/error-toast";
import { useTranslation } from "~/lib/react-i18n";
import { isPasskeyCancel, passkeyAutofillSupported, passkeysSupported, usePasskeySignIn } from "./api";

/** The autofill's challenge is renewed this long before it would expire, in ms. */
const RENEW_BEFORE_EXPIRY_MS = 30_000;
/**
 * After a failed autofill sign-in (the server refused the passkey, or could not be reached), the
 * autofill waits this long before it asks again, doubling per failure up to
 * {@link AUTOFILL_RETRY_MAX_MS}: without the pause a refusal or an outage made the page ask the
 * server again at once, in a loop, with a toast each time.
 */
const AUTOFILL_RETRY_FIRST_MS = 1_000;
const AUTOFILL_RETRY_MAX_MS = 60_000;

/**
 * "Sign in with a passkey" and the passkey autofill of the email field (ADR 0061). When the
 * browser offers passkeys in autofill (conditional mediation), a ceremony waits on the email
 * field (`autocomplete="… webauthn"`) for as long as the page is open, renewed before its
 * challenge expires; the button opens the browser's own passkey dialog instead (and the autofill
 * comes back once that dialog is done). Closing a browser dialog is not an error; a refused
 * passkey is a toast, and the autofill comes back after a pause that grows with each failure. A successful sign-in refreshes the session, and the sign-in screen moves on.
 * Renders nothing in a browser without WebAuthn.
 */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const signIn = usePasskeySignIn();
  const [supported, setSupported] = useState(false);
  const failed = useCallback(
    (error: unknown) => {
      if (!isPasskeyCancel(error)) toastRequestError(error, t("common.error"), t("passkeys.signInFailed"));
    },
    [t],
  );
  const autofill = usePasskeyAutofill(failed);

  useEffect(() => {
    let current = true;
    passkeysSupported()
      .then((yes) => current && setSupported(yes))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  if (!supported) return null;
  const pending = signIn.isPending || signIn.isSuccess;
  return (
    <>
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t("passkeys.or")}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={pending}
        onClick={() => {
          autofill.pause();
          signIn.mutate(false, { onError: failed, onSettled: autofill.resume });
        }}
      >
        {pending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Fingerprint aria-hidden="true" />
        )}
        {pending ? t("passkeys.signingIn") : t("passkeys.signIn")}
      </Button>
    </>
  );
}

/**
 * Keeps a passkey autofill ceremony waiting on the page's `webauthn` field while mounted.
 * @returns `pause()` before a modal passkey dialog (which aborts the waiting ceremony) and
 *   `resume()` after it
 */
function usePasskeyAutofill(onError: (error: unknown) => void): { pause: () => void; resume: () => void } {
  const signIn = usePasskeySignIn();
  const paused = useRef(false);
  const arm = useRef<() => void>(() => undefined);
  const mutate = signIn.mutate;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = AUTOFILL_RETRY_FIRST_MS;
    const start = async () => {
      clearTimeout(timer);
      if (stopped || paused.current || !(await passkeyAutofillSupported())) return;
      // A new ceremony replaces this one (and its challenge) before the challenge expires.
      timer = setTimeout(start, WEBAUTHN_CHALLENGE_TTL_MS - RENEW_BEFORE_EXPIRY_MS);
      mutate(true, {
        onError: (error) => {
          if (stopped || isPasskeyCancel(error)) return;
          onError(error);
          clearTimeout(timer);
          timer = setTimeout(start, retryMs);
          retryMs = Math.min(retryMs * 2, AUTOFILL_RETRY_MAX_MS);
        },
      });
    };
    arm.current = () => void start();
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      arm.current = () => undefined;
      void import("@simplewebauthn/browser").then(({ WebAuthnAbortService }) =>
        WebAuthnAbortService.cancelCeremony(),
      );
    };
  }, [mutate, onError]);

  return {
    pause: () => {
      paused.current = true;
    },
    resume: () => {
      paused.current = false;
      arm.current();
    },
  };
}
