import type { Language } from "@common/languages";
import { VERIFY_REDIRECT_MS } from "@common/limits";
import { ACCOUNT_SIGN_IN_PATH } from "@common/sign-in-paths";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Loader2, ShieldCheck, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { errorMessage } from "~/lib/api";
import { chosenLanguage, followLanguage } from "~/lib/portal-language";
import { useTranslation } from "~/lib/react-i18n";
import { inspectMagicLinkQueryOptions, useVerifyMagicLink } from "./api";

/**
 * Shows the page in the language the link's email was written in (ADR 0025) when this browser
 * chose none, as the invitation page does: a Spanish link opened in another browser reads Spanish.
 * @returns true while that language's catalogs load
 */
function useLinkLanguage(language: Language | undefined): boolean {
  const { i18n } = useTranslation();
  const [switching, setSwitching] = useState(false);
  useEffect(() => {
    if (!language || chosenLanguage() !== undefined || language === i18n.language) return;
    setSwitching(true);
    followLanguage(language)
      .catch(() => undefined)
      .finally(() => setSwitching(false));
  }, [language, i18n]);
  return switching;
}

/**
 * The verify screen of docs/product.md#2-pages: 'Verifying Access', then 'Login Successful!' and a redirect to
 * /dashboard after 2 s, or 'Verification Failed' with the reason and 'Back to Login'.
 * It first asks the server about the link without using it (ADR 0015): in the
 * browser that requested the link it verifies at once, as docs/product.md#2-pages describes; anywhere else (a
 * second browser, a mail scanner running the page) it shows 'Continue as a•••@example.com' and
 * verifies only on that click, so opening the page never consumes the link. A browser that chose
 * no language shows the page in the link's (ADR 0025).
 */
export function VerifyScreen({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inspect = useQuery({ ...inspectMagicLinkQueryOptions(token ?? ""), enabled: Boolean(token) });
  const switching = useLinkLanguage(inspect.data?.language);
  const verify = useVerifyMagicLink();
  const started = useRef(false);

  const start = () => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token, {
      onError: (error) =>
        toast({
          title: t("verify.failed"),
          description: errorMessage(error, t("verify.failedNote")),
          variant: "destructive",
        }),
    });
  };
  const startRef = useRef(start);
  startRef.current = start;

  const bound = inspect.data?.bound === true;
  useEffect(() => {
    if (bound) startRef.current();
  }, [bound]);

  useEffect(() => {
    if (!verify.isSuccess) return;
    const timer = setTimeout(() => navigate("/dashboard", { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verify.isSuccess, navigate]);

  const failed = !token || verify.isError || (inspect.isError && !verify.isSuccess);
  const reason = !token
    ? t("verify.invalidLink")
    : errorMessage(verify.error ?? inspect.error, t("verify.failedNote"));
  const needsClick = inspect.data !== undefined && !inspect.data.bound && verify.isIdle && !switching;

  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gradient-to-b from-secondary/60 to-background p-4"
    >
      <Card className="w-full max-w-md text-center">
        {verify.isSuccess ? (
          <CardHeader className="items-center" role="status">
            <CheckCircle2 className="mb-2 size-12 text-success" aria-hidden="true" />
            <CardTitle>{t("verify.success")}</CardTitle>
            <CardDescription>{t("verify.successText")}</CardDescription>
          </CardHeader>
        ) : failed ? (
          <>
            <CardHeader className="items-center">
              <XCircle className="mb-2 size-12 text-destructive" aria-hidden="true" />
              <CardTitle>{t("verify.failed")}</CardTitle>
              <CardDescription role="alert">{reason}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="text-sm text-muted-foreground">{t("verify.failedNote")}</p>
              <Button asChild>
                <Link to={ACCOUNT_SIGN_IN_PATH}>{t("verify.backToLogin")}</Link>
              </Button>
            </CardContent>
          </>
        ) : needsClick ? (
          <>
            <CardHeader className="items-center">
              <ShieldCheck className="mb-2 size-12 text-primary" aria-hidden="true" />
              <CardTitle>{t("verify.confirmTitle")}</CardTitle>
              <CardDescription>{t("verify.confirmText")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Button type="button" onClick={start}>
                {t("verify.continueAs", { email: inspect.data?.maskedEmail ?? "" })}
              </Button>
              <p className="text-sm text-muted-foreground">{t("verify.otherDevice")}</p>
            </CardContent>
          </>
        ) : (
          <CardHeader className="items-center" role="status">
            <Loader2 className="mb-2 size-12 animate-spin text-primary" aria-hidden="true" />
            <CardTitle>{t("verify.verifying")}</CardTitle>
            <CardDescription>{t("verify.verifyingText")}</CardDescription>
          </CardHeader>
        )}
      </Card>
    </main>
  );
}
