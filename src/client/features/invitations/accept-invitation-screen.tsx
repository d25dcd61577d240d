import { useQuery } from "@tanstack/react-query";
import { Loader2, MailCheck, XCircle } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { BrandLogo } from "~/components/brand-logo";
import { TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { toastError, toastRequestError } from "~/lib/error-toast";
import { chosenLanguage, followLanguage } from "~/lib/portal-language";
import { useTranslation } from "~/lib/react-i18n";
import { invitationPreviewQueryOptions, useAcceptInvitation } from "./api";

/**
 * The accept-invitation screen of docs/product.md#2-pages and #4-states: loading, invalid ('Invalid Invitation'), or
 * a form with one Full Name field and 'Create Account'. On success it toasts 'Account Created!'
 * and goes to /dashboard. A browser that chose no language is shown the invitation's (its email's,
 * ADR 0025), which the new account then takes.
 */
export function AcceptInvitationScreen({ token }: { token: string | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const preview = useQuery({ ...invitationPreviewQueryOptions(token ?? ""), enabled: Boolean(token) });
  const invitedIn = preview.data?.language;
  const [switching, setSwitching] = useState(false);
  useEffect(() => {
    if (!invitedIn || chosenLanguage() !== undefined || invitedIn === i18n.language) return;
    setSwitching(true);
    followLanguage(invitedIn)
      .catch(() => undefined)
      .finally(() => setSwitching(false));
  }, [invitedIn, i18n]);
  const accept = useAcceptInvitation();
  const [fullName, setFullName] = useState("");

  useEffect(() => {
    if (!token) {
      toastError(t("portal.accept.invalidLink"), t("portal.accept.invalidText"));
    }
  }, [token, t]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    const name = fullName.trim();
    if (!name) {
      toastError(t("portal.accept.fullNameRequiredTitle"), t("portal.accept.fullNameRequiredText"));
      return;
    }
    accept.mutate(
      { token, fullName: name },
      {
        onSuccess: () => {
          toast({ title: t("portal.accept.createdTitle"), description: t("portal.accept.createdText") });
          navigate("/dashboard", { replace: true });
        },
        onError: (error) =>
          toastRequestError(error, t("portal.accept.failedTitle"), t("portal.accept.failedText")),
      },
    );
  };

  const invalid = !token || preview.isError;
  const data = switching ? undefined : preview.data;
  const roleName = data ? t(`rolesInText.${data.role}`) : "";

  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-b from-secondary/60 to-background p-4"
    >
      <BrandLogo />
      <Card className="w-full max-w-md">
        {invalid ? (
          <>
            <CardHeader className="items-center text-center">
              <XCircle className="mb-2 size-12 text-destructive" aria-hidden="true" />
              <CardTitle>{t("portal.accept.invalidTitle")}</CardTitle>
              <CardDescription role="alert">{t("portal.accept.invalidText")}</CardDescription>
            </CardHeader>
            <CardContent className="grid">
              <Button asChild>
                <Link to="/" reloadDocument>
                  {t("portal.accept.goHome")}
                </Link>
              </Button>
            </CardContent>
          </>
        ) : !data ? (
          <CardHeader className="items-center text-center" role="status">
            <Loader2 className="mb-2 size-12 animate-spin text-primary" aria-hidden="true" />
            <CardDescription>{t("portal.accept.loading")}</CardDescription>
          </CardHeader>
        ) : (
          <>
            <CardHeader>
              <MailCheck className="mb-2 size-10 text-primary" aria-hidden="true" />
              <CardTitle>{t("portal.accept.title")}</CardTitle>
              <CardDescription>
                {data.companyName
                  ? t("portal.accept.descriptionCompany", { company: data.companyName, role: roleName })
                  : t("portal.accept.description", { role: roleName })}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <form className="grid gap-4" onSubmit={onSubmit} noValidate>
                <TextField
                  id="invite-email"
                  label={t("portal.accept.email")}
                  type="email"
                  value={data.email}
                  readOnly
                  disabled
                />
                <TextField
                  id="invite-full-name"
                  label={t("portal.accept.fullName")}
                  autoComplete="name"
                  placeholder={t("portal.accept.fullNamePlaceholder")}
                  value={fullName}
                  onChange={(event) => setFullName(event.target.value)}
                  required
                  autoFocus
                />
                <Button type="submit" disabled={accept.isPending}>
                  {accept.isPending ? t("portal.accept.submitting") : t("portal.accept.submit")}
                </Button>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}
