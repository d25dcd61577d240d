import type { SessionUser } from "@common/api/auth";
import { invitableRoles } from "@common/api/invitations";
import { isAdmin, type Role } from "@common/roles";
import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { toast } from "~/hooks/use-toast";
import { errorMessage } from "~/lib/api";
import { companiesQueryOptions } from "./api/companies";
import { useSendInvitation } from "./api/invitations";

/**
 * The Invite User dialog of spec §2 and §5: email (required, email type), role (User and
 * Company Admin; Admin only for an admin), 'Company (Optional)' only when companies exist
 * (the list is requested only for admins), submit disabled while sending.
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
  const roles = invitableRoles(user.role);
  const companyList = admin ? (companies.data ?? []) : [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { email, role, companyId: companyId ? Number(companyId) : null },
      {
        onSuccess: () => {
          toast({ title: t("portal.invite.sentTitle"), description: t("portal.invite.sentText") });
          setOpen(false);
          setEmail("");
          setRole("user");
          setCompanyId("");
        },
        onError: (error) =>
          toast({
            title: t("common.error"),
            description: errorMessage(error, t("portal.invite.failed")),
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          {t("portal.invite.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("portal.invite.title")}</DialogTitle>
          <DialogDescription>{t("portal.invite.description")}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit}>
          <div className="grid gap-2">
            <Label htmlFor="invite-email">{t("portal.invite.email")}</Label>
            <Input
              id="invite-email"
              type="email"
              required
              autoComplete="off"
              placeholder={t("portal.invite.emailPlaceholder")}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="invite-role">{t("portal.invite.role")}</Label>
            <NativeSelect
              id="invite-role"
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {roles.map((option) => (
                <option key={option} value={option}>
                  {t(`roles.${option}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {companyList.length > 0 && (
            <div className="grid gap-2">
              <Label htmlFor="invite-company">{t("portal.invite.company")}</Label>
              <NativeSelect
                id="invite-company"
                value={companyId}
                onChange={(event) => setCompanyId(event.target.value)}
              >
                <option value="">{t("portal.invite.noCompany")}</option>
                {companyList.map((company) => (
                  <option key={company.id} value={company.id}>
                    {company.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t("portal.invite.sending") : t("portal.invite.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
