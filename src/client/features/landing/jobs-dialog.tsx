import { JOBS_HEADER_OFFSET_PX } from "@common/landing";
import { SITE_CONFIG } from "@common/site-config";
import { Briefcase, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { addCatalog } from "~/lib/i18n";
import { enLandingDialogs } from "~/locales/en-landing-dialogs";

// The dialog texts load with the dialog (issue #4 budget).
addCatalog({ landing: enLandingDialogs });

/**
 * The Jobs modal (spec §2, §4): a Now Hiring banner and the jobs board (site config) in an iframe
 * 90vh tall less the 84 px header, with a close button. Radix Dialog locks body scroll and traps
 * focus; the iframe exists only while the dialog is open, so nothing loads before.
 */
export function JobsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[95dvh] w-[calc(100vw-1rem)] max-w-5xl flex-col gap-0 overflow-hidden p-0 text-white">
        <div className="flex min-h-[84px] shrink-0 items-center gap-3 bg-gradient-to-r py-3 from-indigo-600 to-violet-600 px-6 pr-14 text-white">
          <Briefcase className="size-6 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <DialogTitle className="text-xl font-bold">{t("landing.jobs.title")}</DialogTitle>
            <DialogDescription className="text-sm text-indigo-100">
              {t("landing.jobs.description")}{" "}
              <a
                href={SITE_CONFIG.jobsBoardUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-white underline underline-offset-2"
              >
                {t("landing.jobs.openInNewTab")}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            </DialogDescription>
          </div>
        </div>
        <iframe
          src={SITE_CONFIG.jobsBoardUrl}
          title={t("landing.jobs.frameTitle")}
          className="w-full border-0 bg-white"
          style={{ height: `calc(90vh - ${JOBS_HEADER_OFFSET_PX}px)` }}
          loading="eager"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        />
      </DialogContent>
    </Dialog>
  );
}
