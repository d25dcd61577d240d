import { AdminDashboard } from "~/features/admin/admin-dashboard";
import { PasskeySuggestion } from "~/features/auth/passkey-suggestion";
import { PasskeysCard } from "~/features/auth/passkeys-card";
import { ProtectedRoute } from "~/features/auth/protected-route";
import { UserDashboard } from "~/features/dashboard/user-dashboard";
import { LeadsSection } from "~/features/leads/leads-section";
import { WebhookDeliveriesSection } from "~/features/leads/webhook-deliveries-section";
import { DemoRegistrationsSection } from "~/features/retailer-demo/demo-registrations-section";
import { i18next } from "~/lib/i18n";
import { useTranslation } from "~/lib/react-i18n";

export const meta = () => [{ title: `${i18next.t("admin.title")} · ${i18next.t("brand.name")}` }];

/**
 * Admin-only route: a signed-in user without manage rights sees the normal user dashboard
 * (docs/product.md#2-pages). Admins also get the Leads and Demo Registrations inboxes (docs/product.md#2-pages)
 * and the CRM webhook's delivery log (ADR 0051).
 * Inside the portal layout.
 */
export default function AdminDashboardRoute() {
  const { t } = useTranslation();
  return (
    <ProtectedRoute
      adminOnly
      fallback={(session) => (
        <UserDashboard session={session} notice={<PasskeySuggestion />} account={<PasskeysCard />} />
      )}
    >
      {(session) => (
        <AdminDashboard
          session={session}
          notice={<PasskeySuggestion manageLink />}
          adminSections={[
            { id: "leads", label: t("leads.title"), content: <LeadsSection /> },
            {
              id: "demo-registrations",
              label: t("retailerDemo.admin.title"),
              content: <DemoRegistrationsSection />,
            },
            { id: "crm-webhook", label: t("leads.webhooks.title"), content: <WebhookDeliveriesSection /> },
          ]}
        />
      )}
    </ProtectedRoute>
  );
}
