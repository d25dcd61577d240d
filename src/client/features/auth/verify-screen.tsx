import { VERIFY_REDIRECT_MS } from "@common/limits";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { errorMessage } from "~/lib/api";
import { useVerifyMagicLink } from "./api";

/**
 * The verify screen of spec §2: verifies on load by POST (so mail scanners that GET the link
 * do not consume it), shows 'Verifying Access', then 'Login Successful!' and redirects to
 * /dashboard after 2 s, or 'Verification Failed' with the reason and 'Back to Login'.
 */
export function VerifyScreen({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyMagicLink();
  const started = useRef(false);

  useEffect(() => {
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
  }, [token, verify, t]);

  useEffect(() => {
    if (!verify.isSuccess) return;
    const timer = setTimeout(() => navigate("/dashboard", { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verify.isSuccess, navigate]);

  const failed = !token || verify.isError;
  const reason = !token ? t("verify.invalidLink") : errorMessage(verify.error, t("verify.failedNote"));

  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gradient-to-b from-secondary/60 to-background p-4"
    >
      <Card className="w-full max-w-md text-center">
        {failed ? (
          <>
            <CardHeader className="items-center">
              <XCircle className="mb-2 size-12 text-destructive" aria-hidden="true" />
              <CardTitle>{t("verify.failed")}</CardTitle>
              <CardDescription role="alert">{reason}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="text-sm text-muted-foreground">{t("verify.failedNote")}</p>
              <Button asChild>
                <Link to="/admin/login">{t("verify.backToLogin")}</Link>
              </Button>
            </CardContent>
          </>
        ) : verify.isSuccess ? (
          <CardHeader className="items-center" role="status">
            <CheckCircle2 className="mb-2 size-12 text-success" aria-hidden="true" />
            <CardTitle>{t("verify.success")}</CardTitle>
            <CardDescription>{t("verify.successText")}</CardDescription>
          </CardHeader>
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
