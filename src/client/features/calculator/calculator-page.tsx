import { calculate, MONTHS_MAX, MONTHS_MIN, MONTHS_STEP, parseNumericInput } from "@common/calculator";
import { ArrowLeft, Printer } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Link } from "react-router";
import { SitePage } from "~/components/site-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Slider } from "~/components/ui/slider";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { ChannelPartnerSection } from "./channel-partner-section";
import { type FigureSpec, Figures } from "./figure";
import { LostRevenueSection } from "./lost-revenue-section";
import { NumberFields } from "./number-field";
import { RevenueChart } from "./revenue-chart";
import { useCalculatorForm } from "./use-calculator-form";

const FIELDS = ["cartSize", "monthlyReceipts"] as const;
/** The four main results (docs/product.md#3-records). */
const FIGURES: readonly FigureSpec[] = [
  { name: "monthlyAppVisits", kind: "count" },
  { name: "monthlyAverageAppCartSize", kind: "money" },
  { name: "monthlyIncreaseInRevenue", kind: "money", highlight: true },
  { name: "monthlyCommission", kind: "money" },
];

/** The Get Started (sign-up) dialog, loaded on first use so the page's first load stays light. */
const GetStartedDialog = lazy(() =>
  import("~/components/get-started-dialog").then((m) => ({ default: m.GetStartedDialog })),
);

/**
 * The revenue calculator page (docs/product.md#2-pages, #3-records, #5-validation, #9-constants; ADR 0007), inside the site
 * header and footer (docs/product.md#2-pages): Home link and Get Started button; the main calculator (average receipt, monthly receipts, months since launch
 * 1–7) with its four results and a chart by month; the collapsible Lost Revenue section; the
 * password-gated Channel Partner section; the estimates disclaimer. Every figure comes from
 * `calculate` in src/common/calculator.ts and updates as the user types.
 */
export function CalculatorPage() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const { form, setText, setMonthsSinceLaunch } = useCalculatorForm();
  const monthsLabelId = useId();
  const [getStartedOpen, setGetStartedOpen] = useState(false);
  const [getStartedUsed, setGetStartedUsed] = useState(false);
  const inputs = {
    cartSize: parseNumericInput(form.text.cartSize),
    monthlyReceipts: parseNumericInput(form.text.monthlyReceipts),
    monthsSinceLaunch: form.monthsSinceLaunch,
    months: parseNumericInput(form.text.months),
    currentPerStore: parseNumericInput(form.text.currentPerStore),
    hourlyRate: parseNumericInput(form.text.hourlyRate),
    stores: parseNumericInput(form.text.stores),
    partnerCommissionPercentage: parseNumericInput(form.text.partnerCommissionPercentage),
    storesInBrand: parseNumericInput(form.text.storesInBrand),
  };
  const results = calculate(inputs);
  const monthsText = t("calculator.monthsValue", { count: results.monthsSinceLaunch });

  return (
    <SitePage className="calc-root bg-gradient-to-b from-secondary/70 via-background to-background">
      <main
        id="main"
        className="calc-page mx-auto grid w-full max-w-[1200px] flex-1 gap-6 px-4 pt-6 pb-16 sm:px-6"
      >
        <div className="calc-no-print flex items-center justify-between gap-2">
          <Button asChild variant="ghost">
            <Link to={localize("/")}>
              <ArrowLeft aria-hidden="true" />
              {t("calculator.home")}
            </Link>
          </Button>
          <Button
            aria-haspopup="dialog"
            data-dialog-trigger="get-started"
            data-plan="Optimal"
            onClick={() => {
              setGetStartedUsed(true);
              setGetStartedOpen(true);
            }}
          >
            {t("calculator.getStarted")}
          </Button>
        </div>

        <div className="grid gap-2">
          <p className="font-semibold text-primary">{t("calculator.eyebrow")}</p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t("calculator.title")}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{t("calculator.subtitle")}</p>
        </div>

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
                  <span className="text-sm font-semibold tabular-nums" data-testid="months-value">
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
                />
                <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
                  <span>{MONTHS_MIN}</span>
                  <span>{MONTHS_MAX}</span>
                </div>
              </div>
            </CardContent>
          </Card>

          <Card className="calc-section lg:col-span-7">
            <div className="flex flex-row items-center justify-between gap-4 p-6">
              <CardTitle>{t("calculator.resultsTitle")}</CardTitle>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="calc-no-print"
                onClick={() => window.print()}
              >
                <Printer aria-hidden="true" />
                {t("calculator.print")}
              </Button>
            </div>
            <CardContent>
              <Figures figures={FIGURES} results={results} className="grid gap-4 sm:grid-cols-2" />
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

        <p className="text-sm text-muted-foreground">{t("calculator.disclaimer")}</p>
      </main>
      <Suspense fallback={null}>
        {getStartedUsed && (
          <GetStartedDialog open={getStartedOpen} onOpenChange={setGetStartedOpen} plan="Optimal" />
        )}
      </Suspense>
    </SitePage>
  );
}
