import {
  type CheckDetail,
  type CheckStatus,
  type CheckSummary,
  checkFileUrl,
  REVIEW_STATUSES,
  type ReviewStatus,
} from "@common/api/background-checks";
import { formatFileSize, isPreviewable, UPLOAD_KINDS } from "@common/uploads";
import { useQuery } from "@tanstack/react-query";
import { Download, Eye, EyeOff, FileText, Loader2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { AdverseStage, ReceiptLink } from "~/components/adverse-stage";
import { CheckStatusBadge } from "~/components/check-status-badge";
import { FormDialog } from "~/components/form-dialog";
import { FormField, SelectField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/hooks/use-toast";
import { toastRequestError } from "~/lib/error-toast";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { checkDetailQueryOptions, useUpdateCheck } from "./api/checks";
import { DocumentPreview } from "./document-preview";

/** The element focus goes back to when the dialog closes, or null to leave it to Radix. */
function focusTarget(preferred: HTMLElement | null | undefined, checkId: number): HTMLElement | null {
  if (preferred?.isConnected && preferred.offsetParent !== null) return preferred;
  const candidates = document.querySelectorAll<HTMLElement>(`[data-review-trigger="${checkId}"]`);
  return [...candidates].find((element) => element.offsetParent !== null) ?? preferred ?? null;
}

/** "PDF", "PNG", "DOCX"... from a stored MIME type. */
function typeLabel(mime: string): string {
  const kind = UPLOAD_KINDS.find((candidate) => candidate.mime === mime);
  return kind ? kind.extensions[0].toUpperCase() : mime;
}

/**
 * The Review dialog of docs/product.md#2-pages: submitted date, current status, the uploaded files
 * (name, type, 1024-based size, download link), a status select, review notes (4 rows), and
 * Update Status (disabled until a status is chosen) and Cancel. Approved sends passedCheck
 * true, any other status false (docs/product.md#4-states); notes are sent only when edited. The reviewed date and reviewer show while the check
 * has them (the server clears both when a check goes back to Pending or In Review, docs/product.md#4-states).
 * PDF, PNG and JPEG files can be read inline (Preview, ADR 0059) beside their download; once the
 * retention purge removed the files, the dialog says when instead (docs/product.md#12-account-records).
 * On close, focus returns to `returnFocusTo` (the Review button that opened it; WCAG 2.4.3):
 * the dialog is opened from outside, so Radix has no Dialog.Trigger to return to.
 * @param returnFocusTo the element to focus after closing; when it is gone, the first connected
 *   element matching `[data-review-trigger="<check id>"]` that is visible
 */
export function ReviewDialog({
  check,
  onClose,
  returnFocusTo,
}: {
  check: CheckSummary;
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
}) {
  const { t } = useTranslation();
  const detail = useQuery(checkDetailQueryOptions(check.id));
  const update = useUpdateCheck(check.id);
  const [status, setStatus] = useState<ReviewStatus | "">("");
  const [notes, setNotes] = useState(check.notes ?? "");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!status) return;
    update.mutate(
      {
        status,
        passedCheck: status === "approved",
        // Unchanged notes are not sent: the server keeps them on a decision and drops a decided
        // check's notes when it is reopened (docs/product.md#4-states), instead of the old notes coming back.
        ...(notes !== (check.notes ?? "") ? { notes } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: t("portal.review.updatedTitle"), description: t("portal.review.updatedText") });
          onClose();
        },
        onError: (error) => toastRequestError(error, t("common.error"), t("portal.review.failed")),
      },
    );
  };

  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      content={{
        className: "max-w-3xl overflow-y-auto",
        onCloseAutoFocus: (event) => {
          const target = focusTarget(returnFocusTo, check.id);
          if (!target) return;
          event.preventDefault();
          target.focus();
        },
      }}
      // Not the status select: an arrow key there would change the status (WCAG 3.2.2).
      focusTitle
      title={t("portal.review.title")}
      description={t("portal.review.description", { name: check.fullName, email: check.email })}
      descriptionClassName="break-all"
      intro={<CheckRecord check={check} detail={detail} />}
      onSubmit={onSubmit}
      cancel={t("portal.review.cancel")}
      confirm={update.isPending ? t("portal.review.updating") : t("portal.review.update")}
      disabled={!status || update.isPending}
    >
      <SelectField
        id="review-status"
        label={t("portal.review.status")}
        options={[
          { value: "", label: t("portal.review.statusPlaceholder"), disabled: true },
          ...REVIEW_STATUSES.map((value) => ({ value, label: t(`portal.status.${value}`) })),
        ]}
        value={status}
        onChange={(event) => setStatus(event.target.value as ReviewStatus | "")}
      />
      {status === "rejected" && (
        <p className="text-sm text-muted-foreground" data-testid="adverse-hint">
          {check.status === "pre_adverse_action"
            ? t("portal.adverse.confirmHint")
            : t("portal.adverse.rejectHint")}
        </p>
      )}
      <FormField id="review-notes" label={t("portal.review.notes")}>
        <Textarea
          id="review-notes"
          rows={4}
          maxLength={2000}
          placeholder={t("portal.review.notesPlaceholder")}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}

/**
 * What the Review dialog shows of a check above its form: submitted date, current status, the
 * reviewed date and reviewer while the check has them, the uploaded files with their download
 * links (or a loading line), and the history of status changes.
 * @param detail the check's detail query (`GET /api/background-checks/{id}`): files, reviewer, audit
 */
