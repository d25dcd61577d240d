import { useTranslation } from "~/lib/react-i18n";

/**
 * The "Skip to content" link that opens every page header: hidden until focused, then shown in
 * the top-left corner; it jumps to the page's `#main` landmark (WCAG 2.4.1).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
    >
      {t("common.skipToContent")}
    </a>
  );
}
