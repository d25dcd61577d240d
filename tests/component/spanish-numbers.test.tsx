import { COMMISSION_RATE } from "@common/calculator";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CalculatorPage } from "~/features/calculator/calculator-page";
import { formatFigure } from "~/features/calculator/format";
import { formatDate } from "~/lib/format";
import { i18next, setPageLanguage } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { I18nextProvider } from "~/lib/react-i18n";
import { enCalculator } from "~/locales/en-calculator";
import { esCalculator } from "~/locales/es-calculator";
import { setupPage } from "../../src/site/layouts/page-language";

/**
 * Spanish pages write money, numbers, percentages and dates as United States Spanish does
 * (ADR 0040): "$53,820", not Spain's "53.820 $".
 */
afterEach(() => {
  setPageLanguage("en");
  window.history.replaceState(null, "", "/");
});

/** Renders /es/calculator with the app's real providers, in Spanish. */
function renderSpanishCalculator() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      throw new Error(`unexpected request to ${String(input)}`);
    }),
  );
  window.history.replaceState(null, "", "/es/calculator");
  const Stub = createRoutesStub([{ path: "/es/calculator", Component: CalculatorPage }]);
  // Texts registered and language set as the site page does (ADR 0064).
  setupPage("es", { calculator: enCalculator }, { calculator: esCalculator });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18next}>
        <Stub initialEntries={["/es/calculator"]} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("numbers on Spanish pages (ADR 0040)", () => {
  it("shows the calculator's dollars and counts as es-US writes them", async () => {
    renderSpanishCalculator();
    // The default figures: 5,200 visits, $53,820 a month, $7,335,456 lost over 12 months.
    expect(screen.getAllByText("Aumento mensual de ingresos").length).toBeGreaterThan(0);
    expect(screen.getByTestId("figure-monthlyAppVisits").textContent).toBe("5,200");
    expect(screen.getByTestId("figure-monthlyIncreaseInRevenue").textContent).toBe("$53,820");
    expect(screen.getByTestId("figure-lostRevenue").textContent).toBe("$7,335,456");
    const chart = screen.getByRole("img", { name: /mes/i });
    expect(chart.lastElementChild?.textContent).toBe("$53,820");
  });

  it("formats figures and dates in es-US", () => {
    expect(formatFigure(5200, "count", "es")).toBe("5,200");
    expect(formatFigure(1234567.89, "count", "es")).toBe("1,234,568");
    expect(formatFigure(53820, "money", "es")).toBe("$53,820");
    expect(formatFigure(-0.4, "money", "es")).toBe("$0");
    expect(formatDate("2026-11-21T12:00:00Z", "es")).toBe("21 nov 2026");
  });

  it("gives the average commission as a percentage, as es-US writes it", () => {
    setPageLanguage("es");
    const percent = new Intl.NumberFormat("es-US", { style: "percent", maximumFractionDigits: 3 });
    expect(percent.format(COMMISSION_RATE)).toBe("3.895%");
    expect(i18next.t("landing.cards.revenueBot.description")).toContain("promedio sobre ventas: 3.895%.");
    setPageLanguage("en");
    // The English text is the spec's, word for word (docs/product.md#1-audience).
    expect(i18next.t("landing.cards.revenueBot.description")).toContain("Sales commission average .03895.");
  });
});
