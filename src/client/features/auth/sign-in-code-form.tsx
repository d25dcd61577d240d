import { ERROR_CODES } from "@common/api/errors";
import { Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { ApiError, errorMessage } from "~/lib/api";
import { useTranslation } from "~/lib/react-i18n";
import { useVerifySignInCode } from "./api";

/**
 * The code field of "Check Your Email" (ADR 0060): the six digits of the sign-in email, typed in
 * this browser (the one that asked for it), sign it in; the session check then leads on to the
 * dashboard. A refused code says why under the field; once the code is dead (five wrong tries)
 * or the address has too many wrong codes, the field closes and points to the link or a new
 * email ('Send Another Link' below).
 * @param email the address the email went to, as typed on the form
 */
export function SignInCodeForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const verify = useVerifySignInCode();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const refusal = verify.error instanceof ApiError ? verify.error.body?.code : undefined;
  const closed =
    refusal === ERROR_CODES.SIGN_IN_CODE_EXHAUSTED ||
    refusal === ERROR_CODES.SIGN_IN_CODE_USED ||
    refusal === ERROR_CODES.RATE_LIMITED;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/[\s-]/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setError(t("signInCode.required"));
      return;
    }
    setError(undefined);
    verify.mutate(
      { email, code: digits },
      { onError: (failure) => setError(errorMessage(failure, t("signInCode.failed"))) },
    );
  };

  return (
    <form
      className="grid gap-3 text-left"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="sign-in-code-title"
    >
      <div className="grid gap-1">
        <h2 id="sign-in-code-title" className="text-base font-semibold">
          {t("signInCode.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("signInCode.help")}</p>
      </div>
      <TextField
        id="sign-in-code"
        label={t("signInCode.label")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
        value={code}
        disabled={closed}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          if (error && !closed) setError(undefined);
        }}
      />
      <Button type="submit" disabled={verify.isPending || closed || verify.isSuccess}>
        {(verify.isPending || verify.isSuccess) && <Loader2 className="animate-spin" aria-hidden="true" />}
        {verify.isPending || verify.isSuccess ? t("signInCode.submitting") : t("signInCode.submit")}
      </Button>
    </form>
  );
}
