import { canManageUsers } from "@common/roles";
import { EMAIL_PATTERN } from "@common/validation";
import { useQuery } from "@tanstack/react-query";
import { Loader2, Mail, ShieldCheck, UserX } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { BrandLogo } from "~/components/brand-logo";
import { TextField } from "~/components/form-field";
import { LoadingScreen } from "~/components/loading-screen";
import { SectionCard } from "~/components/section-card";
import { SkipLink } from "~/components/skip-link";
import { Button } from "~/components/ui/button";
import { CardContent } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { toastError, toastRequestError } from "~/lib/error-toast";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { clearSessionEndReason, sessionEndReason, useSession } from "~/lib/session";
import { setupNeededQueryOptions, useCreateInitialAdmin, useSendMagicLink } from "./api";
import { PasskeySignIn } from "./passkey-sign-in";
import { SignInCodeForm } from "./sign-in-code-form";

type Mode = "login" | "sent" | "setup";

/** Which sign-in page this is (ADR 0038): `/admin/login` for admins, `/sign-in` for everyone else. */
export type SignInEntry = "admin" | "account";

/**
 * The admin sign-in screen of docs/product.md#2-pages with its three modes: login ('Admin Portal'), sent
 * ('Check Your Email') and setup ('Setup Admin Account', when login-info answers 404).
 * A signed-in admin or company admin goes to /admin/dashboard (admins originally; ADR 0018
 * adds company admins, who manage from there too), anyone else signed in to /dashboard.
 * With `entry="account"` it is `/sign-in` (ADR 0038): the same form titled 'Sign in to AisleIQ',
 * and no first-admin setup. Both say so when the last session ended because the account was
 * deactivated, and whom to ask.
 */
