import { Loader2 } from "lucide-react";
import { useTranslation } from "~/lib/react-i18n";

/** Full-screen loading state used while the session loads (docs/product.md#2-pages, protected routes). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">{t("common.loading")}</span>
    </div>
  );
}
