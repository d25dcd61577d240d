import type { InvitationStatus, InvitationSummary } from "@common/api/invitations";
import { invitableRoles } from "@common/api/invitations";
import type { Role } from "@common/roles";
import { useQuery } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { ListEmpty, ListTable, RowAction } from "~/components/list-states";
import { RoleBadge } from "~/components/role-badge";
import { SectionCard } from "~/components/section-card";
import { Badge } from "~/components/ui/badge";
import { CardContent } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { toastRequestError } from "~/lib/error-toast";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { invitationsQueryOptions, useResendInvitation, useRevokeInvitation } from "./api/invitations";

const STATUS_VARIANT: Record<InvitationStatus, "outline" | "success" | "secondary" | "destructive"> = {
  pending: "outline",
  accepted: "success",
  expired: "secondary",
  revoked: "destructive",
};

/**
 * Invitations list: pending, accepted, expired and revoked invitations; pending and
 * expired ones can be resent, pending ones revoked. A table on wide screens, cards on phones.
 */
export function InvitationsSection({ role }: { role: Role }) {
  const { t, i18n } = useTranslation();
  const invitations = useQuery(invitationsQueryOptions());
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const manageable = invitableRoles(role);
  const busy = resend.isPending || revoke.isPending;

  /**
   * Runs `mutation` (resend or revoke) on an invitation and toasts the outcome: the `${done}Title`
   * and `${done}Text` of portal.invitations on success, the server's message (else `failed`) on error.
   */
  const run = (mutation: typeof resend, done: "resent" | "revoked") => (invitation: InvitationSummary) =>
    mutation.mutate(invitation.id, {
      onSuccess: () =>
        toast({
          title: t(`portal.invitations.${done}Title`),
          description: t(`portal.invitations.${done}Text`, { email: invitation.email }),
        }),
      onError: (error) => toastRequestError(error, t("common.error"), t("portal.invitations.failed")),
    });
  const onResend = run(resend, "resent");
  const onRevoke = run(revoke, "revoked");

  const actions = (invitation: InvitationSummary) => {
    if (!manageable.includes(invitation.role)) return null;
    const canResend = invitation.status === "pending" || invitation.status === "expired";
    const canRevoke = invitation.status === "pending";
    if (!canResend && !canRevoke) return null;
    return (
      <div className="flex flex-wrap gap-2">
        {canResend && (
          <RowAction
            disabled={busy}
            aria-label={t("portal.invitations.resendLabel", { email: invitation.email })}
            onClick={() => onResend(invitation)}
          >
            {t("portal.invitations.resend")}
          </RowAction>
        )}
        {canRevoke && (
          <RowAction
            destructive
            disabled={busy}
            aria-label={t("portal.invitations.revokeLabel", { email: invitation.email })}
            onClick={() => onRevoke(invitation)}
          >
            {t("portal.invitations.revoke")}
          </RowAction>
        )}
      </div>
    );
  };

  const list = invitations.data ?? [];
  const status = (value: InvitationStatus) => (
    <Badge variant={STATUS_VARIANT[value]}>{t(`portal.invitationStatus.${value}`)}</Badge>
  );
  const expires = (invitation: InvitationSummary) => formatDate(invitation.expiresAt, i18n.language);

  return (
    <SectionCard title={t("portal.invitations.title")} description={t("portal.invitations.description")}>
      <CardContent>
        {list.length === 0 ? (
          <ListEmpty icon={Mail}>{t("portal.invitations.empty")}</ListEmpty>
        ) : (
          <ListTable
            rows={list}
            cardClassName="gap-2"
            columns={[
              { header: t("portal.invitations.email"), className: "break-all font-medium", cell: "email" },
              { header: t("portal.invitations.role"), cell: (row) => <RoleBadge role={row.role} /> },
              { header: t("portal.invitations.company"), cell: (row) => row.companyName ?? "—" },
              { header: t("portal.invitations.status"), cell: (row) => status(row.status) },
              { header: t("portal.invitations.expires"), className: "whitespace-nowrap", cell: expires },
              { header: t("portal.invitations.actions"), cell: actions },
            ]}
            card={(invitation) => (
              <>
                <div className="flex items-start justify-between gap-2">
                  <span className="break-all font-medium">{invitation.email}</span>
                  {status(invitation.status)}
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <RoleBadge role={invitation.role} />
                  {invitation.companyName && <span>{invitation.companyName}</span>}
                  <span>
                    {t("portal.invitations.expires")} {expires(invitation)}
                  </span>
                </div>
                {actions(invitation)}
              </>
            )}
          />
        )}
      </CardContent>
    </SectionCard>
  );
}
