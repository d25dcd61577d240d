import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { SitePage } from "~/components/site-page";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { Calculator } from "./calculator";

/**
 * The revenue calculator page (docs/product.md#2-pages, #3-records, #5-validation, #9-constants; ADR 0007), inside the site
 * header and footer (docs/product.md#2-pages): Home link and Get Started button; the main calculator (average receipt, monthly receipts, months since launch
 * 1–7) with its four results and a chart by month; the collapsible Lost Revenue section; the
 * password-gated Channel Partner section; the estimates disclaimer. Every figure comes from
 * `calculate` in src/common/calculator.ts and updates as the user types.
 *
 * Rendered to static HTML (the public site is static pages with islands): the Home link, the
 * headings and the disclaimer need no script. Get Started is a dialog trigger in the HTML
 * (`data-dialog-trigger`, the site's dialog trigger script opens the Get Started dialog with the
 * Optimal plan). The interactive part, {@link Calculator}, is `children` when the page passes it
 * as an island, or rendered in place.
 */
export function CalculatorPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();

  return (
    <SitePage className="calc-root bg-gradient-to-b from-secondary/70 via-background to-background">
      {/* `content-start`: main fills the window's height (flex-1), and a grid stretches its rows to
          fill it. A slow phone paints the page before all of its HTML is in; stretched, the first
          rows would stand hundreds of pixels lower, then jump up when the calculator arrives (a
          layout shift; no shift from loading, ADR 0010). Packed at the top, each row stays put. */}
      <main
        id="main"
        className="calc-page mx-auto grid w-full max-w-[1200px] flex-1 content-start gap-6 px-4 pt-6 pb-16 sm:px-6"
      >
        <div className="calc-no-print flex items-center justify-between gap-2">
          <Button asChild variant="ghost">
            <a href={localize("/")}>
              <ArrowLeft aria-hidden="true" />
              {t("calculator.home")}
            </a>
          </Button>
          <Button type="button" aria-haspopup="dialog" data-dialog-trigger="get-started" data-plan="Optimal">
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

        {children ?? <Calculator />}

        <p className="text-sm text-muted-foreground">{t("calculator.disclaimer")}</p>
      </main>
    </SitePage>
  );
}
