import { ProtectedRoute } from "~/features/auth/protected-route";
import { UserDashboard } from "~/features/dashboard/user-dashboard";
import { addCatalog, i18next } from "~/lib/i18n";
import { QueryProvider } from "~/lib/query-provider";
import { enAccount } from "~/locales/en-account";
import { enPortal } from "~/locales/en-portal";

// This route's texts (issue #4: feature catalogs load with their route, not on `/`).
addCatalog({ ...enAccount, portal: enPortal });

export const meta = () => [{ title: `${i18next.t("dashboard.title")} · ${i18next.t("brand.name")}` }];

function DashboardRouteContent() {
  return <ProtectedRoute>{(session) => <UserDashboard session={session} />}</ProtectedRoute>;
}

export default function DashboardRoute() {
  return (
    <QueryProvider>
      <DashboardRouteContent />
    </QueryProvider>
  );
}
