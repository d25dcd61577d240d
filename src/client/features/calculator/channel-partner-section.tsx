import { GATE_PASSWORD_MAX_LENGTH, SHAKE_DURATION_MS } from "@common/limits";
import { clsx } from "clsx";
import { Loader2, Lock } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useGateCheck } from "~/hooks/use-gate-check";
import { errorMessage } from "~/lib/api";
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

function readUnlocked(): boolean {
  try {
    return window.sessionStorage.getItem(CHANNEL_PARTNER_UNLOCKED_KEY) === "1";
  } catch {
    return false; // storage blocked: stay locked
  }
}

function rememberUnlocked(): void {
  try {
    window.sessionStorage.setItem(CHANNEL_PARTNER_UNLOCKED_KEY, "1");
  } catch {
    // storage blocked: unlocked for this page view only
  }
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
 * motion). Once unlocked it stays so for the browser session (sessionStorage) and shows the
 * partner's commission per store and in total.
 */
export function ChannelPartnerSection({ form, onChange, results }: CalculatorSectionProps) {
  const { t } = useTranslation();
  const [unlocked, setUnlocked] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  /** Counts wrong attempts while the feedback shows; each new one restarts the shake and the 2 s. */
  const [wrongAttempt, setWrongAttempt] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const gate = useGateCheck("channel-partner");
  const percentageRef = useRef<HTMLInputElement>(null);
  const focusAfterUnlock = useRef(false);
  const passwordId = useId();
  const errorId = useId();

  useEffect(() => {
    if (readUnlocked()) setUnlocked(true);
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await gate.check(password);
    if (!result) return;
    if (result.outcome === "unlocked") {
      rememberUnlocked();
      setError(null);
      setPassword("");
      focusAfterUnlock.current = true;
      setUnlocked(true);
    } else if (result.outcome === "incorrect") {
      setPassword("");
      setError(t("calculator.incorrectPassword"));
      setWrongAttempt((n) => n + 1);
    } else {
      setError(errorMessage(result.failure, t("calculator.gateFailed")));
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
        {unlocked ? (
          <div className="grid gap-6">
            <div className="grid gap-4 sm:grid-cols-2">
              <NumberFields fields={FIELDS} form={form} onChange={onChange} firstRef={percentageRef} />
            </div>
            <Figures figures={FIGURES} results={results} className="grid gap-4 sm:grid-cols-2" />
          </div>
        ) : (
          <form onSubmit={onSubmit} className="calc-no-print grid gap-3 sm:max-w-md" noValidate>
            <Label htmlFor={passwordId}>{t("calculator.password")}</Label>
            <div className="flex gap-2">
              <Input
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
