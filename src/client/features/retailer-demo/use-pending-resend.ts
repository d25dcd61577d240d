import { useCallback, useEffect, useState } from "react";
import { toast } from "~/hooks/use-toast";
import { useTranslation } from "~/lib/react-i18n";
import { flushPending, readPending } from "./pending-registrations";

/**
 * Resends registrations saved while offline: once when the page loads (the next visit) and on
 * every `online` event, until the server confirms them (docs/product.md#8-messages, ADR 0006).
 * @returns how many registrations are still waiting, and `refresh` to re-read the count after
 *   saving a new one
 */
export function usePendingResend() {
  const { t } = useTranslation();
  const [pendingCount, setPendingCount] = useState(0);

  const refresh = useCallback(() => setPendingCount(readPending().length), []);

  const flush = useCallback(async () => {
    if (readPending().length === 0) return;
    const accepted = await flushPending();
    refresh();
    if (accepted > 0) {
      toast({ title: t("retailerDemo.errors.sentTitle"), description: t("retailerDemo.errors.sent") });
    }
  }, [refresh, t]);

  useEffect(() => {
    refresh();
    void flush();
    const onOnline = () => void flush();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [flush, refresh]);

  return { pendingCount, refresh };
}
