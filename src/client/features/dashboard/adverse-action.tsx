import { type CheckSummary, DISPUTE_STATEMENT_MAX_LENGTH } from "@common/api/background-checks";
import { MAX_FILES_PER_DISPUTE } from "@common/limits";
import { SITE_CONFIG } from "@common/site-config";
import { UPLOAD_ACCEPT } from "@common/uploads";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { FormField, fieldErrorId } from "~/components/form-field";
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
import { ChosenFileList } from "./chosen-file-list";
import { acceptChosenFiles, keepFirstFiles } from "./chosen-files";

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

/** Whether `check` is in a pending rejection (ADR 0083), the stage {@link AdverseNotice} is shown in. */
export function hasAdverseNotice(check: CheckSummary): boolean {
  return check.status === "pre_adverse_action" && check.finalAt !== null;
}

/**
 * The banner of a pending rejection on her dashboard (ADR 0083): what it means, when it becomes
 * final, the reviewer's notes (the reasons the text points to), the official summary of her
 * rights, and a form to answer (a statement and up to 5 files) until she has.
 */
export function AdverseNotice({ check }: { check: CheckSummary }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  if (!hasAdverseNotice(check) || !check.finalAt) return null;
  return (
    <section
      className="grid overflow-hidden rounded-lg border border-destructive/40 text-sm"
      aria-labelledby={titleId}
      data-testid="adverse-notice"
    >
      {/* Only the notice itself is tinted: the reasons and the form stay on white, where the
          field's red error line keeps its contrast (WCAG 1.4.3). */}
      <div className="grid gap-2 bg-destructive/5 p-3">
        <h3 id={titleId} className="flex items-start gap-2 font-semibold">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          {t("portal.adverse.bannerTitle")}
        </h3>
        <p>
          {check.disputedAt
            ? t("portal.adverse.disputedBanner")
            : t("portal.adverse.bannerText", { date: formatDate(check.finalAt, i18n.language) })}
        </p>
      </div>
      {(check.notes || !check.disputedAt) && (
        <div className="grid gap-3 p-3">
          {check.notes && (
            <div className="rounded-lg bg-muted p-3">
              <p className="font-medium">{t("portal.myChecks.notes")}</p>
              <p className="whitespace-pre-wrap break-words text-muted-foreground">{check.notes}</p>
            </div>
          )}
          {!check.disputedAt && (
            <>
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
              <DisputeForm checkId={check.id} />
            </>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * Her answer to a pending rejection (ADR 0083): a statement, required, and up to 5 documents
 * under the upload's rules (./chosen-files), each listed with a Remove button. An empty statement
 * is named under the field and in a toast, and the field takes the focus; while it is sent the
 * button says so and the fields wait. On success her list is refetched, which replaces the form.
 */
function DisputeForm({ checkId }: { checkId: number }) {
  const { t, i18n } = useTranslation();
  const dispute = useDisputeCheck(checkId);
  const [statement, setStatement] = useState("");
  const [files, setFiles] = useState<Array<{ key: number; file: File }>>([]);
  const [statementError, setStatementError] = useState(false);
  const nextKey = useRef(0);
  const picker = useRef<HTMLInputElement>(null);
  const statementField = useRef<HTMLTextAreaElement>(null);
  const statementId = `dispute-statement-${checkId}`;
  const hintId = `dispute-hint-${checkId}`;
  const filesId = `dispute-files-${checkId}`;
  const busy = dispute.isPending;

  const addFiles = (incoming: File[]) => {
    const accepted = acceptChosenFiles(incoming, t, i18n.language).map((file) => ({
      key: nextKey.current++,
      file,
    }));
    setFiles(keepFirstFiles([...files, ...accepted], MAX_FILES_PER_DISPUTE, t));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!statement.trim()) {
      setStatementError(true);
      statementField.current?.focus();
      toastError(t("portal.adverse.emptyTitle"), t("portal.adverse.emptyText"));
      return;
    }
    dispute.mutate(
      { statement: statement.trim(), files: files.map((entry) => entry.file) },
      {
        onSuccess: () =>
          toast({ title: t("portal.adverse.sentTitle"), description: t("portal.adverse.sentText") }),
        onError: (error) =>
          toastRequestError(error, t("portal.adverse.failedTitle"), t("portal.adverse.failedText")),
      },
    );
  };

  return (
    <form
      className="grid gap-3 border-t border-border pt-3"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`dispute-title-${checkId}`}
    >
      <h4 id={`dispute-title-${checkId}`} className="font-semibold">
        {t("portal.adverse.answer")}
      </h4>
      <FormField
        id={statementId}
        label={t("portal.adverse.statement")}
        error={statementError ? t("portal.adverse.emptyText") : undefined}
      >
        <Textarea
          ref={statementField}
          id={statementId}
          rows={4}
          maxLength={DISPUTE_STATEMENT_MAX_LENGTH}
          required
          readOnly={busy}
          aria-invalid={statementError ? true : undefined}
          aria-describedby={statementError ? `${hintId} ${fieldErrorId(statementId)}` : hintId}
          value={statement}
          onChange={(event) => {
            setStatement(event.target.value);
            if (event.target.value.trim()) setStatementError(false);
          }}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {t("portal.adverse.statementHint")}
        </p>
      </FormField>
      <FormField id={filesId} label={t("portal.adverse.files")}>
        <div>
          {/* Her own button, not the browser's file control, whose words follow the browser's
              language rather than the portal's (ADR 0025), and which would keep naming files
              this form refused or she removed. The statement's hint gives the file rules. */}
          <Button
            type="button"
            variant="outline"
            size="sm-touch"
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => picker.current?.click()}
          >
            {t("portal.submit.choose")}
          </Button>
        </div>
        <input
          ref={picker}
          id={filesId}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-describedby={hintId}
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
        <ChosenFileList
          compact
          files={files}
          label={t("portal.adverse.files")}
          disabled={busy}
          onRemove={(key) => setFiles((current) => current.filter((entry) => entry.key !== key))}
        />
      </FormField>
      <div>
        <Button type="submit" pending={busy}>
          {busy ? t("portal.adverse.sending") : t("portal.adverse.send")}
        </Button>
      </div>
    </form>
  );
}
