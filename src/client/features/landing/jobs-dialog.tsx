import { JOBS_HEADER_OFFSET_PX } from "@common/landing";
import { JOBS_FRAME_TIMEOUT_MS } from "@common/limits";
import { SITE_CONFIG } from "@common/site-config";
import { Briefcase, ExternalLink, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { addCatalog } from "~/lib/i18n";
import { useTranslation } from "~/lib/react-i18n";
import { enLandingDialogs } from "~/locales/en-landing-dialogs";

// The dialog texts load with the dialog (first-load budget, ADR 0008).
addCatalog({ landing: enLandingDialogs });

type FrameState = "loading" | "loaded" | "failed";

/**
 * Whether the jobs board's frame could load, for the Jobs modal. A browser fires the
 * frame's `load` even when it shows its own error page, and a cross-origin frame cannot be
 * inspected, so two signals decide: an opaque no-cors GET of the board (no credentials; CSP
 * connect-src allows that origin, so the board's URL must not redirect to another host) that
 * fails when the host is unreachable or blocked — it overrides a `load` from the browser's error page — and
 * `JOBS_FRAME_TIMEOUT_MS` without a `load` event.
 * @param active true while the dialog is open (each opening checks again)
 * @returns the state and the frame's `onLoad` handler
 */
function useFrameState(url: string, active: boolean) {
  const [state, setState] = useState<FrameState>("loading");
  useEffect(() => {
    if (!active) return;
    setState("loading");
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState((current) => (current === "loading" ? "failed" : current));
    }, JOBS_FRAME_TIMEOUT_MS);
    fetch(url, {
      mode: "no-cors",
      credentials: "omit",
      cache: "no-store",
      signal: controller.signal,
    }).catch(() => {
      if (!controller.signal.aborted) setState("failed");
    });
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [url, active]);
  const onLoad = () => setState((current) => (current === "loading" ? "loaded" : current));
  return { state, onLoad };
}

/**
 * The Jobs modal (docs/product.md#2-pages, #4-states): a Now Hiring banner and the jobs board (site config) in an iframe
 * 90vh tall less the 84 px header, with a close button. Radix Dialog locks body scroll and traps
 * focus; the iframe exists only while the dialog is open, so nothing loads before. When the board
 * cannot load (unreachable, blocked, or no load in time) a fallback inside the dialog replaces
 * the frame, with the link that opens the board in a new tab, so a board that is down or blocked still leaves the visitor a way to it.
 */
export function JobsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { state, onLoad } = useFrameState(SITE_CONFIG.jobsBoardUrl, open);
  const frameHeight = `calc(90vh - ${JOBS_HEADER_OFFSET_PX}px)`;
  const newTabLink = (className: string) => (
    <a href={SITE_CONFIG.jobsBoardUrl} target="_blank" rel="noopener noreferrer" className={className}>
      {t("landing.jobs.openInNewTab")}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[95dvh] w-[calc(100vw-1rem)] max-w-5xl flex-col gap-0 overflow-hidden p-0 text-white">
        <div className="flex min-h-[84px] shrink-0 items-center gap-3 bg-gradient-to-r py-3 from-indigo-600 to-violet-600 px-6 pr-14 text-white">
          <Briefcase className="size-6 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <DialogTitle className="text-xl font-bold">{t("landing.jobs.title")}</DialogTitle>
            <DialogDescription className="text-sm text-indigo-100">
              {t("landing.jobs.description")}{" "}
              {newTabLink(
                "inline-flex items-center gap-1 font-medium text-white underline underline-offset-2",
              )}
            </DialogDescription>
          </div>
        </div>
        {state === "failed" ? (
          <div
            role="status"
            data-testid="jobs-fallback"
            className="flex flex-col items-center justify-center gap-3 bg-white px-6 py-10 text-center text-slate-900"
            style={{ minHeight: `min(${frameHeight}, 24rem)` }}
          >
            <WifiOff className="size-10 text-slate-400" aria-hidden="true" />
            <p className="text-lg font-semibold">{t("landing.jobs.unavailableTitle")}</p>
            <p className="max-w-md text-sm text-slate-600">{t("landing.jobs.unavailableText")}</p>
            {newTabLink(
              "inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
            )}
          </div>
        ) : (
          <iframe
            src={SITE_CONFIG.jobsBoardUrl}
            title={t("landing.jobs.frameTitle")}
            className="w-full border-0 bg-white"
            style={{ height: frameHeight }}
            loading="eager"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
            onLoad={onLoad}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
