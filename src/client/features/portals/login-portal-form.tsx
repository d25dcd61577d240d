import type { LoginPortalId } from "@common/login-portals";
// The account sign-in page for invited users and company admins (ADR 0038).
import { ACCOUNT_SIGN_IN_PATH } from "@common/sign-in-paths";
import { isEmail } from "@common/validation";
import { Eye, EyeOff, Info } from "lucide-react";
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { FieldError, fieldErrorId, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/react-i18n";
import { submittedText, typedBeforeHydration } from "~/lib/typed-before-hydration";

/** The look of a text link in a login portal's card. */
export const textLinkClass =
  "rounded-sm font-medium text-primary underline underline-offset-4 hover:text-primary/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

type FieldErrors = { email?: string; password?: string };
type Notice = "invitation" | "forgot" | null;

/** The form's text fields as the page renders them: empty. */
const EMPTY_FIELDS = { email: "", password: "" };

/**
 * A login portal's form (docs/product.md#2-pages "Login portal pages"): email and password, Forgot
 * Password and the portal's submit text. Submitting validates (docs/product.md#5-validation: email
 * required and well-formed, password required), then tells the visitor that access is by
 * invitation. It makes no server call and never logs or keeps the password: there is no account
 * behind these portals yet. What was typed before the page's script hydrated the form is kept.
 */
export function LoginPortalForm({ portal }: { portal: LoginPortalId }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState("");
  const [passwordState, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const title = t(`loginPortals.${portal}.title`);

  // What was typed before the page's script hydrated the form (static HTML until first use),
  // read in the commit that hydrated it.
  useLayoutEffect(() => {
    const typed = typedBeforeHydration(formRef.current, EMPTY_FIELDS);
    if (typed.email !== undefined) setEmail(typed.email);
    if (typed.password !== undefined) setPassword(typed.password);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: FieldErrors = {};
    // The form's own text (a submit made before hydration may run before it reached the state).
    const address = submittedText(event.currentTarget, "email", email).trim();
    const password = submittedText(event.currentTarget, "password", passwordState);
    if (!address) next.email = t("loginPortals.emailRequired");
    else if (!isEmail(address)) next.email = t("loginPortals.emailInvalid");
    if (!password) next.password = t("loginPortals.passwordRequired");
    setErrors(next);
    if (next.email || next.password) {
      setNotice(null);
      (next.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    // No real sign-in exists yet: the password is dropped, never sent, logged or kept.
    setPassword("");
    setShowPassword(false);
    setNotice("invitation");
  };

  return (
    <form ref={formRef} className="grid gap-4" onSubmit={onSubmit} noValidate>
      <TextField
        ref={emailRef}
        id={`${id}-email`}
        label={t("loginPortals.email")}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required
        placeholder={t("loginPortals.emailPlaceholder")}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={`${id}-password`}>{t("loginPortals.password")}</Label>
          <Button
            type="button"
            variant="link"
            size={null}
            className="min-h-6 rounded-lg p-0 text-sm"
            aria-expanded={notice === "forgot"}
            aria-controls={`${id}-notice`}
            onClick={() => setNotice(notice === "forgot" ? null : "forgot")}
          >
            {t("loginPortals.forgotPassword")}
          </Button>
        </div>
        <div className="relative">
          <Input
            ref={passwordRef}
            id={`${id}-password`}
            type={showPassword ? "text" : "password"}
            name="password"
            autoComplete="current-password"
            required
            value={passwordState}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? fieldErrorId(`${id}-password`) : undefined}
            className="pr-12"
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute top-0 right-0 text-muted-foreground"
            aria-label={showPassword ? t("loginPortals.hidePassword") : t("loginPortals.showPassword")}
            aria-pressed={showPassword}
            onClick={() => setShowPassword(!showPassword)}
          >
            {showPassword ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </Button>
        </div>
        <FieldError id={`${id}-password`} error={errors.password} />
      </div>
      <div id={`${id}-notice`} role="status" aria-live="polite">
        {notice && (
          <div className="flex gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm">
            <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-semibold">
                {notice === "forgot" ? t("loginPortals.forgotTitle") : t("loginPortals.inviteTitle")}
              </p>
              <p className="text-muted-foreground">
                {notice === "forgot"
                  ? t("loginPortals.forgotText")
                  : t("loginPortals.inviteText", { portal: title })}
              </p>
              {/* A full page load: the account portal is another app, with its own CSP (ADR 0031). */}
              <a href={ACCOUNT_SIGN_IN_PATH} className={textLinkClass}>
                {t("loginPortals.accountPortalLink")}
              </a>
            </div>
          </div>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full">
        {t(`loginPortals.${portal}.submit`)}
      </Button>
    </form>
  );
}
