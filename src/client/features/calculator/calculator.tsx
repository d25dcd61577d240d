import { calculate, MONTHS_MAX, MONTHS_MIN, MONTHS_STEP } from "@common/calculator";
import { Link2, Printer } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Slider } from "~/components/ui/slider";
import { toast } from "~/hooks/use-toast";
import { useTranslation } from "~/lib/react-i18n";
import { ChannelPartnerSection } from "./channel-partner-section";
import { Figures } from "./figure";
import { MAIN_FIGURES } from "./figures";
import { LostRevenueSection } from "./lost-revenue-section";
import { NumberFields } from "./number-field";
import { RevenueChart } from "./revenue-chart";
import { calculatorInputs, urlWithForm } from "./share-link";
import { monthsValueText } from "./texts";
import { useCalculatorForm } from "./use-calculator-form";

const FIELDS = ["cartSize", "monthlyReceipts"] as const;
/**
 * The interactive part of the calculator page (docs/product.md#2-pages, #3-records, #9-constants; ADR 0007):
 * the inputs (average receipt, monthly receipts, months since launch 1–7) and the four results,
 * the chart by month, the Lost Revenue section and the Channel Partner section. Every figure
 * comes from `calculate` in src/common/calculator.ts and updates as the user types. It renders
 * as a grid's items (no box of its own: a `display: contents` wrapper), so the page lays it out.
 * The wrapper is also where {@link useCalculatorForm} finds what was typed before the page's
 * script ran.
 */
export function Calculator() {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const { form, setText, setMonthsSinceLaunch } = useCalculatorForm(root);
  const monthsLabelId = useId();
  const inputs = calculatorInputs(form);
  const results = calculate(inputs);
  const monthsText = monthsValueText(t, results.monthsSinceLaunch);

  /** Puts the link to these figures on the clipboard (ADR 0007: the gated percentage stays out). */
  const copyLink = async () => {
    const link = new URL(urlWithForm(window.location.href, form), window.location.href).href;
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t("calculator.linkCopiedTitle"), description: t("calculator.linkCopied") });
    } catch {
      // No clipboard (permission refused, an insecure page): the address bar holds the same link.
      window.history.replaceState(window.history.state, "", link);
      toast({
        title: t("calculator.copyFailedTitle"),
        description: t("calculator.copyFailed"),
        variant: "destructive",
      });
    }
  };

  return (
    <div ref={root} className="contents">
      <div className="grid gap-6 lg:grid-cols-12">
        <Card className="calc-section lg:col-span-5">
          <CardHeader>
            <CardTitle>{t("calculator.inputsTitle")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            <NumberFields fields={FIELDS} form={form} onChange={setText} />
            <div className="calc-slider grid gap-2">
              <div className="flex items-baseline justify-between gap-4">
                <Label id={monthsLabelId}>{t("calculator.monthsSinceLaunch")}</Label>
                <span
                  className="text-sm font-semibold tabular-nums"
                  data-testid="months-value"
                  data-months-value=""
                >
                  {monthsText}
                </span>
              </div>
              <Slider
                min={MONTHS_MIN}
                max={MONTHS_MAX}
                step={MONTHS_STEP}
                value={[results.monthsSinceLaunch]}
                onValueChange={([value]) => setMonthsSinceLaunch(value ?? MONTHS_MIN)}
                thumbProps={{ "aria-labelledby": monthsLabelId, "aria-valuetext": monthsText }}
                data-months-slider=""
              />
              <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
                <span>{MONTHS_MIN}</span>
                <span>{MONTHS_MAX}</span>
              </div>
            </div>
          </CardContent>
        </Card>

        <Card className="calc-section lg:col-span-7">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 p-6">
            <CardTitle>{t("calculator.resultsTitle")}</CardTitle>
            <div className="calc-no-print flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm-touch" onClick={() => void copyLink()}>
                <Link2 aria-hidden="true" />
                {t("calculator.copyLink")}
              </Button>
              <Button type="button" variant="outline" size="sm-touch" onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                {t("calculator.print")}
              </Button>
            </div>
          </div>
          <CardContent>
            <Figures figures={MAIN_FIGURES} results={results} className="grid gap-4 sm:grid-cols-2" />
          </CardContent>
        </Card>
      </div>

      <RevenueChart
        cartSize={inputs.cartSize}
        monthlyReceipts={inputs.monthlyReceipts}
        selectedMonth={results.monthsSinceLaunch}
      />

      <LostRevenueSection form={form} onChange={setText} results={results} />

      <ChannelPartnerSection form={form} onChange={setText} results={results} />
    </div>
  );
}
