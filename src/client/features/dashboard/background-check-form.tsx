import type { SessionUser } from "@common/api/auth";
import { MAX_FILES_PER_CHECK } from "@common/limits";
import { UPLOAD_ACCEPT } from "@common/uploads";
import { useQuery } from "@tanstack/react-query";
import { UploadCloud } from "lucide-react";
import { type DragEvent, type FormEvent, useId, useRef, useState } from "react";
import { FormField, fieldErrorId, TextField } from "~/components/form-field";
import { SectionCard } from "~/components/section-card";
import { Button } from "~/components/ui/button";
import { CardContent } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { toast } from "~/hooks/use-toast";
import { toastError, toastRequestError } from "~/lib/error-toast";
import { useTranslation } from "~/lib/react-i18n";
import { cn } from "~/lib/utils";
import { DisclosureSigning, type Signing } from "./adverse-action";
import { disclosureQueryOptions, useSubmitCheck } from "./api";
import { ChosenFileList } from "./chosen-file-list";
import { acceptChosenFiles, keepFirstFiles } from "./chosen-files";

/**
 * The background-check submission form (docs/product.md#2-pages, #5-validation): full name, email, drag-and-drop
 * plus a file picker, per-file remove, the validation toasts of docs/product.md#5-validation (types, 10 MB, at most 5
 * files with extras dropped, required fields), and a real upload progress bar.
 */
export function BackgroundCheckForm({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const [fullName, setFullName] = useState(user.fullName);
  const [email, setEmail] = useState(user.email);
  const [files, setFiles] = useState<Array<{ key: number; file: File }>>([]);
  const nextKey = useRef(0);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState(0);
  /** The fields the last submit found wanting, each with its message (catalog key). */
  const [errors, setErrors] = useState<{ fullName?: string; email?: string; files?: string }>({});
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const submit = useSubmitCheck(setProgress);
  const disclosure = useQuery(disclosureQueryOptions(i18n.language));
  const [signing, setSigning] = useState<Signing>({ authorized: false, signature: "" });

  /**
   * Keeps allowed files up to the limit (the shared rules and toasts of ./chosen-files): refused
   * files are named in one toast, extras beyond 5 are dropped with a toast of their own.
   */
  const addFiles = (incoming: File[]) => {
    const accepted = acceptChosenFiles(incoming, t, i18n.language).map((file) => ({
      key: nextKey.current++,
      file,
    }));
    if (accepted.length > 0) setErrors(({ files: _answered, ...rest }) => rest);
    setFiles(keepFirstFiles([...files, ...accepted], MAX_FILES_PER_CHECK, t));
  };

  const onDrop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragging(false);
    if (submit.isPending) return;
    addFiles(Array.from(event.dataTransfer.files));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    // The field is marked and named under it; the toast keeps the spec's words (docs/product.md#5-validation).
    if (!fullName.trim() || !email.trim()) {
      setErrors({
        ...(!fullName.trim() ? { fullName: "common.fieldRequired" } : {}),
        ...(!email.trim() ? { email: "common.fieldRequired" } : {}),
      });
      toastError(t("portal.submit.requiredTitle"), t("portal.submit.requiredText"));
      return;
    }
    if (files.length === 0) {
      setErrors({ files: "portal.submit.filesText" });
      toastError(t("portal.submit.filesTitle"), t("portal.submit.filesText"));
      return;
    }
    // The authorization must be signed first (ADR 0084); the server checks it again.
    if (!disclosure.data || !signing.authorized || !signing.signature.trim()) {
      toastError(t("portal.adverse.unsignedTitle"), t("portal.adverse.unsignedText"));
      return;
    }
    setErrors({});
    setProgress(0);
    submit.mutate(
      {
        fullName: fullName.trim(),
        email: email.trim(),
        disclosureVersion: disclosure.data.version,
        signatureName: signing.signature.trim(),
        files: files.map((entry) => entry.file),
      },
      {
        onSuccess: () => {
          toast({ title: t("portal.submit.successTitle"), description: t("portal.submit.successText") });
          setFiles([]);
          setSigning({ authorized: false, signature: "" });
        },
        onError: (error) =>
          toastRequestError(error, t("portal.submit.failedTitle"), t("portal.submit.failedText")),
      },
    );
  };

  return (
    <SectionCard title={t("portal.submit.title")} description={t("portal.submit.description")}>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <DisclosureSigning signing={signing} onChange={setSigning} disabled={submit.isPending} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="check-full-name"
              label={t("portal.submit.fullName")}
              autoComplete="name"
              required
              value={fullName}
              error={errors.fullName && t(errors.fullName)}
              onChange={(event) => {
                setFullName(event.target.value);
                setErrors(({ fullName: _answered, ...rest }) => rest);
              }}
            />
            <TextField
              id="check-email"
              label={t("portal.submit.email")}
              type="email"
              autoComplete="email"
              required
              value={email}
              error={errors.email && t(errors.email)}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors(({ email: _answered, ...rest }) => rest);
              }}
            />
          </div>
          <FormField
            id="check-files"
            label={t("portal.submit.documents")}
            error={errors.files && t(errors.files)}
          >
            <fieldset
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              aria-label={t("portal.submit.documents")}
              aria-describedby={errors.files ? fieldErrorId("check-files") : undefined}
              data-testid="drop-zone"
              className={cn(
                "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-border p-6 text-center transition-colors duration-150",
                dragging && "border-primary bg-primary/5",
              )}
            >
              <UploadCloud className="size-8 text-primary" aria-hidden="true" />
              <p className="text-sm">{t("portal.submit.dropHere")}</p>
              <Button
                type="button"
                variant="outline"
                size="sm-touch"
                disabled={submit.isPending}
                onClick={() => input.current?.click()}
              >
                {t("portal.submit.choose")}
              </Button>
              <p id={hintId} className="text-xs text-muted-foreground">
                {t("portal.submit.hint")}
              </p>
              <input
                ref={input}
                id="check-files"
                type="file"
                multiple
                accept={UPLOAD_ACCEPT}
                aria-describedby={errors.files ? `${hintId} ${fieldErrorId("check-files")}` : hintId}
                className="sr-only"
                tabIndex={-1}
                onChange={(event) => {
                  addFiles(Array.from(event.target.files ?? []));
                  event.target.value = "";
                }}
              />
            </fieldset>
          </FormField>
          <ChosenFileList
            files={files}
            label={t("portal.submit.documents")}
            disabled={submit.isPending}
            onRemove={(key) => setFiles((current) => current.filter((entry) => entry.key !== key))}
          />
          {submit.isPending && (
            <div className="grid gap-2" aria-live="polite">
              <Progress value={progress} aria-label={t("portal.submit.progressLabel")} />
              <p className="text-sm text-muted-foreground tabular-nums">
                {t("portal.submit.uploading", { percent: progress })}
              </p>
            </div>
          )}
          <div>
            <Button type="submit" pending={submit.isPending}>
              {submit.isPending ? t("portal.submit.submitting") : t("portal.submit.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </SectionCard>
  );
}
