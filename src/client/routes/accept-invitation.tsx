import { AcceptInvitationScreen } from "~/features/invitations/accept-invitation-screen";
import { addCatalog, i18next } from "~/lib/i18n";
import { QueryProvider } from "~/lib/query-provider";
import { enAccount } from "~/locales/en-account";
import { enPortal } from "~/locales/en-portal";
import type { Route } from "./+types/accept-invitation";

// This route's texts (issue #4: feature catalogs load with their route, not on `/`).
addCatalog({ ...enAccount, portal: enPortal });

export const meta = () => [
  { title: `${i18next.t("portal.accept.title")} · ${i18next.t("brand.name")}` },
  { name: "referrer", content: "no-referrer" },
];

function AcceptInvitationRouteContent({ params }: Route.ComponentProps) {
  return <AcceptInvitationScreen token={params.token} />;
}

export default function AcceptInvitationRoute(props: Route.ComponentProps) {
  return (
    <QueryProvider>
      <AcceptInvitationRouteContent {...props} />
    </QueryProvider>
  );
}
