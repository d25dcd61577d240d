import { VerifyScreen } from "~/features/auth/verify-screen";
import { i18next } from "~/lib/i18n";
import type { Route } from "./+types/verify";

export const meta = () => [
  { title: `${i18next.t("verify.verifying")} · ${i18next.t("brand.name")}` },
  { name: "referrer", content: "no-referrer" },
];

/** `/verify/:token?` (docs/product.md#2-pages): a magic link's landing page, inside the portal layout. */
export default function VerifyRoute({ params }: Route.ComponentProps) {
  return <VerifyScreen token={params.token} />;
}
