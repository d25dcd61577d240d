import type { LeadRequest, PlanTitle } from "@common/api/leads";
import { type LeadFields, validateLead } from "@common/lead-rules";
import { MODAL_RESET_MS } from "@common/limits";
import { PRIVACY_NOTICE_PATHS, PRIVACY_NOTICE_VERSION } from "@common/privacy";
import { PartyPopper, WifiOff } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { savePendingLead } from "~/features/leads/api/pending-leads";
import { sendGetStartedEmail } from "~/features/leads/api/send-get-started-email";
import { toast } from "~/hooks/use-toast";
import { ApiError } from "~/lib/api";
import { readAttribution } from "~/lib/attribution";
import { celebrate } from "~/lib/confetti";
import { addCatalog } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { enLandingDialogs } from "~/locales/en-landing-dialogs";
import { TextField } from "./form-field";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog";

// The dialog texts load with the dialog (first-load budget, ADR 0008).
addCatalog({ landing: enLandingDialogs });

interface GetStartedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan the visitor chose (docs/product.md#3-records): sent as `planTitle`. */
  plan: PlanTitle;
}

const EMPTY: LeadFields = { firstName: "", lastName: "", company: "", phone: "", email: "" };

/** The five fields in the order of docs/product.md#3-records, with their autocomplete hints and input types. */
const FIELDS = [
  { name: "firstName", autoComplete: "given-name", type: "text" },
  { name: "lastName", autoComplete: "family-name", type: "text" },
  { name: "company", autoComplete: "organization", type: "text" },
  { name: "phone", autoComplete: "tel", type: "tel" },
  { name: "email", autoComplete: "email", type: "email" },
] as const;

/** Toast keys for each validation failure of `validateLead` (docs/product.md#5-validation). */
const FAILURE_TOASTS = {
  required: ["landing.getStarted.required", "landing.getStarted.requiredText"],
  email: ["landing.getStarted.invalidEmail", "landing.getStarted.invalidEmailText"],
  phone: ["landing.getStarted.invalidPhone", "landing.getStarted.invalidPhoneText"],
} as const;

type Status = "form" | "submitting" | "success";
type FieldName = (typeof FIELDS)[number]["name"];

/**
 * The fields a validation failure marks, with the message under each (docs/product.md#5-validation;
 * the toast keeps the spec's words): every empty field, or the email, or the phone.
 */
function invalidFields(
  failure: NonNullable<ReturnType<typeof validateLead>>,
  fields: LeadFields,
): Partial<Record<FieldName, string>> {
  if (failure === "email") return { email: "landing.getStarted.invalidEmailText" };
  if (failure === "phone") return { phone: "landing.getStarted.invalidPhoneText" };
  return Object.fromEntries(
    FIELDS.filter((field) => !fields[field.name].trim()).map((field) => [field.name, "common.fieldRequired"]),
  );
}

/**
 * The Get Started modal (docs/product.md#2-pages, #4-states, #5-validation, #8-messages): the lead form for a chosen plan. Validation runs
 * in the order of docs/product.md#5-validation with its toasts; then form → 'Processing...' → 'Thank You!' with confetti.
 * The invalid fields are marked (`aria-invalid`, a message under each). A server's refusal keeps
 * the form and shows 'Something went wrong'; no answer at all (offline) captures the lead, sends
 * it when the connection is back and shows the Thank You view with the connection notice
 * (ADR 0081, a departure recorded in ADR 0082). 300 ms after closing, the success
 * flag and the fields reset. Sends the lead with {@link sendGetStartedEmail}, with the visit's
 * attribution ({@link readAttribution}) and the privacy notice version the form states
 * (docs/product.md#11-lead-attribution-and-privacy-notice).
 */
