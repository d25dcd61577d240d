import type { RetailerDemoSettings } from "@common/api/demo-registrations";
import { CheckCircle2, WifiOff } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/react-i18n";

/**
 * The Thank You view (docs/product.md#2-pages): the provisioning message and one QR code per platform, each
 * captioned 'Scan to download'. While a registration waits to be resent, the Connection Issue
 * notice stays on screen.
 */
export function ThankYou({ settings, pending }: { settings: RetailerDemoSettings; pending: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const platforms = [
    { key: "android", name: t("retailerDemo.android"), url: settings.androidUrl },
    { key: "ios", name: t("retailerDemo.ios"), url: settings.iosUrl },
  ];
  return (
    <div className="grid gap-6 text-center">
      <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
        {t("retailerDemo.thankYouTitle")}
      </h2>
      <p className="mx-auto max-w-prose text-muted-foreground">{t("retailerDemo.thankYouMessage")}</p>
      {pending && (
        <p
          role="status"
          className="mx-auto flex max-w-prose items-start gap-2 rounded-xl border border-warning bg-warning/15 p-3 text-left text-sm text-foreground"
        >
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{t("retailerDemo.pendingNotice")}</span>
        </p>
      )}
      <p className="font-medium">{t("retailerDemo.thankYouNext")}</p>
      <ul className="grid gap-6 sm:grid-cols-2">
        {platforms.map((platform) => (
          <li key={platform.key}>
            <figure className="grid justify-items-center gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm">
              <h3 className="text-lg font-semibold">{platform.name}</h3>
              <a
                href={platform.url}
                target="_blank"
                rel="noreferrer noopener"
                aria-label={t("retailerDemo.openLink", { platform: platform.name })}
                className="rounded-lg bg-white p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <QRCodeSVG
                  value={platform.url}
                  size={176}
                  level="M"
                  role="img"
                  aria-label={t("retailerDemo.qrAlt", { platform: platform.name })}
                  data-testid={`qr-${platform.key}`}
                />
              </a>
              <figcaption className="text-sm text-muted-foreground">
                {t("retailerDemo.scanToDownload")}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
