import { AdminLoginScreen } from "~/features/auth/admin-login-screen";
import { addCatalog, i18next } from "~/lib/i18n";
import { QueryProvider } from "~/lib/query-provider";
import { enAccount } from "~/locales/en-account";

// This route's texts (issue #4: feature catalogs load with their route, not on `/`).
addCatalog(enAccount);

export const meta = () => [{ title: `${i18next.t("adminLogin.loginTitle")} · ${i18next.t("brand.name")}` }];

function AdminLoginRouteContent() {
  return <AdminLoginScreen />;
}

export default function AdminLoginRoute() {
  return (
    <QueryProvider>
      <AdminLoginRouteContent />
    </QueryProvider>
  );
}