export function GetStartedDialog({ open, onOpenChange, plan }: GetStartedDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [fields, setFields] = useState<LeadFields>(EMPTY);
  const [website, setWebsite] = useState("");
  const [status, setStatus] = useState<Status>("form");
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  /** The lead waits to be resent: the Thank You view says so. */
  const [captured, setCaptured] = useState(false);
  const clearConfetti = useRef<(() => void) | null>(null);
  const idPrefix = useId();

  const succeeded = useRef(false);
  succeeded.current = status === "success";

  useEffect(() => {
    const reset = () => {
      setStatus("form");
      setFields(EMPTY);
      setWebsite("");
      setErrors({});
      setCaptured(false);
    };
    if (open) {
      // Reopened within the 300 ms after a success: start from a fresh form, not the Thank You view.
      if (succeeded.current) reset();
      return;
    }
    clearConfetti.current?.();
    clearConfetti.current = null;
    const timer = window.setTimeout(reset, MODAL_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  useEffect(() => () => clearConfetti.current?.(), []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (status === "submitting") return;
    const failure = validateLead(fields);
    setErrors(failure ? invalidFields(failure, fields) : {});
    if (failure) {
      const [title, description] = FAILURE_TOASTS[failure];
      toast({ title: t(title), description: t(description), variant: "destructive" });
      return;
    }
    setStatus("submitting");
    const body: LeadRequest = {
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      company: fields.company.trim(),
      phone: fields.phone.trim(),
      email: fields.email.trim(),
      planTitle: plan,
      website,
      // The confirmation email goes out in the page's language (ADR 0025).
      language,
      ...readAttribution(),
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    };
    const celebrateNow = () =>
      celebrate().then(
        (clear) => {
          clearConfetti.current = clear;
        },
        () => {
          // Confetti is decoration: a failed chunk load changes nothing for the visitor.
        },
      );
    try {
      await sendGetStartedEmail(body);
      setStatus("success");
      void celebrateNow();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // No answer at all: captured, and sent once the connection is back (ADR 0081).
        savePendingLead(body);
        setCaptured(true);
        setStatus("success");
        toast({
          title: t("landing.getStarted.connectionTitle"),
          description: t("landing.getStarted.connection"),
        });
        void celebrateNow();
        return;
      }
      setStatus("form");
      toast({
        title: t("landing.getStarted.failed"),
        description: t("landing.getStarted.failedText"),
        variant: "destructive",
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg overflow-y-auto">
        {status === "success" ? (
          <div className="grid justify-items-center gap-3 py-4 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
              <PartyPopper className="size-7" aria-hidden="true" />
            </span>
            <DialogTitle className="text-2xl font-bold">{t("landing.getStarted.thankYou")}</DialogTitle>
            <DialogDescription className="text-base text-foreground">
              {t("landing.getStarted.congratulations")}
            </DialogDescription>
            <p className="text-sm text-muted-foreground">{t("landing.getStarted.reachOut")}</p>
            {captured && (
              <p
                role="status"
                className="flex items-start gap-2 rounded-xl border border-warning bg-warning/15 p-3 text-left text-sm text-foreground"
              >
                <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{t("landing.getStarted.pendingNotice")}</span>
              </p>
            )}
            <Button className="mt-2" onClick={() => onOpenChange(false)}>
              {t("landing.getStarted.close")}
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <DialogHeader>
              <DialogTitle className="text-xl">{t("landing.getStarted.title")}</DialogTitle>
              <DialogDescription>{t("landing.getStarted.description", { plan })}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map((field) => (
                <TextField
                  key={field.name}
                  className={
                    field.name === "email" || field.name === "company"
                      ? "grid gap-2 sm:col-span-2"
                      : "grid gap-2"
                  }
                  id={`${idPrefix}-${field.name}`}
                  label={t(`landing.getStarted.${field.name}`)}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  required
                  value={fields[field.name]}
                  error={errors[field.name] ? t(errors[field.name] as string) : undefined}
                  onChange={(event) => {
                    setFields((current) => ({ ...current, [field.name]: event.target.value }));
                    // Her edit answers the message: it goes until the next submit.
                    setErrors(({ [field.name]: _answered, ...rest }) => rest);
                  }}
                />
              ))}
              {/* Honeypot: hidden from people, so only bots fill it in. */}
              <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
                <label htmlFor={`${idPrefix}-website`}>{t("landing.getStarted.website")}</label>
                <input
                  id={`${idPrefix}-website`}
                  name="website"
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  value={website}
                  onChange={(event) => setWebsite(event.target.value)}
                />
              </div>
            </div>
            <p className="text-xs text-muted-foreground">
              {/* A new tab, so what she typed stays here (docs/product.md#11-lead-attribution-and-privacy-notice). */}
              {t("landing.getStarted.privacyNote")}{" "}
              <a
                className="font-medium text-foreground underline underline-offset-2"
                href={PRIVACY_NOTICE_PATHS[language]}
                target="_blank"
                rel="noopener"
              >
                {t("landing.getStarted.privacyLink")}{" "}
                <span className="sr-only">{t("landing.nav.opensInNewTab")}</span>
              </a>
            </p>
            <Button type="submit" size="lg" pending={status === "submitting"}>
              {status === "submitting" ? t("landing.getStarted.processing") : t("landing.getStarted.submit")}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
