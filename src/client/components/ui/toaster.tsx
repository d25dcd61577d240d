import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "@common/limits";
import { clsx } from "clsx";
import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { dismissToast, useToast } from "~/hooks/use-toast";
import { useTranslation } from "~/lib/react-i18n";

/**
 * Radix toasts with the numbers of docs/product.md#9-constants: 5000 ms, swipe right past 50 px, hotkey F8;
 * at the top on small screens, bottom right and at most 420 px wide from md up.
 */
export function Toaster() {
  const { toasts } = useToast();
  const { t } = useTranslation();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={clsx(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg transition-all",
            "data-[state=open]:animate-in data-[state=closed]:animate-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-out",
            item.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "border-border bg-background text-foreground",
          )}
        >
          <div className="grid gap-1">
            {item.title && <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>}
            {item.description && (
              <Toast.Description className="text-sm">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={t("common.close")}
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:outline-none focus:ring-2 focus:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={["F8"]}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
