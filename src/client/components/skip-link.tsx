import { useTranslation } from "~/lib/react-i18n";

/**
 * "Skip to content", the first stop in the site and portal headers, the sign-in screen and the
 * IMU page (WCAG 2.4.1): hidden until focused, then shown top left, dark on light on any page;
 * it jumps to the page's `<main id="main">`.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-background focus:text-foreground focus:px-3 focus:py-2 focus:shadow"
    >
      {t("common.skipToContent")}
    </a>
  );
}