export function AdminLoginScreen({ entry = "admin" }: { entry?: SignInEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const setupNeeded = useQuery({ ...setupNeededQueryOptions(), enabled: entry === "admin" });
  const [mode, setMode] = useState<Mode | null>(null);
  const [deactivated, setDeactivated] = useState(false);
  // Read after the session check, which is what records the reason (lib/session.ts).
  useEffect(() => {
    if (session.data === null) setDeactivated(sessionEndReason() === "deactivated");
  }, [session.data]);
  const [email, setEmail] = useState("");
  const [fullName, setFullName] = useState("");
  const sendLink = useSendMagicLink();
  const createAdmin = useCreateInitialAdmin();
  const { language } = useLanguage();
  const sentTitle = useRef<HTMLHeadingElement>(null);
  // Each email sent gets a fresh code field.
  const [sends, setSends] = useState(0);

  useEffect(() => {
    const user = session.data?.user;
    if (user) navigate(canManageUsers(user.role) ? "/admin/dashboard" : "/dashboard", { replace: true });
  }, [session.data, navigate]);

  const currentMode: Mode | null =
    mode ??
    (entry === "account"
      ? "login"
      : setupNeeded.data === undefined
        ? null
        : setupNeeded.data
          ? "setup"
          : "login");

  // Switching modes replaces the form (and its focused button): focus the "Check Your Email"
  // heading, or the email field when the reader asks to send another link, never <body> (WCAG 2.4.3).
  const previousMode = useRef(currentMode);
  useEffect(() => {
    const before = previousMode.current;
    previousMode.current = currentMode;
    if (currentMode === "sent" && before !== "sent") sentTitle.current?.focus();
    else if (before === "sent" && currentMode === "login") document.getElementById("email")?.focus();
  }, [currentMode]);
  if (session.isPending || session.data || currentMode === null) return <LoadingScreen />;

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toastError(t("adminLogin.emailRequiredTitle"), t("adminLogin.emailRequiredMessage"));
      return;
    }
    sendLink.mutate(email.trim(), {
      onSuccess: () => {
        setMode("sent");
        setSends((n) => n + 1);
        clearSessionEndReason();
        setDeactivated(false);
        toast({ title: t("adminLogin.sentToastTitle"), description: t("adminLogin.sentToastMessage") });
      },
      onError: (error) => toastRequestError(error, t("common.error"), t("adminLogin.sendFailed")),
    });
  };

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !fullName.trim()) {
      toastError(t("adminLogin.requiredFieldsTitle"), t("adminLogin.requiredFieldsMessage"));
      return;
    }
    createAdmin.mutate(
      // The new admin's emails and portal use the page's language (ADR 0025).
      { email: email.trim(), fullName: fullName.trim(), language },
      {
        onSuccess: () => {
          setMode("sent");
          setSends((n) => n + 1);
          toast({
            title: t("adminLogin.createdToastTitle"),
            description: t("adminLogin.createdToastMessage"),
          });
        },
        onError: (error) => toastRequestError(error, t("common.error"), t("adminLogin.createFailed")),
      },
    );
  };

  // Setup and login are one form: setup adds the name field, login the no-passwords note.
  const setup = currentMode === "setup";
  const form = setup
    ? {
        title: t("adminLogin.setupTitle"),
        description: t("adminLogin.setupDescription"),
        onSubmit: onCreate,
        pending: createAdmin.isPending,
        submit: t("adminLogin.createAdmin"),
        submitting: t("adminLogin.creating"),
      }
    : {
        title: entry === "account" ? t("signIn.title") : t("adminLogin.loginTitle"),
        description: entry === "account" ? t("signIn.description") : t("adminLogin.loginDescription"),
        onSubmit: onSend,
        pending: sendLink.isPending,
        submit: t("adminLogin.sendLink"),
        submitting: t("adminLogin.sending"),
      };
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-secondary/60 to-background">
      <header className="mx-auto flex h-16 w-full max-w-[1100px] items-center px-4 sm:px-6">
        <SkipLink />
        <BrandLogo />
      </header>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:items-center sm:pt-0"
      >
        {currentMode === "sent" ? (
          <SectionCard
            narrow
            centered
            icon={
              <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
                <Mail className="size-6" aria-hidden="true" />
              </span>
            }
            title={t("adminLogin.sentTitle")}
            titleRef={sentTitle}
            description={t("adminLogin.sentDescription", { email: email.trim() })}
          >
            <CardContent className="grid gap-4 text-center">
              <p className="text-sm text-muted-foreground">{t("adminLogin.sentExpiry")}</p>
              <SignInCodeForm key={sends} email={email.trim()} />
              <Button variant="outline" onClick={() => setMode("login")}>
                {t("adminLogin.sendAnother")}
              </Button>
            </CardContent>
          </SectionCard>
        ) : (
          <SectionCard narrow title={form.title} description={form.description}>
            <CardContent className="grid gap-4">
              {deactivated && <DeactivatedNotice />}
              <form className="grid gap-4" onSubmit={form.onSubmit} noValidate>
                {setup && (
                  <TextField
                    id="fullName"
                    label={t("adminLogin.fullName")}
                    autoComplete="name"
                    required
                    value={fullName}
                    placeholder={t("adminLogin.fullNamePlaceholder")}
                    onChange={(e) => setFullName(e.target.value)}
                  />
                )}
                <EmailField value={email} onChange={setEmail} passkeyAutofill={!setup} />
                <Button type="submit" disabled={form.pending}>
                  {form.pending && <Loader2 className="animate-spin" aria-hidden="true" />}
                  {form.pending ? form.submitting : form.submit}
                </Button>
                {!setup && (
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    <ShieldCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
                    {t("adminLogin.noPasswords")}
                  </p>
                )}
              </form>
              {!setup && <PasskeySignIn />}
            </CardContent>
          </SectionCard>
        )}
      </main>
    </div>
  );
}

/** Why she was signed out, and whom to ask (ADR 0038). */
function DeactivatedNotice() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <UserX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold text-foreground">{t("signIn.deactivatedTitle")}</p>
        <p className="text-muted-foreground">{t("signIn.deactivatedText")}</p>
      </div>
    </div>
  );
}

/**
 * The email field. With `passkeyAutofill` its autocomplete names `webauthn` too, so the browser
 * offers the site's passkeys among its suggestions (conditional mediation, ADR 0061).
 */
function EmailField({
  value,
  onChange,
  passkeyAutofill = false,
}: {
  value: string;
  onChange: (value: string) => void;
  passkeyAutofill?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id="email"
      label={t("adminLogin.email")}
      type="email"
      autoComplete={passkeyAutofill ? "email webauthn" : "email"}
      inputMode="email"
      required
      pattern={EMAIL_PATTERN.source}
      value={value}
      placeholder={t("adminLogin.emailPlaceholder")}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
