import { VerifyScreen } from "~/features/auth/verify-screen";
import { addCatalog, i18next } from "~/lib/i18n";
import { QueryProvider } from "~/lib/query-provider";
import { enAccount } from "~/locales/en-account";
import type { Route } from "./+types/verify";

// This route's texts (issue #4: feature catalogs load with their route, not on `/`).
addCatalog(enAccount);

export const meta = () => [
  { title: `${i18next.t("verify.verifying")} · ${i18next.t("brand.name")}` },
  { name: "referrer", content: "no-referrer" },
];

function VerifyRouteContent({ params }: Route.ComponentProps) {
  return <VerifyScreen token={params.token} />;
}

export default function VerifyRoute(props: Route.ComponentProps) {
  return (
    <QueryProvider>
      <VerifyRouteContent {...props} />
    </QueryProvider>
  );
}
