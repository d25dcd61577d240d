import type { RetailerDemo } from "@common/retailer-demos";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { useTranslation } from "~/lib/react-i18n";

/** The dialog and its Radix and class-merge code load on first use (ADR 0023: off the page's startup path). */
const loadContent = () => import("./terms-dialog-content");
const TermsDialogContent = lazy(() => loadContent().then((m) => ({ default: m.TermsDialogContent })));

/**
 * The accept-terms link and its Terms dialog (docs/product.md#2-pages): until first use a plain button
 * with the closed dialog trigger's attributes (fetching the dialog on focus or pointer hover); its
 * click loads the dialog, which takes the button over and opens. "I Agree" ticks the box.
 */
export function TermsDialog({
  demo,
  triggerId,
  onAgree,
}: {
  demo: RetailerDemo;
  /** id of the trigger button, so the checkbox can name itself with the link text */
  triggerId: string;
  onAgree: () => void;
}) {
  const { t } = useTranslation();
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const prefetch = () => void loadContent();
  const button = (extra?: ComponentProps<"button"> & { "data-state"?: string }) => (
    <button
      id={triggerId}
      type="button"
      className="inline rounded-sm text-left font-medium text-primary underline underline-offset-4 hover:text-primary/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...extra}
    >
      {t("retailerDemo.acceptLink")}
    </button>
  );
  const placeholder = button({
    "aria-haspopup": "dialog",
    "aria-expanded": false,
    "data-state": "closed",
    onFocus: prefetch,
    onPointerEnter: prefetch,
    onClick: () => {
      setRequested(true);
      setOpen(true);
    },
  });
  if (!requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <TermsDialogContent
        demo={demo}
        trigger={button()}
        open={open}
        onOpenChange={setOpen}
        onAgree={onAgree}
      />
    </Suspense>
  );
}
