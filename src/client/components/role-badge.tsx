import type { Role } from "@common/roles";
import { useTranslation } from "~/lib/react-i18n";
import { Badge } from "./ui/badge";

const VARIANT = { admin: "destructive", company_admin: "info", user: "outline" } as const;

/** Role badges of docs/product.md#6-roles: red Admin, blue Company Admin, outline User. */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[role]}>{t(`roles.${role}`)}</Badge>;
}