function CheckRecord({
  check,
  detail,
}: {
  check: CheckSummary;
  detail: { isPending: boolean; data?: CheckDetail | null };
}) {
  const { t, i18n } = useTranslation();
  const statusName = (value: CheckStatus | null) => (value ? t(`portal.status.${value}`) : "");
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t("portal.review.submitted")}</dt>
          <dd className="font-medium">{formatDate(check.submittedAt, i18n.language, true)}</dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t("portal.review.currentStatus")}</dt>
          <dd className="grid justify-items-start gap-1">
            <CheckStatusBadge status={check.status} />
            <AdverseStage check={check} />
          </dd>
        </div>
        {check.reviewedAt && (
          <div className="col-span-2 grid gap-1">
            <dt className="text-muted-foreground">{t("portal.review.reviewed")}</dt>
            <dd className="font-medium" data-testid="review-reviewed">
              {detail.data?.reviewedByName
                ? t("portal.review.reviewedBy", {
                    date: formatDate(check.reviewedAt, i18n.language, true),
                    name: detail.data.reviewedByName,
                  })
                : formatDate(check.reviewedAt, i18n.language, true)}
            </dd>
          </div>
        )}
      </dl>
      {detail.data?.disputeStatement && (
        <section className="grid gap-1 rounded-lg bg-muted p-3 text-sm" aria-labelledby="review-dispute">
          <h3 id="review-dispute" className="font-semibold">
            {t("portal.adverse.disputeTitle")}
          </h3>
          <p className="whitespace-pre-wrap break-words" data-testid="dispute-statement">
            {detail.data.disputeStatement}
          </p>
        </section>
      )}
      {detail.data?.authorization && <ReceiptLink checkId={check.id} />}
      <section className="grid gap-2" aria-labelledby="review-documents">
        <h3 id="review-documents" className="text-sm font-semibold">
          {t("portal.review.documents")}
        </h3>
        {detail.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {t("portal.review.loading")}
          </p>
        ) : detail.data && detail.data.files.length > 0 ? (
          <Documents detail={detail.data} />
        ) : (
          <p className="text-sm text-muted-foreground">{t("portal.review.noDocuments")}</p>
        )}
      </section>
      {detail.data && detail.data.audit.length > 0 && (
        <section className="grid gap-2" aria-labelledby="review-history">
          <h3 id="review-history" className="text-sm font-semibold">
            {t("portal.review.history")}
          </h3>
          <ol className="grid gap-1 text-xs text-muted-foreground">
            {detail.data.audit.map((entry) => (
              <li key={entry.id}>
                <span className="tabular-nums">{formatDate(entry.createdAt, i18n.language, true)}</span>
                {" · "}
                {entry.event
                  ? t(`portal.adverse.events.${entry.event}`, { name: entry.actorName })
                  : entry.fromStatus === null
                    ? t("portal.review.historySubmitted", { name: entry.actorName })
                    : t("portal.review.historyChange", {
                        name: entry.actorName,
                        from: statusName(entry.fromStatus),
                        to: statusName(entry.toStatus),
                      })}
                {entry.notes ? ` — “${entry.notes}”` : ""}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

/**
 * The files of a check in the Review dialog: name, type and size, then Preview (PDF, PNG, JPEG;
 * a toggle that opens the document under the list, ADR 0059) and Download. Once the retention
 * purge removed the files, their names stay and a note says when they were deleted; before
 * that, when they will be (docs/product.md#12-account-records).
 */
function Documents({ detail }: { detail: CheckDetail }) {
  const { t, i18n } = useTranslation();
  const previewId = useId();
  const [previewing, setPreviewing] = useState<number | null>(null);
  const purged = detail.filesPurgedAt !== null;
  const shown = detail.files.find((file) => file.id === previewing);
  return (
    <>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {detail.files.map((file) => {
          const open = previewing === file.id;
          return (
            <li key={file.id} className="flex items-center gap-3 p-3">
              <FileText className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="grid min-w-0 flex-1">
                <span className="truncate text-sm font-medium" title={file.originalName}>
                  {file.originalName}
                </span>
                <span className="text-xs text-muted-foreground">
                  {typeLabel(file.fileType)} · {formatFileSize(file.fileSize)}
                </span>
              </div>
              {!purged && isPreviewable(file.fileType) && (
                <Button
                  type="button"
                  size="sm-touch"
                  variant={open ? "secondary" : "ghost"}
                  aria-expanded={open}
                  aria-controls={open ? previewId : undefined}
                  aria-label={t(open ? "portal.review.hidePreviewLabel" : "portal.review.previewLabel", {
                    name: file.originalName,
                  })}
                  onClick={() => setPreviewing(open ? null : file.id)}
                >
                  {open ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                  <span className="hidden sm:inline">
                    {open ? t("portal.review.hidePreview") : t("portal.review.preview")}
                  </span>
                </Button>
              )}
              {!purged && (
                <Button asChild size="icon" variant="ghost">
                  <a
                    href={checkFileUrl(detail.id, file.id)}
                    download={file.originalName}
                    aria-label={t("portal.review.download", { name: file.originalName })}
                  >
                    <Download aria-hidden="true" />
                  </a>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {detail.filesPurgedAt ? (
        <p className="text-sm text-muted-foreground" data-testid="files-purged">
          {t("portal.review.filesPurged", { date: formatDate(detail.filesPurgedAt, i18n.language) })}
        </p>
      ) : (
        detail.filesPurgeDueAt && (
          <p className="text-xs text-muted-foreground">
            {t("portal.review.filesPurgeDue", { date: formatDate(detail.filesPurgeDueAt, i18n.language) })}
          </p>
        )
      )}
      {shown && !purged && <DocumentPreview key={shown.id} checkId={detail.id} file={shown} id={previewId} />}
    </>
  );
}
