import type { ManagedUser } from "@common/api/users";
import { ROLES, type Role } from "@common/roles";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { DialogActions } from "~/components/dialog-actions";
import { FormDialog } from "~/components/form-dialog";
import { SelectField } from "~/components/form-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/hooks/use-toast";
import { toastRequestError } from "~/lib/error-toast";
import { useTranslation } from "~/lib/react-i18n";
import { companiesQueryOptions } from "./api/companies";
import { useDeleteUser, useRemoveUserPasskeys, useSetUserActive, useUpdateUser } from "./api/users";

/**
 * Which dialog of the Users section a row's button opens: her sessions, or a change to confirm
 * (`passkeys`: remove all her passkeys, ADR 0061).
 */
export type UserAction = "sessions" | "edit" | "deactivate" | "reactivate" | "delete" | "passkeys";

/** Props every dialog of the Users section shares. */
interface UserDialogProps {
  user: ManagedUser;
  onClose: () => void;
  /** Called by Radix when the dialog closes; the section returns focus to the row's button. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Change a user's role and company (admins only; ADR 0009): two selects and a summary
 * of the result, saved only on "Save Changes" and only when something changed. Only the
 * changed fields are sent (`PATCH /api/admin/users/{id}`).
 */
export function EditUserDialog({ user, onClose, onCloseAutoFocus }: UserDialogProps) {
  const { t } = useTranslation();
  const companies = useQuery(companiesQueryOptions());
  const update = useUpdateUser();
  const [role, setRole] = useState<Role>(user.role);
  const [companyId, setCompanyId] = useState(user.companyId === null ? "" : String(user.companyId));
  const nextCompanyId = companyId ? Number(companyId) : null;
  const changed = role !== user.role || nextCompanyId !== user.companyId;
  // The server's rule (400 COMPANY_REQUIRED), checked here first: a Company Admin needs a company.
  const companyMissing = role === "company_admin" && nextCompanyId === null;
  const companyList = companies.data ?? [];
  // The user's current company stays selectable even before the companies list has loaded.
  const hasCurrent = user.companyId === null || companyList.some((company) => company.id === user.companyId);
  const companyName =
    companyList.find((company) => company.id === nextCompanyId)?.name ??
    (nextCompanyId === user.companyId ? user.companyName : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || companyMissing) return;
    update.mutate(
      {
        id: user.id,
        ...(role !== user.role ? { role } : {}),
        ...(nextCompanyId !== user.companyId ? { companyId: nextCompanyId } : {}),
      },
      {
        onSuccess: () => {
          toast({
            title: t("portal.users.updatedTitle"),
            description: t("portal.users.updatedText", { name: user.fullName }),
          });
          onClose();
        },
        onError: (error) => toastRequestError(error, t("common.error"), t("portal.users.updateFailed")),
      },
    );
  };

  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      content={{ onCloseAutoFocus }}
      title={t("portal.users.editTitle")}
      description={t("portal.users.editDescription", { name: user.fullName, email: user.email })}
      descriptionClassName="break-words"
      // The Role select comes first, and an arrow key on it would change her role: start on the title.
      focusTitle
      onSubmit={onSubmit}
      cancel={t("common.cancel")}
      confirm={update.isPending ? t("portal.users.saving") : t("portal.users.save")}
      disabled={!changed || companyMissing || update.isPending}
    >
      <SelectField
        id="user-role"
        label={t("portal.users.role")}
        options={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
      />
      <SelectField
        id="user-company"
        label={t("portal.users.company")}
        options={[
          { value: "", label: t("portal.users.noCompany") },
          ...(!hasCurrent && user.companyId !== null
            ? [{ value: String(user.companyId), label: user.companyName ?? String(user.companyId) }]
            : []),
          ...companyList.map((company) => ({ value: String(company.id), label: company.name })),
        ]}
        value={companyId}
        onChange={(event) => setCompanyId(event.target.value)}
      />
      <p
        className={companyMissing ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
        aria-live="polite"
      >
        {companyMissing
          ? t("portal.users.companyRequired")
          : !changed
            ? t("portal.users.editUnchanged")
            : companyName
              ? t("portal.users.editSummary", {
                  name: user.fullName,
                  role: t(`rolesInText.${role}`),
                  company: companyName,
                })
              : t("portal.users.editSummaryNoCompany", {
                  name: user.fullName,
                  role: t(`rolesInText.${role}`),
                })}
      </p>
    </FormDialog>
  );
}

/**
 * The confirmation of deactivate, reactivate, delete and removing passkeys (ADR 0017,
 * ADR 0061): says what happens (deactivation signs the user out everywhere; deletion removes
 * their checks and files; removing passkeys stops them signing in), then calls the API and toasts
 * the result. The dialog stays open on failure.
 */
export function ConfirmUserDialog({
  action,
  user,
  onClose,
  onCloseAutoFocus,
}: UserDialogProps & { action: Exclude<UserAction, "edit" | "sessions"> }) {
  const { t } = useTranslation();
  const setActive = useSetUserActive();
  const remove = useDeleteUser();
  const removePasskeys = useRemoveUserPasskeys();
  const pending = setActive.isPending || remove.isPending || removePasskeys.isPending;
  const values = { name: user.fullName, email: user.email };

  const onConfirm = () => {
    const onError = (error: unknown) =>
      toastRequestError(error, t("common.error"), t("portal.users.actionFailed"));
    if (action === "passkeys") {
      removePasskeys.mutate(user.id, {
        onSuccess: () => {
          toast({
            title: t("portal.users.passkeysRemovedTitle"),
            description: t("portal.users.passkeysRemovedText", values),
          });
          onClose();
        },
        onError,
      });
      return;
    }
    if (action === "delete") {
      remove.mutate(user.id, {
        onSuccess: () => {
          toast({
            title: t("portal.users.deletedTitle"),
            description: t("portal.users.deletedText", values),
          });
          onClose();
        },
        onError,
      });
      return;
    }
    const active = action === "reactivate";
    setActive.mutate(
      { id: user.id, active },
      {
        onSuccess: () => {
          toast(
            active
              ? {
                  title: t("portal.users.reactivatedTitle"),
                  description: t("portal.users.reactivatedText", values),
                }
              : {
                  title: t("portal.users.deactivatedTitle"),
                  description: t("portal.users.deactivatedText", values),
                },
          );
          onClose();
        },
        onError,
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} role="alertdialog">
        <DialogHeader>
          <DialogTitle className="break-words">{t(`portal.users.${action}Title`, values)}</DialogTitle>
          <DialogDescription className="break-words">
            {t(`portal.users.${action}Text`, values)}
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          cancel={t("common.cancel")}
          onCancel={onClose}
          confirm={pending ? t("portal.users.working") : t(`portal.users.${action}Confirm`)}
          disabled={pending}
          onConfirm={onConfirm}
          variant={action === "reactivate" ? "default" : "destructive"}
        />
      </DialogContent>
    </Dialog>
  );
}
