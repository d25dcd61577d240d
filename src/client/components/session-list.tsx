import type { DeviceType, SessionInfo } from "@common/api/sessions";
import { Laptop, type LucideIcon, MonitorSmartphone, Smartphone, Tablet } from "lucide-react";
import { RowAction } from "~/components/list-states";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";

const DEVICE_ICONS: Record<DeviceType, LucideIcon> = {
  desktop: Laptop,
  mobile: Smartphone,
  tablet: Tablet,
  other: MonitorSmartphone,
};

/** "Chrome 130 on macOS" in the reader's language, from what the server read in the User-Agent. */
export function useDeviceName(): (session: SessionInfo) => string {
  const { t } = useTranslation();
  return (session) =>
    t("portal.sessions.device", {
      browser: session.browser ?? t("portal.sessions.unknownBrowser"),
      os: session.os ?? t("portal.sessions.unknownOs"),
    });
}

/**
 * A list of sessions (docs/product.md#12-account-records), shared by the user's own
 * Signed-in Devices card and the admin's Sessions dialog: per session the device kind (icon and
 * words), browser and system, "This device" for the asking one, the IP address, when it signed
 * in and when it was last active, and a button that ends it (not shown for the current one,
 * which the header's Sign out ends).
 * @param endLabel the button's accessible name for a session ("Sign out Chrome on macOS, …")
 * @param endText the button's visible text
 * @param onEnd ends one session; `ending` is the id being ended (its button is disabled)
 */
export function SessionList({
  sessions,
  endText,
  endLabel,
  onEnd,
  ending,
}: {
  sessions: readonly SessionInfo[];
  endText: string;
  endLabel: (session: SessionInfo, device: string, lastSeen: string) => string;
  onEnd: (session: SessionInfo) => void;
  ending: number | null;
}) {
  const { t, i18n } = useTranslation();
  const deviceName = useDeviceName();
  return (
    <ul className="divide-y divide-border rounded-xl border border-border">
      {sessions.map((session) => {
        const Icon = DEVICE_ICONS[session.deviceType];
        const device = deviceName(session);
        const lastSeen = formatDate(session.lastSeenAt, i18n.language, true);
        return (
          <li
            key={session.id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            data-testid="session"
          >
            <div className="flex min-w-0 items-start gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="grid min-w-0 gap-0.5 text-sm">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{device}</span>
                  {session.current && <Badge variant="success">{t("portal.sessions.current")}</Badge>}
                </span>
                <span className="text-muted-foreground">
                  {t(`portal.sessions.deviceTypes.${session.deviceType}`)} ·{" "}
                  {session.ip ? t("portal.sessions.ip", { ip: session.ip }) : t("portal.sessions.noIp")}
                </span>
                <span className="text-muted-foreground">
                  {t("portal.sessions.signedIn", {
                    date: formatDate(session.createdAt, i18n.language, true),
                  })}
                  {" · "}
                  <time dateTime={session.lastSeenAt}>
                    {t("portal.sessions.lastSeen", { date: lastSeen })}
                  </time>
                </span>
              </div>
            </div>
            {!session.current && (
              <RowAction
                aria-label={endLabel(session, device, lastSeen)}
                disabled={ending === session.id}
                onClick={() => onEnd(session)}
              >
                {endText}
              </RowAction>
            )}
          </li>
        );
      })}
    </ul>
  );
}
