import { ERROR_CODES } from "@common/api/errors";
import { PASSKEY_NAME_MAX_LENGTH, type Passkey } from "@common/api/passkeys";
import { useQuery } from "@tanstack/react-query";
import { KeySquare, Loader2, Plus } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { DialogActions } from "~/components/dialog-actions";
import { FormDialog } from "~/components/form-dialog";
import { TextField } from "~/components/form-field";
import { RowAction } from "~/components/list-states";
import { SectionCard } from "~/components/section-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CardContent } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/hooks/use-toast";
import { ApiError, errorMessage } from "~/lib/api";
import { toastRequestError } from "~/lib/error-toast";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import {
  clearPasskeySuggestion,
  isPasskeyCancel,
  passkeysQueryOptions,
  passkeysSupported,
  useAddPasskey,
  useRemovePasskey,
  useRenamePasskey,
  useSendStepUpCode,
  useVerifyStepUpCode,
} from "./api";

/** Whether this browser can make passkeys: undefined while it is being found out. */
export function usePasskeysSupported(): boolean | undefined {
  const [supported, setSupported] = useState<boolean>();
  useEffect(() => {
    let current = true;
    passkeysSupported()
      .then((yes) => current && setSupported(yes))
      .catch(() => current && setSupported(false));
    return () => {
      current = false;
    };
  }, []);
  return supported;
}

/**
 * "Add a passkey" as a button: the browser's dialog, then a toast naming the new passkey;
 * closing the browser's dialog is no error. When the server asks for a step-up (her sign-in is
 * older than the step-up window, ADR 0076) the {@link StepUpDialog} opens: a code is emailed,
 * she types it, and the browser's passkey dialog follows.
 * @param onAdded called once it is added (the suggestion card goes away)
 */
export function AddPasskeyButton({
  onAdded,
  variant,
}: {
  onAdded?: () => void;
  variant?: "default" | "outline";
}) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [stepUp, setStepUp] = useState(false);
  const start = () =>
    add.mutate(undefined, {
      onSuccess: ({ passkey }) => {
        clearPasskeySuggestion();
        toast({
          title: t("passkeys.addedTitle"),
          description: t("passkeys.addedText", { name: passkey.name }),
        });
        onAdded?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body?.code === ERROR_CODES.STEP_UP_REQUIRED) setStepUp(true);
        else if (!isPasskeyCancel(error))
          toastRequestError(error, t("common.error"), t("passkeys.addFailed"));
      },
    });
  return (
    <>
      <Button type="button" variant={variant} pending={add.isPending} onClick={start}>
        {add.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Plus aria-hidden="true" />
        )}
        {add.isPending ? t("passkeys.adding") : t("passkeys.add")}
      </Button>
      {stepUp && (
        <StepUpDialog
          onCancel={() => setStepUp(false)}
          onConfirmed={() => {
            setStepUp(false);
            start();
          }}
        />
      )}
    </>
  );
}

/**
 * The step-up before adding a passkey (ADR 0076), in a dialog: "Email Me a Code" sends a
 * six-digit code to her address; she types it, and once the server takes it `onConfirmed` runs
 * (the passkey dialog follows). A refused code, or one that could not be sent, says why under
 * the field or the intro; "Send a new code" replaces a wrong, dead or lost one.
 */
export function StepUpDialog({ onCancel, onConfirmed }: { onCancel: () => void; onConfirmed: () => void }) {
  const { t } = useTranslation();
  const send = useSendStepUpCode();
  const verify = useVerifyStepUpCode();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [note, setNote] = useState<string>();
  const sentTo = send.data?.email;
  const pending = send.isPending || verify.isPending || verify.isSuccess;

  const sendCode = (again: boolean) => {
    setError(undefined);
    setNote(undefined);
    send.mutate(undefined, {
      onSuccess: () => {
        setCode("");
        if (again) setNote(t("passkeys.stepUpResent"));
      },
      onError: (failure) => setError(errorMessage(failure, t("passkeys.stepUpSendFailed"))),
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sentTo) {
      sendCode(false);
      return;
    }
    const digits = code.replace(/[\s-]/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setError(t("passkeys.stepUpRequired"));
      return;
    }
    setError(undefined);
    setNote(undefined);
    verify.mutate(digits, {
      onSuccess: onConfirmed,
      onError: (failure) => setError(errorMessage(failure, t("passkeys.stepUpFailed"))),
    });
  };

  return (
    <FormDialog
      onOpenChange={(open) => !open && onCancel()}
      title={t("passkeys.stepUpTitle")}
      description={sentTo ? t("passkeys.stepUpSent", { email: sentTo }) : t("passkeys.stepUpIntro")}
      descriptionClassName="break-words"
      onSubmit={onSubmit}
      noValidate
      cancel={t("common.cancel")}
      confirm={
        sentTo
          ? pending
            ? t("passkeys.stepUpConfirming")
            : t("passkeys.stepUpConfirm")
          : pending
            ? t("passkeys.stepUpSending")
            : t("passkeys.stepUpSend")
      }
      disabled={pending}
    >
      {sentTo ? (
        <>
          <TextField
            id="step-up-code"
            label={t("passkeys.stepUpLabel")}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={9}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
            value={code}
            error={error}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(undefined);
            }}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="link"
              size={null}
              className="min-h-6 rounded-lg p-0 text-sm"
              disabled={pending}
              onClick={() => sendCode(true)}
            >
              {t("passkeys.stepUpResend")}
            </Button>
            <p className="text-sm text-muted-foreground" role="status">
              {note}
            </p>
          </div>
        </>
      ) : (
        error && (
          <p className="text-sm text-destructive" role="alert">
            {error}
          </p>
        )
      )}
    </FormDialog>
  );
}

