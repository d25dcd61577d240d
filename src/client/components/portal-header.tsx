import type { SessionUser } from "@common/api/auth";
import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLogout } from "~/lib/session";
import { BrandLogo } from "./brand-logo";
import { RoleBadge } from "./role-badge";
import { Button } from "./ui/button";

/** Portal header (visual.md): logo left, user menu right with name, role badge and Sign out. */
export function PortalHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <header className="border-b border-border bg-background/95">
      <div className="mx-auto flex h-16 max-w-[1100px] items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo />
        <div className="flex items-center gap-3">
          <span className="hidden text-sm font-medium sm:inline">{user.fullName}</span>
          <RoleBadge role={user.role} />
          <Button
            variant="outline"
            size="sm"
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, { onSettled: () => navigate("/admin/login", { replace: true }) })
            }
          >
            <LogOut aria-hidden="true" />
            {logout.isPending ? t("common.signingOut") : t("common.signOut")}
          </Button>
        </div>
      </div>
    </header>
  );
}
