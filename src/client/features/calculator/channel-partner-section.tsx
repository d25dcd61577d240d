import type { ChannelPartnerContent, ChannelPartnerLabels } from "@common/api/gates";
import { GATE_PASSWORD_MAX_LENGTH, SHAKE_DURATION_MS } from "@common/limits";
import { clsx } from "clsx";
import { Loader2, Lock } from "lucide-react";
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { rereadChannelPartnerContent, useGateCheck } from "~/hooks/use-gate-check";
import { useTranslation } from "~/lib/react-i18n";
import { CHANNEL_PARTNER_UNLOCKED_KEY, type TextField } from "./content";
import { type FigureSpec, Figures } from "./figure";
import { NumberFields } from "./number-field";
import type { CalculatorSectionProps } from "./use-calculator-form";

const FIELDS = ["partnerCommissionPercentage", "storesInBrand"] as const satisfies readonly TextField[];
const FIGURES: readonly FigureSpec[] = [
  { name: "commissionPerStore", kind: "money", perMonth: true },
  { name: "totalPartnerCommission", kind: "money", perMonth: true, highlight: true },
];

/**
 * Whether this browser session gave the password before: only a hint to ask the server for the
 * content again (ADR 0035). The flag unlocks nothing by itself; the server's pass cookie does.
 */
function passHinted(): boolean {
  try {
    return window.sessionStorage.getItem(CHANNEL_PARTNER_UNLOCKED_KEY) === "1";
  } catch {
    return false; // storage blocked: ask for the password again
  }
}

function setPassHint(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(CHANNEL_PARTNER_UNLOCKED_KEY, "1");
    else window.sessionStorage.removeItem(CHANNEL_PARTNER_UNLOCKED_KEY);
  } catch {
    // storage blocked: the next page view asks for the password again
  }
}

/**
 * The message for a check that failed: the server's, translated (lib/api.ts `errorMessage`), else
 * `fallback`. The error catalog loads with this first failure, not with the page (the calculator
 * hydrates at load for a session that gave the password, within the page's script budget).
 */
async function failureMessage(failure: unknown, fallback: string): Promise<string> {
  try {
    const { errorMessage } = await import("~/lib/api");
    return errorMessage(failure, fallback);
  } catch {
    return fallback; // the code could not load (offline)
  }
}

/** The section's labels in the page's language (English for any other). */
function labelsIn(content: ChannelPartnerContent, language: string): ChannelPartnerLabels {
  return language === "es" ? content.es : content.en;
}

/**
 * Starts the panel's `calc-shake` animation (calculator.css) over, so a wrong attempt made while
 * the panel is still flagged shakes again: the class is already on, so the browser would not
 * restart it by itself. Under reduced motion the CSS runs no shake and this changes nothing.
 */
function restartShake(panel: HTMLElement | null): void {
  if (!panel) return;
  panel.style.animationName = "none";
  // Reading the computed style applies "none" now; clearing it then starts the shake afresh.
  void getComputedStyle(panel).animationName;
  panel.style.animationName = "";
}

/**
 * The Channel Partner section (docs/product.md#2-pages, #4-states, #5-validation, #9-constants): locked behind a password the server checks
 * (`POST /api/gates/channel-partner`, through {@link useGateCheck}). A wrong password clears the field, shows 'Incorrect
 * password. Please try again.' and shakes and reddens the panel for 2 s (no shake under reduced
 * motion). The section's labels are confidential, so they are not in the bundle: the server sends
 * them with its acceptance of the password and, for the rest of the browser session, to a browser
 * holding its pass cookie (ADR 0035); a sessionStorage flag only says to ask it again. Unlocked,
 * it shows the partner's commission per store and in total.
 */
