import type { CheckSummary } from "@common/api/background-checks";
import { MAX_FILES_PER_DISPUTE } from "@common/limits";
import { SITE_CONFIG } from "@common/site-config";
import { UPLOAD_ACCEPT } from "@common/uploads";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/hooks/use-toast";
import { toastError, toastRequestError } from "~/lib/error-toast";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { disclosureQueryOptions, useDisputeCheck } from "./api";

/** What the person signs: her box and her typed name (ADR 0084); the version is the disclosure query's. */
export interface Signing {
  authorized: boolean;
  signature: string;
}

/**
 * The standalone disclosure and the authorization block shown before the upload fields
 * (ADR 0084): the disclosure text in the portal's language, a box to check and her full name
 * typed as her electronic signature.
 */
export function DisclosureSigning({
  signing,
  onChange,
  disabled,
}: {
  signing: Signing;
  onChange: (next: Signing) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const disclosure = useQuery(disclosureQueryOptions(i18n.language));
  const titleId = useId();
  const hintId = useId();
  const data = disclosure.data;
  return (
    <section className="grid gap-3" aria-labelledby={titleId} data-testid="disclosure">
      <h3 id={titleId} className="text-base font-semibold">
        {t("portal.adverse.disclosureTitle")}
      </h3>
      {data ? (
        <>
          <p className="text-sm text-muted-foreground">
            {t("portal.adverse.disclosureIntro", { version: data.version, date: data.effectiveDate })}
          </p>
          {/* Shown in full, not in a scrolling box: nothing to reach by keyboard, nothing hidden. */}
          <div
            className="whitespace-pre-wrap rounded-lg border border-border bg-muted/40 p-4 text-sm"
            lang={data.language}
            data-testid="disclosure-text"
          >
            {data.text}
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          {t("portal.adverse.disclosureLoading")}
        </p>
      )}
      <div className="flex items-start gap-2">
        <Checkbox
          id="check-authorize"
          className="mt-0.5"
          checked={signing.authorized}
          disabled={disabled || !data}
          onCheckedChange={(checked) => onChange({ ...signing, authorized: checked === true })}
        />
        <Label htmlFor="check-authorize">{t("portal.adverse.authorize")}</Label>
      </div>
      <FormField id="check-signature" label={t("portal.adverse.signature")}>
        <Input
          id="check-signature"
          autoComplete="name"
          required
          disabled={disabled || !data}
          aria-describedby={hintId}
          value={signing.signature}
          onChange={(event) => onChange({ ...signing, signature: event.target.value })}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {t("portal.adverse.signatureHint")}
        </p>
      </FormField>
    </section>
  );
}

/**
 * The banner of a pending rejection on her dashboard (ADR 0083): what it means, when it becomes
 * final, the official summary of her rights, and a form to answer (a statement and up to 5
 * files) until she has.
 */
export function AdverseNotice({ check }: { check: CheckSummary }) {
  const { t, i18n } = useTranslation();
  const dispute = useDisputeCheck(check.id);
  const [statement, setStatement] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const titleId = useId();
  if (check.status !== "pre_adverse_action" || !check.finalAt) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!statement.trim()) {
      toastError(t("portal.adverse.emptyTitle"), t("portal.adverse.emptyText"));
      return;
    }
    dispute.mutate(
      { statement: statement.trim(), files },
      {
        onSuccess: () =>
          toast({ title: t("portal.adverse.sentTitle"), description: t("portal.adverse.sentText") }),
        onError: (error) =>
          toastRequestError(error, t("portal.adverse.failedTitle"), t("portal.adverse.failedText")),
      },
    );
  };
  return (
    <section
      className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
      aria-labelledby={titleId}
      data-testid="adverse-notice"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />
        {t("portal.adverse.bannerTitle")}
      </h3>
      {check.disputedAt ? (
        <p>{t("portal.adverse.disputedBanner")}</p>
      ) : (
        <>
          <p>{t("portal.adverse.bannerText", { date: formatDate(check.finalAt, i18n.language) })}</p>
          <p>
            <a
              className="text-primary underline"
              href={SITE_CONFIG.fcraRightsSummaryUrl}
              rel="noopener"
              target="_blank"
            >
              {t("portal.adverse.rightsLink")}
            </a>
          </p>
          <form className="grid gap-3" onSubmit={onSubmit} noValidate>
            <FormField id={`dispute-statement-${check.id}`} label={t("portal.adverse.statement")}>
              <Textarea
                id={`dispute-statement-${check.id}`}
                rows={4}
                maxLength={4000}
                required
                aria-describedby={`dispute-hint-${check.id}`}
                value={statement}
                onChange={(event) => setStatement(event.target.value)}
              />
              <p id={`dispute-hint-${check.id}`} className="text-xs text-muted-foreground">
                {t("portal.adverse.statementHint")}
              </p>
            </FormField>
            <FormField id={`dispute-files-${check.id}`} label={t("portal.adverse.files")}>
              <Input
                id={`dispute-files-${check.id}`}
                type="file"
                multiple
                accept={UPLOAD_ACCEPT}
                onChange={(event) =>
                  setFiles(Array.from(event.target.files ?? []).slice(0, MAX_FILES_PER_DISPUTE))
                }
              />
            </FormField>
            <div>
              <Button type="submit" disabled={dispute.isPending}>
                {dispute.isPending ? t("portal.adverse.sending") : t("portal.adverse.send")}
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
