import { PasskeySuggestion } from "~/features/auth/passkey-suggestion";
import { PasskeysCard } from "~/features/auth/passkeys-card";
import { ProtectedRoute } from "~/features/auth/protected-route";
import { UserDashboard } from "~/features/dashboard/user-dashboard";
import { i18next } from "~/lib/i18n";

export const meta = () => [{ title: `${i18next.t("dashboard.title")} · ${i18next.t("brand.name")}` }];

/**
 * `/dashboard` (docs/product.md#2-pages): the signed-in user's dashboard, inside the portal layout,
 * with her passkeys and the one-time passkey suggestion (ADR 0061).
 */
export default function DashboardRoute() {
  return (
    <ProtectedRoute>
      {(session) => (
        <UserDashboard session={session} notice={<PasskeySuggestion />} account={<PasskeysCard />} />
      )}
    </ProtectedRoute>
  );
}
