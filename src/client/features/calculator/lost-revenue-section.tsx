import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { Card, CardContent } from "~/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { useTranslation } from "~/lib/react-i18n";
import type { TextField } from "./content";
import { Figures } from "./figure";
import { LOST_REVENUE_FIGURES } from "./figures";
import { NumberFields } from "./number-field";
import type { CalculatorSectionProps } from "./use-calculator-form";

const FIELDS = ["months", "currentPerStore", "hourlyRate", "stores"] as const satisfies readonly TextField[];

/**
 * The Lost Revenue section (docs/product.md#2-pages, #3-records, #9-constants): collapsed by default; its four inputs and the lost
 * revenue over all stores and months. Printing shows it even when collapsed.
 */
export function LostRevenueSection({ form, onChange, results }: CalculatorSectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card className="calc-section">
      <Collapsible open={open} onOpenChange={setOpen}>
        <h2 className="text-xl font-semibold leading-tight tracking-tight">
          <CollapsibleTrigger className="group flex min-h-11 w-full items-center justify-between gap-4 rounded-2xl p-6 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <span>{t("calculator.lostRevenueTitle")}</span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
            />
          </CollapsibleTrigger>
        </h2>
        {/* Always mounted, with `hidden` while closed, so the print summary can still show it. */}
        <CollapsibleContent forceMount hidden={!open} className="calc-collapsible">
          <CardContent className="grid gap-6">
            <p className="text-sm text-muted-foreground">{t("calculator.lostRevenueIntro")}</p>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <NumberFields fields={FIELDS} form={form} onChange={onChange} />
            </div>
            <Figures figures={LOST_REVENUE_FIGURES} results={results} className="grid" />
          </CardContent>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
