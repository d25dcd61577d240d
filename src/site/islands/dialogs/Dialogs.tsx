import type { PlanTitle } from "@common/api/leads";
import type { Language } from "@common/languages";
import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { ToasterOnDemand } from "~/components/toaster-on-demand";
import { resendPendingLeads } from "~/features/leads/api/pending-leads";
import { toast } from "~/hooks/use-toast";
import { addCatalog, i18next, setPageLanguage } from "~/lib/i18n";
import { enLandingDialogs } from "~/locales/en-landing-dialogs";
import { $openDialog, closeDialog } from "../../stores/dialogs";

/** Each dialog loads the first time it is asked for (the island itself loads on first interaction). */
const GetStartedDialog = lazy(() =>
  import("~/components/get-started-dialog").then((m) => ({ default: m.GetStartedDialog })),
);
const JobsDialog = lazy(() =>
  import("~/features/landing/jobs-dialog").then((m) => ({ default: m.JobsDialog })),
);
const EventsDialogs = lazy(() =>
  import("~/components/events-dialogs").then((m) => ({ default: m.EventsDialogs })),
);

// The dialogs' English texts, here too for the resent-lead toast raised before any dialog loads.
addCatalog({ landing: enLandingDialogs });

/** Registers the Spanish texts of the dialogs (only Spanish pages download them). */
const loadSpanish = () => import("./spanish").then((m) => m.addSpanishDialogTexts());

/**
 * The public site's dialogs as one island (docs/product.md#2-pages, #4-states): Get Started (the
 * lead form for a plan), Jobs (the jobs board) and Events (password gate, then scheduling), with
 * the toasts they raise. Which one is open is the dialog store's (stores/dialogs.ts), set by the
 * page's trigger buttons (scripts/dialog-triggers.ts) even before this island has loaded: the
 * island opens what the store asks for once it is live, and closing a dialog clears the store.
 *
 * Rendered on the server as nothing (no dialog is open in static HTML); hydrated on the first
 * interaction (`client:interaction`). The dialogs render only after hydration, so the first
 * client render matches the server's whatever the store holds.
 * @param lang the page's language: the dialogs' texts, and the language of the lead's emails
 */
export default function Dialogs({ lang }: { lang: Language }) {
  const request = useStore($openDialog);
  const [ready, setReady] = useState(false);
  const [plan, setPlan] = useState<PlanTitle | null>(null);
  const [jobsUsed, setJobsUsed] = useState(false);
  const [eventsUsed, setEventsUsed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const texts = lang === "es" ? loadSpanish() : Promise.resolve();
    texts
      .catch(() => {
        // The Spanish texts did not load: the dialogs show in English rather than not at all.
      })
      .then(() => {
        if (cancelled) return;
        setPageLanguage(lang);
        setReady(true);
        // Get Started leads captured offline go out now and whenever the browser is back online
        // (ADR 0081); the page script wakes this island at load when some wait.
        resendPendingLeads(() =>
          toast({
            title: i18next.t("landing.getStarted.sentTitle"),
            description: i18next.t("landing.getStarted.sent"),
          }),
        );
      });
    return () => {
      cancelled = true;
    };
  }, [lang]);

  // Each dialog stays mounted once used: Get Started resets its form 300 ms after closing.
  if (request?.dialog === "get-started" && request.plan !== plan) setPlan(request.plan);
  if (request?.dialog === "jobs" && !jobsUsed) setJobsUsed(true);
  if (request?.dialog === "events" && !eventsUsed) setEventsUsed(true);

  if (!ready) return null;
  const onOpenChange = (open: boolean) => {
    if (!open) closeDialog();
  };
  return (
    <>
      <Suspense fallback={null}>
        {plan ? (
          <GetStartedDialog
            open={request?.dialog === "get-started"}
            onOpenChange={onOpenChange}
            plan={plan}
          />
        ) : null}
        {jobsUsed ? <JobsDialog open={request?.dialog === "jobs"} onOpenChange={onOpenChange} /> : null}
        {eventsUsed ? (
          <EventsDialogs open={request?.dialog === "events"} onOpenChange={onOpenChange} />
        ) : null}
      </Suspense>
      <ToasterOnDemand preload />
    </>
  );
}
