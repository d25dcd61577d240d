import type { RetailerDemo } from "@common/retailer-demos";
import type { ReactElement } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { useTranslation } from "~/lib/react-i18n";

const SECTIONS = [
  { title: "tosTitle", paragraphs: ["tos1", "tos2", "tos3", "tos4"] },
  { title: "ndaTitle", paragraphs: ["nda1", "nda2", "nda3"] },
  { title: "privacyTitle", paragraphs: ["privacy1", "privacy2", "privacy3", "privacy4", "privacy5"] },
] as const;

/**
 * The Terms of Service, Non-Disclosure Agreement and Privacy Policy (effective 04/01/2025) in a
 * scrollable dialog opened from the accept-terms label (docs/product.md#2-pages). "I Agree" ticks the box.
 * Loaded on demand by {@link import("./terms-dialog").TermsDialog}, which renders the same trigger
 * until then; `open` is controlled by it, so the click that loads this module also opens it.
 */
export function TermsDialogContent({
  demo,
  trigger,
  open,
  onOpenChange,
  onAgree,
}: {
  demo: RetailerDemo;
  /** the link-styled button that opens the dialog (the same element the page showed before loading) */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAgree: () => void;
}) {
  const { t } = useTranslation();
  const vars = { retailer: demo.retailerName, store: demo.storeName };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl grid-rows-[auto_minmax(0,1fr)_auto]">
        <DialogHeader>
          <DialogTitle>{t("retailerDemo.terms.title")}</DialogTitle>
          <DialogDescription>{t("retailerDemo.terms.description")}</DialogDescription>
        </DialogHeader>
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          aria-label={t("retailerDemo.terms.title")}
          className="min-h-0 overflow-y-auto rounded-lg border border-border bg-muted/40 p-4 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {SECTIONS.map((section) => (
            <div key={section.title} className="mb-6 last:mb-0">
              <h3 className="mb-2 text-base font-semibold">{t(`retailerDemo.terms.${section.title}`)}</h3>
              {section.paragraphs.map((key) => (
                <p key={key} className="mb-2 text-muted-foreground last:mb-0">
                  {t(`retailerDemo.terms.${key}`, vars)}
                </p>
              ))}
            </div>
          ))}
        </section>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("retailerDemo.terms.close")}</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button onClick={onAgree}>{t("retailerDemo.terms.agree")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
