import type { SessionUser } from "@common/api/auth";
import { type InvitationSummary, invitableRoles, type SendInvitationInput } from "@common/api/invitations";
import { isLanguage, type Language } from "@common/languages";
import { isAdmin, type Role } from "@common/roles";
import { normalizeEmail } from "@common/validation";
import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormDialog } from "~/components/form-dialog";
import { SelectField, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { toast } from "~/hooks/use-toast";
import { toastRequestError } from "~/lib/error-toast";
import { useLanguage } from "~/lib/language";
import { languageOptions } from "~/lib/language-options";
import { useTranslation } from "~/lib/react-i18n";
import { companiesQueryOptions } from "./api/companies";
import { invitationsQueryOptions, useSendInvitation } from "./api/invitations";

/**
 * What re-inviting an address does (ADR 0017, 0033), from the invitations the
 * inviter can see (`GET /api/invitations`, newest first) and the dialog's choices.
 * @param invitations the visible invitations (any status; only pending ones count)
 * @param email the address as typed (compared trimmed and lower-cased, as the server does)
 * @param chosen the company picked in the dialog (null: none), or undefined when the dialog
 *   offers no company choice (company admins, or no companies exist)
 * @param replace whether "Replace the company" is ticked
 * @returns `pending`: the newest pending invitation to that address, if any; `conflict`: the
 *   chosen company differs from the pending one (the dialog then offers the checkbox);
 *   `companyId`/`replaceCompany`: the request fields to send (`companyId` omitted keeps the
 *   pending invitation's company).
 */
export function reinvitePlan(
  invitations: readonly InvitationSummary[],
  email: string,
  chosen: number | null | undefined,
  replace: boolean,
): {
  pending: InvitationSummary | undefined;
  conflict: boolean;
  fields: Pick<SendInvitationInput, "companyId" | "replaceCompany">;
} {
  const address = normalizeEmail(email);
  const pending = address
    ? invitations.find((row) => row.status === "pending" && normalizeEmail(row.email) === address)
    : undefined;
  const companyId = chosen ?? null;
  if (!pending) return { pending, conflict: false, fields: { companyId } };
  const conflict = chosen !== undefined && chosen !== pending.companyId;
  if (!conflict) return { pending, conflict, fields: { companyId } };
  return { pending, conflict, fields: replace ? { companyId, replaceCompany: true } : {} };
}

/**
 * The Invite User dialog of docs/product.md#2-pages and #5-validation: email (required, email type), role (User and
 * Company Admin; Admin only for an admin), 'Company (Optional)' only when companies exist
 * (the list is requested only for admins), submit disabled while sending. When the address
 * has a pending invitation the inviter can see, a note says what sending again does and, if
 * another company is chosen, a checkbox must be ticked to replace it (see {@link reinvitePlan}).
 * "Email language" picks the invitation email's language, the inviter's current one by default
 * (ADR 0025).
 */
export function InviteUserDialog({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const admin = isAdmin(user.role);
  const companies = useQuery({ ...companiesQueryOptions(), enabled: admin });
  const send = useSendInvitation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("user");
  const [companyId, setCompanyId] = useState("");
  const [replace, setReplace] = useState(false);
  const { language: uiLanguage } = useLanguage();
  const [emailLanguage, setEmailLanguage] = useState<Language | null>(null);
  const invitations = useQuery({ ...invitationsQueryOptions(), enabled: open });
  const roles = invitableRoles(user.role);
  const companyList = admin ? (companies.data ?? []) : [];
  const chosen = companyList.length > 0 ? (companyId ? Number(companyId) : null) : undefined;
  const plan = reinvitePlan(invitations.data ?? [], email, chosen, replace);
  const companyLabel = (id: number | null | undefined, name?: string | null) =>
    (name ?? companyList.find((company) => company.id === id)?.name) || t("portal.invite.noCompany");

  const note = (() => {
    const { pending } = plan;
    if (!pending) return "";
    const exists = pending.companyName
      ? t("portal.invite.pendingExists", { company: pending.companyName })
      : t("portal.invite.pendingExistsNone");
    let outcome: string;
    if (plan.conflict && replace) {
      outcome = chosen
        ? t("portal.invite.sendReplaces", { company: companyLabel(chosen) })
        : t("portal.invite.sendReplacesNone");
    } else {
      outcome = pending.companyName
        ? t("portal.invite.sendKeeps", { company: pending.companyName })
        : t("portal.invite.sendKeepsNone");
    }
    return `${exists} ${outcome}`;
  })();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { email, role, ...plan.fields, language: emailLanguage ?? uiLanguage },
      {
        onSuccess: () => {
          toast({ title: t("portal.invite.sentTitle"), description: t("portal.invite.sentText") });
          setOpen(false);
          setEmail("");
          setRole("user");
          setCompanyId("");
          setReplace(false);
          setEmailLanguage(null);
        },
        onError: (error) => toastRequestError(error, t("common.error"), t("portal.invite.failed")),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <UserPlus aria-hidden="true" />
          {t("portal.invite.open")}
        </Button>
      }
      title={t("portal.invite.title")}
      description={t("portal.invite.description")}
      onSubmit={onSubmit}
      cancel={t("common.cancel")}
      confirm={send.isPending ? t("portal.invite.sending") : t("portal.invite.submit")}
      disabled={send.isPending}
    >
      <TextField
        id="invite-email"
        label={t("portal.invite.email")}
        type="email"
        required
        autoComplete="off"
        placeholder={t("portal.invite.emailPlaceholder")}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setReplace(false);
        }}
        after={
          <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
            {note}
          </p>
        }
      />
      <SelectField
        id="invite-role"
        label={t("portal.invite.role")}
        options={roles.map((option) => ({ value: option, label: t(`roles.${option}`) }))}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
      />
      {companyList.length > 0 && (
        <SelectField
          id="invite-company"
          label={t("portal.invite.company")}
          options={[
            { value: "", label: t("portal.invite.noCompany") },
            ...companyList.map((company) => ({ value: String(company.id), label: company.name })),
          ]}
          value={companyId}
          onChange={(event) => {
            setCompanyId(event.target.value);
            setReplace(false);
          }}
        />
      )}
      <SelectField
        id="invite-language"
        label={t("portal.invite.language")}
        options={languageOptions()}
        value={emailLanguage ?? uiLanguage}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setEmailLanguage(event.target.value);
        }}
      />
      {plan.pending && plan.conflict && (
        <div className="flex items-start gap-3">
          <Checkbox
            id="invite-replace-company"
            className="mt-0.5"
            checked={replace}
            onCheckedChange={(checked) => setReplace(checked === true)}
          />
          <Label htmlFor="invite-replace-company">
            {t("portal.invite.replaceCompany", {
              from: companyLabel(plan.pending.companyId, plan.pending.companyName),
              to: companyLabel(chosen),
            })}
          </Label>
        </div>
      )}
    </FormDialog>
  );
}
