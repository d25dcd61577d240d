import { AdminLoginScreen } from "~/features/auth/admin-login-screen";
import { i18next } from "~/lib/i18n";

export const meta = () => [{ title: `${i18next.t("adminLogin.loginTitle")} · ${i18next.t("brand.name")}` }];

/** `/admin/login` (docs/product.md#2-pages), inside the portal layout. */
export default function AdminLoginRoute() {
  return <AdminLoginScreen />;
}
