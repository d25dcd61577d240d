import type { RetailerDemoSettings } from "@common/api/demo-registrations";
import {
  checkRegistrationRules,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  REGISTRATION_FAILURES,
  type RegistrationFields,
} from "@common/demo-registration-rules";
import { PRIVACY_NOTICE_PATHS, PRIVACY_NOTICE_VERSION } from "@common/privacy";
import type { RetailerDemo } from "@common/retailer-demos";
import { EMAIL_MAX_LENGTH } from "@common/validation";
import { type ComponentProps, type FormEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { toast } from "~/hooks/use-toast";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { submittedText, typedBeforeHydration } from "~/lib/typed-before-hydration";
import { submitRegistration } from "./api/registration";
import { newRegistrationId, savePending } from "./pending-registrations";
import { TermsDialog } from "./terms-dialog";

/**
 * The shared zod validation (`@common/demo-registration`), loaded on first use: the form's first
 * focus, or the submit (zod 4 builds its schemas when evaluated: ADR 0023, off the page's startup
 * path). A failed load is forgotten, so the next attempt fetches again.
 */
let validation: Promise<typeof import("@common/demo-registration")> | null = null;
function loadValidation() {
  validation ??= import("@common/demo-registration").catch((error: unknown) => {
    validation = null;
    throw error;
  });
  return validation;
}
const preloadValidation = () => void loadValidation().catch(() => {});

/**
 * Checks the fields with the shared schema. When it cannot be fetched (the connection dropped
 * before the form was first used), the same rules run without zod, so an offline registration is
 * still captured for resending (docs/product.md#8-messages).
 */
async function validateFields(fields: RegistrationFields, domain: string) {
  try {
    const { validateRegistration } = await loadValidation();
    return validateRegistration(fields, domain);
  } catch {
    return checkRegistrationRules(fields, domain);
  }
}

const EMPTY: RegistrationFields = { firstName: "", lastName: "", email: "", phone: "", acceptTerms: false };

type TextName = Exclude<keyof RegistrationFields, "acceptTerms">;
/** The text fields as the page renders them: empty. */
const EMPTY_TEXT: Record<TextName, string> = { firstName: "", lastName: "", email: "", phone: "" };

/**
 * The four text fields' own attributes: the id's suffix, the input type and autocomplete hints,
 * and the length limit of docs/product.md#5-validation. Each is required, named after its
 * field and labelled `retailerDemo.<name>`.
 */
const TEXT_FIELDS = {
  firstName: { suffix: "first", autoComplete: "given-name", maxLength: NAME_MAX_LENGTH },
  lastName: { suffix: "last", autoComplete: "family-name", maxLength: NAME_MAX_LENGTH },
  email: {
    suffix: "email",
    type: "email",
    inputMode: "email",
    autoComplete: "email",
    maxLength: EMAIL_MAX_LENGTH,
  },
  phone: { suffix: "phone", type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: PHONE_MAX_LENGTH },
} as const satisfies Record<TextName, { suffix: string; maxLength: number } & ComponentProps<"input">>;

/**
 * The registration form (docs/product.md#2-pages, #4-states, #5-validation, #8-messages): validates in the documented order with its toasts,
 * sends with a 15 s timeout, and treats a network failure as captured (saved for resending).
 * One registrationId is kept until the server confirms, so a retry after a timeout is idempotent.
 * @param onDone called with `pending` true when the registration was saved for resending
 */
export function RegistrationForm({
  demo,
  settings,
  onDone,
}: {
  demo: RetailerDemo;
  settings: RetailerDemoSettings;
  onDone: (result: { pending: boolean }) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const [fields, setFields] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const registrationId = useRef<string | null>(null);
  /** Set while a submit is being handled, before `submitting` renders (the validation may still be loading). */
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  // What was typed before the page's script hydrated the form (static HTML until first use),
  // read in the commit that hydrated it.
  useLayoutEffect(() => {
    const typed = typedBeforeHydration(formRef.current, EMPTY_TEXT);
    if (Object.keys(typed).length > 0) setFields((current) => ({ ...current, ...typed }));
  }, []);

  const set = <K extends keyof RegistrationFields>(key: K, value: RegistrationFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    // The form's own text (a submit made before hydration may run before it reached the state).
    const form = event.currentTarget;
    const current = { ...fields };
    for (const name of Object.keys(EMPTY_TEXT) as TextName[])
      current[name] = submittedText(form, name, fields[name]);
    try {
      await submit(current);
    } finally {
      busy.current = false;
    }
  }

  async function submit(fields: RegistrationFields) {
    const checked = await validateFields(fields, settings.emailDomain);
    if (!checked.ok) {
      // The page's language: the failure's texts from the catalog, found by its code.
      const rule = (Object.keys(REGISTRATION_FAILURES) as (keyof typeof REGISTRATION_FAILURES)[]).find(
        (key) => REGISTRATION_FAILURES[key].code === checked.failure.code,
      );
      toast({
        title: rule ? t(`retailerDemo.validation.${rule}.title`) : checked.failure.title,
        description: rule ? t(`retailerDemo.validation.${rule}.message`) : checked.failure.message,
        variant: "destructive",
      });
      return;
    }
    registrationId.current ??= newRegistrationId();
    const body = {
      ...checked.value,
      registrationId: registrationId.current,
      timestamp: new Date().toISOString(),
      // The confirmation email goes out in the page's language (ADR 0025).
      language,
      // The notice this form links to, recorded with the registration.
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    };
    setSubmitting(true);
    const outcome = await submitRegistration(demo.slug, body);
    setSubmitting(false);
    const errorTitle = t("retailerDemo.errors.title");
    switch (outcome.kind) {
      case "ok":
        registrationId.current = null;
        setFields(EMPTY);
        onDone({ pending: false });
        return;
      case "network":
        savePending({ slug: demo.slug, body });
        registrationId.current = null;
        setFields(EMPTY);
        toast({
          title: t("retailerDemo.errors.connectionTitle"),
          description: t("retailerDemo.errors.connection"),
        });
        onDone({ pending: true });
        return;
      case "timeout":
        toast({ title: errorTitle, description: t("retailerDemo.errors.timeout"), variant: "destructive" });
        return;
      case "server":
        toast({
          title: errorTitle,
          description: outcome.message ?? t("retailerDemo.errors.server"),
          variant: "destructive",
        });
        return;
      default:
        toast({ title: errorTitle, description: t("retailerDemo.errors.generic"), variant: "destructive" });
    }
  }

  const hintId = `${id}-email-hint`;
  const termsLabelId = `${id}-terms-label`;
  const termsLinkId = `${id}-terms-link`;
  /** One text field of TEXT_FIELDS, with `extra` attributes (the email's placeholder and hint). */
  const textField = (name: TextName, extra?: Partial<ComponentProps<typeof TextField>>) => {
    const { suffix, ...attributes } = TEXT_FIELDS[name];
    return (
      <TextField
        id={`${id}-${suffix}`}
        label={t(`retailerDemo.${name}`)}
        name={name}
        required
        {...attributes}
        {...extra}
        value={fields[name]}
        onChange={(e) => set(name, e.target.value)}
      />
    );
  };
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onFocus={preloadValidation} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {textField("firstName")}
        {textField("lastName")}
      </div>
      {textField("email", {
        placeholder: `name@${settings.emailDomain}`,
        "aria-describedby": hintId,
        after: (
          <p id={hintId} className="text-sm text-muted-foreground">
            {t("retailerDemo.emailHint", { domain: settings.emailDomain })}
          </p>
        ),
      })}
      {textField("phone")}
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-terms`}
          className="mt-0.5"
          checked={fields.acceptTerms}
          onCheckedChange={(checked) => set("acceptTerms", checked === true)}
          aria-labelledby={`${termsLabelId} ${termsLinkId}`}
        />
        <p className="text-sm leading-6">
          <label id={termsLabelId} htmlFor={`${id}-terms`} className="cursor-pointer">
            {t("retailerDemo.acceptPrefix")}
          </label>{" "}
          <TermsDialog demo={demo} triggerId={termsLinkId} onAgree={() => set("acceptTerms", true)} />
        </p>
      </div>
      <p className="text-sm text-muted-foreground">
        {/* A new tab, so what she typed stays here (docs/product.md#11-lead-attribution-and-privacy-notice). */}
        {t("retailerDemo.privacyNote")}{" "}
        <a
          className="font-medium text-foreground underline underline-offset-2"
          href={PRIVACY_NOTICE_PATHS[language]}
          target="_blank"
          rel="noopener"
        >
          {t("retailerDemo.privacyLink")} <span className="sr-only">{t("landing.nav.opensInNewTab")}</span>
        </a>
      </p>
      <Button type="submit" size="lg" disabled={submitting} className="w-full">
        {submitting ? t("retailerDemo.submitting") : t("retailerDemo.submit")}
      </Button>
    </form>
  );
}
