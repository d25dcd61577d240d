import type { LeadRequest, PlanTitle } from "@common/api/leads";
import { type LeadFields, validateLead } from "@common/lead-rules";
import { MODAL_RESET_MS } from "@common/limits";
import { PRIVACY_NOTICE_PATHS, PRIVACY_NOTICE_VERSION } from "@common/privacy";
import { PartyPopper } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { sendGetStartedEmail } from "~/features/leads/api/send-get-started-email";
import { toast } from "~/hooks/use-toast";
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

/**
 * The Get Started modal (docs/product.md#2-pages, #4-states, #5-validation, #8-messages): the lead form for a chosen plan. Validation runs
 * in the order of docs/product.md#5-validation with its toasts; then form → 'Processing...' → 'Thank You!' with confetti.
 * A failure keeps the form and shows 'Something went wrong'. 300 ms after closing, the success
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
  const clearConfetti = useRef<(() => void) | null>(null);
  const idPrefix = useId();

  const succeeded = useRef(false);
  succeeded.current = status === "success";

  useEffect(() => {
    const reset = () => {
      setStatus("form");
      setFields(EMPTY);
      setWebsite("");
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
    try {
      await sendGetStartedEmail(body);
      setStatus("success");
      celebrate().then(
        (clear) => {
          clearConfetti.current = clear;
        },
        () => {
          // Confetti is decoration: a failed chunk load changes nothing for the visitor.
        },
      );
    } catch {
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
                  onChange={(event) =>
                    setFields((current) => ({ ...current, [field.name]: event.target.value }))
                  }
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
            <Button type="submit" size="lg" disabled={status === "submitting"}>
              {status === "submitting" ? t("landing.getStarted.processing") : t("landing.getStarted.submit")}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
