import { calculate } from "@common/calculator";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import fc from "fast-check";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CalculatorPage } from "~/features/calculator/calculator-page";
import { DEFAULT_FORM } from "~/features/calculator/content";
import { figureSize, formatFigure } from "~/features/calculator/format";
import { formFromSearch, urlWithForm } from "~/features/calculator/use-calculator-form";
import { i18next } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { I18nextProvider } from "~/lib/react-i18n";
import { enCalculator } from "~/locales/en-calculator";
import { setupPage } from "../../src/site/layouts/page-language";

// The page's texts, registered as its site page does (ADR 0064).
setupPage("en", { calculator: enCalculator });
const CalculatorRoute = CalculatorPage;

const money = (value: number) => formatFigure(value, "money", "en");

beforeEach(() => {
  // The page makes no request until a password is submitted: fail loudly on any other.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      throw new Error(`unexpected request to ${String(input)}`);
    }),
  );
  window.sessionStorage.clear();
  window.history.replaceState(null, "", "/calculator");
});

/** Renders /calculator with the app's real providers (query client, i18n, router). */
function renderCalculator() {
  const Stub = createRoutesStub([{ path: "/calculator", Component: CalculatorRoute }]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18next}>
        <Stub initialEntries={["/calculator"]} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const figure = (name: string) => screen.getByTestId(`figure-${name}`);

describe("calculator page", () => {
  it("shows the default mid-size grocery figures, formatted with separators and no decimals", () => {
    renderCalculator();
    const expected = calculate({
      cartSize: 45,
      monthlyReceipts: 40_000,
      monthsSinceLaunch: 1,
      months: 12,
      currentPerStore: 8,
      hourlyRate: 16,
      stores: 10,
      partnerCommissionPercentage: 10,
      storesInBrand: 25,
    });
    // 40,000 × 0.13 × 1 = 5,200 visits; 45 × 1.23 = $55.35 → "$55"; 5,200 × 45 × 0.23 = $53,820.
    expect(figure("monthlyAppVisits").textContent).toBe("5,200");
    expect(figure("monthlyAverageAppCartSize").textContent).toBe("$55");
    expect(figure("monthlyIncreaseInRevenue").textContent).toBe("$53,820");
    expect(figure("monthlyCommission").textContent).toBe(money(expected.monthlyCommission));
    expect(figure("monthlyCommission").textContent).toBe("$2,096");
  });

  it("draws the selected month's value on top of the chart's bars, so no bar covers it", () => {
    renderCalculator();
    const chart = screen.getByRole("img", { name: "Monthly revenue increase by month since launch" });
    const last = chart.lastElementChild;
    expect(last?.tagName.toLowerCase()).toBe("text");
    expect(last?.textContent).toBe("$53,820");
    expect(chart.querySelectorAll("rect")).toHaveLength(7);
  });

  it("counts non-numeric input as 0", async () => {
    const user = userEvent.setup();
    renderCalculator();
    const receipts = screen.getByLabelText("Monthly receipts per store");
    await user.clear(receipts);
    await user.type(receipts, "abc");
    expect(figure("monthlyAppVisits").textContent).toBe("0");
    expect(figure("monthlyAverageAppCartSize").textContent).toBe("$0");
    expect(figure("monthlyIncreaseInRevenue").textContent).toBe("$0");
    expect(figure("monthlyCommission").textContent).toBe("$0");

    const cart = screen.getByLabelText("Average receipt ($)");
    await user.clear(cart);
    await user.type(receipts, "1000");
    expect(figure("monthlyAppVisits").textContent).toBe("130");
    expect(figure("monthlyIncreaseInRevenue").textContent).toBe("$0");
  });

  it("counts non-numeric text from a shared link as 0", async () => {
    window.history.replaceState(null, "", "/calculator?monthlyReceipts=12abc&cartSize=1%2C000");
    renderCalculator();
    await waitFor(() => expect(figure("monthlyAppVisits").textContent).toBe("0"));
    expect(figure("monthlyAverageAppCartSize").textContent).toBe("$0");
    expect(figure("monthlyIncreaseInRevenue").textContent).toBe("$0");
  });

  it("keeps the months-since-launch slider between 1 and 7 in steps of 1", async () => {
    const user = userEvent.setup();
    renderCalculator();
    const slider = screen.getByRole("slider", { name: "Months since launch" });
    expect(slider.getAttribute("aria-valuemin")).toBe("1");
    expect(slider.getAttribute("aria-valuemax")).toBe("7");
    expect(slider.getAttribute("aria-valuenow")).toBe("1");
    expect(slider.getAttribute("aria-valuetext")).toBe("1 month");

    slider.focus();
    await user.keyboard("{ArrowLeft}");
    expect(slider.getAttribute("aria-valuenow")).toBe("1");
    await user.keyboard("{ArrowRight}");
    expect(slider.getAttribute("aria-valuenow")).toBe("2");
    expect(screen.getByTestId("months-value").textContent).toBe("2 months");
    // 40,000 × 0.13 × 2 = 10,400 visits
    expect(figure("monthlyAppVisits").textContent).toBe("10,400");
    await user.keyboard("{End}{ArrowRight}{ArrowRight}");
    expect(slider.getAttribute("aria-valuenow")).toBe("7");
    expect(figure("monthlyAppVisits").textContent).toBe("36,400");
    await user.keyboard("{Home}");
    expect(slider.getAttribute("aria-valuenow")).toBe("1");
  });

  it("opens with the Lost Revenue section collapsed, and expands it on demand", async () => {
    const user = userEvent.setup();
    renderCalculator();
    const trigger = screen.getByRole("button", { name: "Lost Revenue" });
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    // Kept in the document for printing, but hidden from everyone while collapsed.
    expect(screen.queryByRole("textbox", { name: "Hourly rate ($)" })).toBeNull();
    expect(screen.queryByRole("spinbutton", { name: "Hourly rate ($)" })).toBeNull();
    expect(screen.getByTestId("figure-lostRevenue").closest("[hidden]")).not.toBeNull();

    await user.click(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId("figure-lostRevenue").closest("[hidden]")).toBeNull();
    expect((screen.getByLabelText("Hourly rate ($)") as HTMLInputElement).value).toBe("16");
    // 12 × 53,820 × 10 + 8 × 10 × 12 × 160 × (16 − 10.29) = 6,458,400 + 877,056 = 7,335,456
    expect(figure("lostRevenue").textContent).toBe("$7,335,456");
  });

  it("shrinks long figures past 14 and 16 characters so they fit on a phone", async () => {
    const user = userEvent.setup();
    renderCalculator();
    expect(figure("monthlyIncreaseInRevenue").getAttribute("data-size")).toBe("base");
    const cart = screen.getByLabelText("Average receipt ($)");
    const receipts = screen.getByLabelText("Monthly receipts per store");

    // 5,200 visits × cart × 0.23: cart 1,000,000 → $1,196,000,000 (14 characters): base size.
    await user.clear(cart);
    await user.type(cart, "1000000");
    expect(figure("monthlyIncreaseInRevenue").textContent).toBe("$1,196,000,000");
    expect(figure("monthlyIncreaseInRevenue").getAttribute("data-size")).toBe("base");

    // receipts 400,000 → $11,960,000,000 (15 characters): one size smaller.
    await user.clear(receipts);
    await user.type(receipts, "400000");
    expect(figure("monthlyIncreaseInRevenue").textContent).toBe("$11,960,000,000");
    expect(figure("monthlyIncreaseInRevenue").getAttribute("data-size")).toBe("small");

    // receipts 40,000,000 → $1,196,000,000,000 (18 characters): smallest.
    await user.clear(receipts);
    await user.type(receipts, "40000000");
    expect(figure("monthlyIncreaseInRevenue").textContent).toBe("$1,196,000,000,000");
    expect(figure("monthlyIncreaseInRevenue").getAttribute("data-size")).toBe("smallest");
  });

  it("keeps the Channel Partner section locked behind a password form", () => {
    renderCalculator();
    const section = screen.getByRole("heading", { name: "Channel Partner" }).closest("div.calc-section");
    expect(section).not.toBeNull();
    expect((within(section as HTMLElement).getByLabelText("Password") as HTMLInputElement).value).toBe("");
    expect(screen.queryByLabelText("Partner commission (%)")).toBeNull();
    expect(screen.queryByTestId("figure-totalPartnerCommission")).toBeNull();
  });

  it("reads its inputs from the query string after hydration", async () => {
    window.history.replaceState(
      null,
      "",
      "/calculator?cartSize=100&monthlyReceipts=10000&monthsSinceLaunch=3",
    );
    const Stub = createRoutesStub([{ path: "/calculator", Component: CalculatorRoute }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Stub initialEntries={["/calculator"]} />
      </QueryClientProvider>,
    );
    // 10,000 × 0.13 × 3 = 3,900 visits; 3,900 × 100 × 0.23 = $89,700
    expect((await screen.findByText("3,900")).dataset.testid).toBe("figure-monthlyAppVisits");
    expect(figure("monthlyIncreaseInRevenue").textContent).toBe("$89,700");
  });
});

describe("number formatting", () => {
  it("uses thousands separators, no decimals, and never prints -0", () => {
    expect(formatFigure(1234567.89, "money", "en")).toBe("$1,234,568");
    expect(formatFigure(5200, "count", "en")).toBe("5,200");
    expect(formatFigure(-0.4, "money", "en")).toBe("$0");
    expect(formatFigure(1234567, "count", "de")).toBe("1.234.567");
  });

  it("prints Spanish figures as es-US does, four digits grouped too (ADR 0040)", () => {
    expect(formatFigure(5200, "count", "es")).toBe("5,200");
    expect(formatFigure(53820, "money", "es")).toBe("$53,820");
  });

  it('prints in English exactly what Intl.NumberFormat("en") prints', () => {
    const intl = (value: number, kind: "money" | "count") =>
      new Intl.NumberFormat("en", {
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
        ...(kind === "money" ? { style: "currency", currency: "USD" } : {}),
      }).format(Math.round(value) === 0 ? 0 : value);
    const values = fc.oneof(
      fc.double({ min: -1e15, max: 1e15, noNaN: true }),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n + 0.5),
      fc.integer({ min: -100_000, max: 100_000 }),
    );
    fc.assert(
      fc.property(values, fc.constantFrom("money" as const, "count" as const), (value, kind) => {
        expect(formatFigure(value, kind, "en")).toBe(intl(value, kind));
      }),
      { numRuns: 2000 },
    );
    for (const value of [-2.5, -1.5, -0.5, 0.5, 999.5, 999_999.5, -1_000_000]) {
      expect(formatFigure(value, "money", "en")).toBe(intl(value, "money"));
    }
  });

  it("steps the size down after 14 and after 16 characters", () => {
    expect(figureSize("x".repeat(14))).toBe("base");
    expect(figureSize("x".repeat(15))).toBe("small");
    expect(figureSize("x".repeat(16))).toBe("small");
    expect(figureSize("x".repeat(17))).toBe("smallest");
  });
});

describe("shareable URL", () => {
  it("round-trips the documented field names but never the partner percentage", () => {
    const form = {
      text: { ...DEFAULT_FORM.text, cartSize: "52.5", stores: "3", partnerCommissionPercentage: "12" },
      monthsSinceLaunch: 4,
    };
    const url = urlWithForm("http://localhost/calculator?utm_source=mail", form);
    const params = new URLSearchParams(url.split("?")[1]);
    expect(params.get("utm_source")).toBe("mail");
    expect(params.get("cartSize")).toBe("52.5");
    expect(params.get("monthsSinceLaunch")).toBe("4");
    expect(params.has("partnerCommissionPercentage")).toBe(false);
    const back = formFromSearch(`?${params}`);
    expect(back.text.cartSize).toBe("52.5");
    expect(back.text.stores).toBe("3");
    expect(back.text.partnerCommissionPercentage).toBe(DEFAULT_FORM.text.partnerCommissionPercentage);
    expect(back.monthsSinceLaunch).toBe(4);
    expect(formFromSearch("?monthsSinceLaunch=99").monthsSinceLaunch).toBe(7);
    expect(formFromSearch("?monthsSinceLaunch=abc").monthsSinceLaunch).toBe(1);
  });
});