/**
 * The person's passkeys on her dashboard (ADR 0061; anchor `#passkeys`, which the passkey emails
 * link to): each with its name, when it was added and last used, and whether it is synced;
 * Rename and Remove per passkey, and Add a passkey where the browser can make one. Loading,
 * empty and error states; focus returns to the row's button when a dialog closes, or to the
 * title when the row is gone.
 */
export function PasskeysCard() {
  const { t, i18n } = useTranslation();
  const list = useQuery(passkeysQueryOptions());
  const supported = usePasskeysSupported();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState<{
    action: "rename" | "remove";
    passkey: Passkey;
    trigger: HTMLElement;
  } | null>(null);
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (open?.trigger.isConnected) open.trigger.focus();
    else titleRef.current?.focus();
  };
  const date = (iso: string) => (
    <time dateTime={iso} title={formatDate(iso, i18n.language, true)}>
      {formatDate(iso, i18n.language)}
    </time>
  );
  const passkeys = list.data?.passkeys ?? [];

  return (
    <section id="passkeys" aria-labelledby="passkeys-title" className="scroll-mt-6">
      <SectionCard
        title={t("passkeys.title")}
        titleId="passkeys-title"
        titleRef={titleRef}
        description={t("passkeys.description")}
        actions={supported ? <AddPasskeyButton /> : undefined}
      >
        <CardContent className="grid gap-3">
          {supported === false && (
            <p className="text-sm text-muted-foreground">{t("passkeys.unsupported")}</p>
          )}
          {list.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              {t("passkeys.loading")}
            </p>
          ) : list.isError ? (
            <div className="flex flex-wrap items-center gap-3" role="alert">
              <p className="text-sm text-destructive">{t("passkeys.loadFailed")}</p>
              <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
                {t("passkeys.retry")}
              </Button>
            </div>
          ) : passkeys.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("passkeys.empty")}</p>
          ) : (
            <ul className="grid gap-3">
              {passkeys.map((passkey) => (
                <li
                  key={passkey.id}
                  className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 items-start gap-3">
                    <KeySquare className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <div className="grid min-w-0 gap-1">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        <span className="break-words">{passkey.name}</span>
                        {passkey.backedUp && <Badge variant="secondary">{t("passkeys.synced")}</Badge>}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {t("passkeys.added")} {date(passkey.createdAt)} · {t("passkeys.lastUsed")}{" "}
                        {passkey.lastUsedAt ? date(passkey.lastUsedAt) : t("common.never")}
                      </p>
                    </div>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <RowAction
                      aria-label={t("passkeys.renameLabel", { name: passkey.name })}
                      onClick={(event) =>
                        setOpen({ action: "rename", passkey, trigger: event.currentTarget })
                      }
                    >
                      {t("passkeys.rename")}
                    </RowAction>
                    <RowAction
                      destructive
                      aria-label={t("passkeys.removeLabel", { name: passkey.name })}
                      onClick={(event) =>
                        setOpen({ action: "remove", passkey, trigger: event.currentTarget })
                      }
                    >
                      {t("passkeys.remove")}
                    </RowAction>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </SectionCard>
      {open?.action === "rename" && (
        <RenamePasskeyDialog
          passkey={open.passkey}
          onClose={() => setOpen(null)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
      {open?.action === "remove" && (
        <RemovePasskeyDialog
          passkey={open.passkey}
          onClose={() => setOpen(null)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
    </section>
  );
}

interface PasskeyDialogProps {
  passkey: Passkey;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** Rename a passkey: one field, 1 to 60 characters, saved on "Save". */
function RenamePasskeyDialog({ passkey, onClose, onCloseAutoFocus }: PasskeyDialogProps) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t("passkeys.nameRequired"));
      return;
    }
    rename.mutate(
      { id: passkey.id, name: trimmed },
      {
        onSuccess: () => {
          toast({
            title: t("passkeys.renamedTitle"),
            description: t("passkeys.renamedText", { name: trimmed }),
          });
          onClose();
        },
        onError: (failure) => toastRequestError(failure, t("common.error"), t("passkeys.renameFailed")),
      },
    );
  };
  return (
    <FormDialog
      onOpenChange={(isOpen) => !isOpen && onClose()}
      content={{ onCloseAutoFocus }}
      title={t("passkeys.renameTitle")}
      description={t("passkeys.renameDescription")}
      onSubmit={onSubmit}
      noValidate
      cancel={t("common.cancel")}
      confirm={rename.isPending ? t("passkeys.saving") : t("passkeys.save")}
      disabled={rename.isPending}
    >
      <TextField
        id="passkey-name"
        label={t("passkeys.name")}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        required
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
    </FormDialog>
  );
}

/** Confirm removing a passkey: it signs no one in afterwards, and she is emailed. */
function RemovePasskeyDialog({ passkey, onClose, onCloseAutoFocus }: PasskeyDialogProps) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const onConfirm = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => {
        toast({
          title: t("passkeys.removedTitle"),
          description: t("passkeys.removedText", { name: passkey.name }),
        });
        onClose();
      },
      onError: (failure) => toastRequestError(failure, t("common.error"), t("passkeys.removeFailed")),
    });
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} role="alertdialog">
        <DialogHeader>
          <DialogTitle className="break-words">
            {t("passkeys.removeTitle", { name: passkey.name })}
          </DialogTitle>
          <DialogDescription>{t("passkeys.removeText")}</DialogDescription>
        </DialogHeader>
        <DialogActions
          cancel={t("common.cancel")}
          onCancel={onClose}
          confirm={remove.isPending ? t("passkeys.removing") : t("passkeys.removeConfirm")}
          disabled={remove.isPending}
          onConfirm={onConfirm}
          variant="destructive"
        />
      </DialogContent>
    </Dialog>
  );
}
