import { SITE_CONFIG } from "@common/site-config";
import { CalendarDays, ExternalLink, Video } from "lucide-react";
import { type ComponentProps, useEffect, useId, useRef, useState } from "react";
import { useGateCheck } from "~/hooks/use-gate-check";
import { addCatalog } from "~/lib/i18n";
import { useTranslation } from "~/lib/react-i18n";
import { enLandingDialogs } from "~/locales/en-landing-dialogs";
import { FormDialog } from "./form-dialog";
import { FormField } from "./form-field";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog";
import { Input } from "./ui/input";

// The dialog texts load with the dialog (first-load budget, ADR 0008).
addCatalog({ landing: enLandingDialogs });

interface EventsDialogsProps {
  /** Whether the password dialog is open. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The Events flow (docs/product.md#4-states "Events", #5-validation): a password dialog checked by the server
 * (`POST /api/gates/events`, through {@link useGateCheck}); a wrong password shows 'Incorrect password.
 * Please try again.' and clears the field; the right one closes it and opens the scheduling dialog.
 */
export function EventsDialogs({ open, onOpenChange }: EventsDialogsProps) {
  const [scheduleOpen, setScheduleOpen] = useState(false);
  // The element that opened the flow (the Sign In menu's trigger, once its menu has closed): the
  // scheduling dialog opens from the password dialog, so closing it returns focus here rather
  // than to the page (WCAG 2.4.3).
  const opener = useRef<HTMLElement | null>(null);
  return (
    <>
      <EventsPasswordDialog
        open={open}
        onOpenChange={onOpenChange}
        onUnlocked={() => {
          onOpenChange(false);
          setScheduleOpen(true);
        }}
        content={{
          onOpenAutoFocus: () => {
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          },
          // Unlocked: the scheduling dialog has focus now; do not pull it back to the opener.
          onCloseAutoFocus: (event) => {
            if (scheduleOpen) event.preventDefault();
          },
        }}
      />
      <SchedulingDialog
        open={scheduleOpen}
        onOpenChange={setScheduleOpen}
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      />
    </>
  );
}

function EventsPasswordDialog({
  open,
  onOpenChange,
  onUnlocked,
  content,
}: EventsDialogsProps & {
  onUnlocked: () => void;
  content: Pick<ComponentProps<typeof DialogContent>, "onOpenAutoFocus" | "onCloseAutoFocus">;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const gate = useGateCheck("events");
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!open) {
      setPassword("");
      setError(null);
    }
  }, [open]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      inputRef.current?.focus();
      return;
    }
    const result = await gate.check(password);
    if (!result) return;
    if (result.outcome === "unlocked") {
      onUnlocked();
      return;
    }
    setError(
      result.outcome === "incorrect"
        ? t("landing.events.incorrect")
        : result.outcome === "rate-limited"
          ? t("landing.events.tooMany")
          : t("landing.events.failed"),
    );
    setPassword("");
    inputRef.current?.focus();
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      content={content}
      title={t("landing.events.passwordTitle")}
      description={t("landing.events.passwordDescription")}
      onSubmit={submit}
      noValidate
      cancel={t("landing.events.cancel")}
      confirm={gate.pending ? t("landing.events.checking") : t("landing.events.submit")}
      disabled={gate.pending}
    >
      <FormField id={inputId} label={t("landing.events.password")}>
        <Input
          ref={inputRef}
          id={inputId}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <p id={errorId} role="alert" className="min-h-5 text-sm font-medium text-destructive">
          {error}
        </p>
      </FormField>
    </FormDialog>
  );
}

interface CalendlyApi {
  initInlineWidget(options: { url: string; parentElement: HTMLElement }): void;
}
declare global {
  interface Window {
    Calendly?: CalendlyApi;
  }
}

let bookingScript: Promise<CalendlyApi> | null = null;

/** Loads the booking widget script once, on demand; rejects when it fails or takes over 15 s. */
function loadBookingWidget(): Promise<CalendlyApi> {
  if (window.Calendly) return Promise.resolve(window.Calendly);
  bookingScript ??= new Promise<CalendlyApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SITE_CONFIG.bookingWidgetScriptUrl;
    script.async = true;
    const timer = window.setTimeout(() => reject(new Error("booking widget timed out")), 15_000);
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.Calendly) resolve(window.Calendly);
      else reject(new Error("booking widget did not initialise"));
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error("booking widget failed to load"));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    bookingScript = null;
    throw error;
  });
  return bookingScript;
}

type BookingState = "idle" | "loading" | "ready" | "failed";

function SchedulingDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: EventsDialogsProps & { onCloseAutoFocus: (event: Event) => void }) {
  const { t } = useTranslation();
  const [booking, setBooking] = useState<BookingState>("idle");
  const widgetRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) setBooking("idle");
  }, [open]);

  useEffect(() => {
    if (booking !== "loading") return;
    let cancelled = false;
    loadBookingWidget().then(
      (calendly) => {
        if (cancelled || !widgetRef.current) return;
        calendly.initInlineWidget({ url: SITE_CONFIG.bookingUrl, parentElement: widgetRef.current });
        setBooking("ready");
      },
      () => {
        if (!cancelled) setBooking("failed");
      },
    );
    return () => {
      cancelled = true;
    };
  }, [booking]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={booking === "idle" ? "max-w-xl" : "max-w-3xl"}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{t("landing.events.scheduleTitle")}</DialogTitle>
          <DialogDescription>{t("landing.events.scheduleDescription")}</DialogDescription>
        </DialogHeader>
        {booking === "idle" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <button
              type="button"
              onClick={() => setBooking("loading")}
              className="grid gap-2 rounded-2xl border border-border p-5 text-left shadow-sm transition-colors hover:border-primary hover:bg-secondary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <CalendarDays className="size-6 text-primary" aria-hidden="true" />
              <span className="font-semibold">{t("landing.events.bookMeeting")}</span>
              <span className="text-sm text-muted-foreground">{t("landing.events.bookMeetingText")}</span>
            </button>
            <a
              href={SITE_CONFIG.videoCallUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="grid gap-2 rounded-2xl border border-border p-5 text-left shadow-sm transition-colors hover:border-primary hover:bg-secondary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Video className="size-6 text-primary" aria-hidden="true" />
              <span className="font-semibold">{t("landing.events.instantMeeting")}</span>
              <span className="text-sm text-muted-foreground">{t("landing.events.instantMeetingText")}</span>
              <span className="sr-only">{t("landing.nav.opensInNewTab")}</span>
            </a>
          </div>
        ) : (
          <div className="grid gap-3">
            {booking === "loading" ? (
              <p role="status" className="text-sm text-muted-foreground">
                {t("landing.events.loadingWidget")}
              </p>
            ) : null}
            {booking === "failed" ? (
              <div role="alert" className="grid gap-3 rounded-xl border border-border bg-muted/50 p-4">
                <p className="text-sm">{t("landing.events.widgetFailed")}</p>
                <Button asChild variant="outline" className="justify-self-start">
                  <a href={SITE_CONFIG.bookingUrl} target="_blank" rel="noopener noreferrer">
                    {t("landing.events.openBooking")}
                    <ExternalLink aria-hidden="true" />
                    <span className="sr-only">{t("landing.nav.opensInNewTab")}</span>
                  </a>
                </Button>
              </div>
            ) : null}
            <div
              ref={widgetRef}
              className={
                booking === "ready" ? "h-[min(630px,70dvh)] min-w-0 overflow-hidden rounded-xl" : "hidden"
              }
            />
            <Button variant="ghost" className="justify-self-start" onClick={() => setBooking("idle")}>
              {t("landing.events.back")}
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
