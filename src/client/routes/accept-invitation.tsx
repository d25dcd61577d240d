import { AcceptInvitationScreen } from "~/features/invitations/accept-invitation-screen";
import { i18next } from "~/lib/i18n";
import type { Route } from "./+types/accept-invitation";

export const meta = () => [
  { title: `${i18next.t("portal.accept.title")} · ${i18next.t("brand.name")}` },
  { name: "referrer", content: "no-referrer" },
];

/** `/accept-invitation/:token?` (docs/product.md#2-pages), inside the portal layout. */
export default function AcceptInvitationRoute({ params }: Route.ComponentProps) {
  return <AcceptInvitationScreen token={params.token} />;
}