export function ChannelPartnerSection({ form, onChange, results }: CalculatorSectionProps) {
  const { t, i18n } = useTranslation();
  /** The section's labels from the server (ADR 0035): the section is unlocked once they are here. */
  const [content, setContent] = useState<ChannelPartnerContent | null>(null);
  const unlocked = content !== null;
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  /** Counts wrong attempts while the feedback shows; each new one restarts the shake and the 2 s. */
  const [wrongAttempt, setWrongAttempt] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const gate = useGateCheck("channel-partner");
  const percentageRef = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const focusAfterUnlock = useRef(false);
  const passwordId = useId();
  const errorId = useId();

  // A password typed before the page's script hydrated the section (static HTML until first
  // use), read in the commit that hydrated it, before any render could clear the field.
  useLayoutEffect(() => {
    const typed = passwordInput.current?.value;
    if (typed) setPassword(typed);
  }, []);

  useEffect(() => {
    if (!passHinted()) return;
    let current = true;
    // The pass cookie is HttpOnly: only the server can tell whether it still holds.
    void rereadChannelPartnerContent().then((served) => {
      if (!current) return;
      if (served) setContent(served);
      else setPassHint(false);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (wrongAttempt === 0) return;
    restartShake(panelRef.current);
    const timer = window.setTimeout(() => setWrongAttempt(0), SHAKE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [wrongAttempt]);

  useEffect(() => {
    if (unlocked && focusAfterUnlock.current) {
      focusAfterUnlock.current = false;
      percentageRef.current?.focus();
    }
  }, [unlocked]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field's own text (a submit made before hydration may run before it reached the state).
    const result = await gate.check(passwordInput.current?.value ?? password);
    if (!result) return;
    if (result.outcome === "unlocked" && result.content) {
      setPassHint(true);
      setError(null);
      setPassword("");
      focusAfterUnlock.current = true;
      setContent(result.content);
    } else if (result.outcome === "unlocked") {
      // Accepted, but no content came back (an older server): say the check failed.
      setError(t("calculator.gateFailed"));
    } else if (result.outcome === "incorrect") {
      setPassword("");
      setError(t("calculator.incorrectPassword"));
      setWrongAttempt((n) => n + 1);
    } else {
      setError(await failureMessage(result.failure, t("calculator.gateFailed")));
    }
  };

  const flagged = wrongAttempt > 0;
  return (
    <Card
      ref={panelRef}
      data-state={flagged ? "error" : undefined}
      variant={flagged ? "destructive" : "default"}
      className={clsx(
        "calc-section transition-colors duration-200",
        !unlocked && "calc-no-print",
        flagged && "calc-shake",
      )}
    >
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {unlocked ? null : <Lock aria-hidden="true" className="size-5 text-muted-foreground" />}
          {t("calculator.channelPartnerTitle")}
        </CardTitle>
        {unlocked ? null : <CardDescription>{t("calculator.channelPartnerLocked")}</CardDescription>}
      </CardHeader>
      <CardContent>
        {content ? (
          <div className="grid gap-6">
            <div className="grid gap-4 sm:grid-cols-2">
              <NumberFields
                fields={FIELDS}
                form={form}
                onChange={onChange}
                firstRef={percentageRef}
                labels={labelsIn(content, i18n.language)}
              />
            </div>
            <Figures
              figures={FIGURES}
              results={results}
              className="grid gap-4 sm:grid-cols-2"
              labels={labelsIn(content, i18n.language)}
            />
          </div>
        ) : (
          <form onSubmit={onSubmit} className="calc-no-print grid gap-3 sm:max-w-md" noValidate>
            <Label htmlFor={passwordId}>{t("calculator.password")}</Label>
            <div className="flex gap-2">
              <Input
                ref={passwordInput}
                id={passwordId}
                type="password"
                autoComplete="off"
                maxLength={GATE_PASSWORD_MAX_LENGTH}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              <Button type="submit" disabled={gate.pending} className="shrink-0">
                {gate.pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                {gate.pending ? t("calculator.checking") : t("calculator.unlock")}
              </Button>
            </div>
            <p id={errorId} role="alert" className="min-h-6 text-sm font-medium text-destructive">
              {error}
            </p>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
