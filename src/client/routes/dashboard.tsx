import { ProtectedRoute } from "~/features/auth/protected-route";
import { UserDashboard } from "~/features/dashboard/user-dashboard";
import { i18next } from "~/lib/i18n";

export const meta = () => [{ title: `${i18next.t("dashboard.title")} · ${i18next.t("brand.name")}` }];

/** `/dashboard` (docs/product.md#2-pages): the signed-in user's dashboard, inside the portal layout. */
export default function DashboardRoute() {
  return <ProtectedRoute>{(session) => <UserDashboard session={session} />}</ProtectedRoute>;
}
