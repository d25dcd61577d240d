import { AdminLoginScreen } from "~/features/auth/admin-login-screen";
import { i18next } from "~/lib/i18n";

export const meta = () => [{ title: `${i18next.t("signIn.title")} · ${i18next.t("brand.name")}` }];

/**
 * `/sign-in` (ADR 0038): the sign-in entry of invited users and company admins, the same form as
 * `/admin/login` titled 'Sign in to AisleIQ', inside the portal layout.
 */
export default function SignInRoute() {
  return <AdminLoginScreen entry="account" />;
}
