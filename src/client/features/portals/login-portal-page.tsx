import type { LoginPortalId } from "@common/login-portals";
// The account sign-in page for invited users and company admins (ADR 0038).
import { ACCOUNT_SIGN_IN_PATH } from "@common/sign-in-paths";
import { isEmail } from "@common/validation";
import { BookOpen, Code2, Eye, EyeOff, Info, type LucideIcon, Package, Puzzle, Store } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { FieldError, fieldErrorId, TextField } from "~/components/form-field";
import { SitePage } from "~/components/site-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { typedBeforeHydration } from "~/lib/typed-before-hydration";

const ICONS: Record<LoginPortalId, LucideIcon> = {
  api: Code2,
  documentation: BookOpen,
  sdk: Package,
  retailer: Store,
  plugins: Puzzle,
};

/** The plan Sign Up proposes: the pricing table's Most Popular plan (docs/product.md#3-records). */
const SIGN_UP_PLAN = "Optimal";

const textLinkClass =
  "rounded-sm font-medium text-primary underline underline-offset-4 hover:text-primary/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

type FieldErrors = { email?: string; password?: string };
type Notice = "invitation" | "forgot" | null;

/**
 * One placeholder login portal (docs/product.md#2-pages "Login portal pages"): the card with its title,
 * description, the form ({@link LoginPortalForm}), Sign Up and the links below it. Sign Up opens
 * the Get Started form with the Optimal plan: it is a dialog trigger in the HTML
 * (`data-dialog-trigger`, handled by the site's dialog trigger script).
 *
 * Rendered to static HTML (the public site is static pages with islands); the form is
 * `children` when the page passes it as an island, or rendered in place.
 */
export function LoginPortalPage({ portal, children }: { portal: LoginPortalId; children?: ReactNode }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const Icon = ICONS[portal];

  return (
    <SitePage className="bg-gradient-to-b from-secondary/70 via-background to-background">
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:pt-12">
        <Card variant="raised" className="w-full max-w-md">
          <CardHeader className="items-center text-center">
            <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold leading-tight tracking-tight">
              {t(`loginPortals.${portal}.title`)}
            </h1>
            <p className="text-base text-muted-foreground">{t(`loginPortals.${portal}.description`)}</p>
          </CardHeader>
          <CardContent>{children ?? <LoginPortalForm portal={portal} />}</CardContent>
          <CardFooter className="flex-col gap-3 border-t border-border pt-6">
            <p className="text-sm text-muted-foreground">{t("loginPortals.noAccount")}</p>
            <Button
              type="button"
              variant="outline"
              className="w-full"
              aria-haspopup="dialog"
              data-dialog-trigger="get-started"
              data-plan={SIGN_UP_PLAN}
            >
              {t("loginPortals.signUp")}
            </Button>
            <p className="text-center text-sm text-muted-foreground">
              {t("loginPortals.haveAccount")}{" "}
              <a href={ACCOUNT_SIGN_IN_PATH} className={textLinkClass}>
                {t("loginPortals.accountPortalLink")}
              </a>
            </p>
            <a
              href={localize("/")}
              className="rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t("loginPortals.backHome")}
            </a>
          </CardFooter>
        </Card>
      </main>
    </SitePage>
  );
}

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
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const title = t(`loginPortals.${portal}.title`);

  // What was typed before the page's script hydrated the form (static HTML until first use).
  useEffect(() => {
    const typed = typedBeforeHydration(formRef.current, EMPTY_FIELDS);
    if (typed.email !== undefined) setEmail(typed.email);
    if (typed.password !== undefined) setPassword(typed.password);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    const address = email.trim();
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
            value={password}
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
