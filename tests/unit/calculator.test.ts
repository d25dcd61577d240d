import {
  AI_SEAT_HOURLY_COST,
  APP_CART_MULTIPLIER,
  APP_VISIT_RATE,
  type CalculateInputs,
  type CalculatorResults,
  COMMISSION_RATE,
  calculate,
  clampMonths,
  commissionPerStore,
  EMPLOYEES_PER_AI_SEAT,
  HOURS_PER_MONTH,
  lostRevenue,
  MONTHS_DEFAULT,
  MONTHS_MAX,
  MONTHS_MIN,
  MONTHS_STEP,
  monthlyAppVisits,
  monthlyAverageAppCartSize,
  monthlyCommission,
  monthlyIncreaseInRevenue,
  parseNumericInput,
  totalPartnerCommission,
} from "@common/calculator";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** Asserts `actual` is within `rel` of `expected`, relative to its size (absolute near 0). */
function expectClose(actual: number, expected: number, rel = 1e-12): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));
}

/** The docs/product.md#9-constants revenue formula written out literally, as an independent oracle. */
function specIncrease(visits: number, appCart: number, receipts: number, cartSize: number): number {
  return visits * appCart + (receipts - visits) * cartSize - cartSize * receipts;
}

function zeroInputs(): CalculateInputs {
  return {
    cartSize: 0,
    monthlyReceipts: 0,
    monthsSinceLaunch: MONTHS_DEFAULT,
    months: 0,
    currentPerStore: 0,
    hourlyRate: 0,
    stores: 0,
    partnerCommissionPercentage: 0,
    storesInBrand: 0,
  };
}

const RESULT_KEYS: (keyof CalculatorResults)[] = [
  "monthsSinceLaunch",
  "monthlyAppVisits",
  "monthlyAverageAppCartSize",
  "monthlyIncreaseInRevenue",
  "monthlyCommission",
  "lostRevenue",
  "commissionPerStore",
  "totalPartnerCommission",
];

describe("constants (docs/product.md#9-constants)", () => {
  it("carry the documented values", () => {
    expect(APP_VISIT_RATE).toBe(0.13);
    expect(APP_CART_MULTIPLIER).toBe(1.23);
    expect(COMMISSION_RATE).toBe(0.03895);
    expect(HOURS_PER_MONTH).toBe(160);
    expect(AI_SEAT_HOURLY_COST).toBe(51.45);
    expect(EMPLOYEES_PER_AI_SEAT).toBe(5);
    expect([MONTHS_MIN, MONTHS_MAX, MONTHS_STEP, MONTHS_DEFAULT]).toEqual([1, 7, 1, 1]);
  });
});

describe("monthlyAppVisits", () => {
  it("is receipts × 0.13 × months", () => {
    // 20,000 × 0.13 = 2,600 a month; × 3 months = 7,800
    expectClose(monthlyAppVisits(20_000, 3), 7_800);
    // 1,000 × 0.13 × 1 = 130
    expectClose(monthlyAppVisits(1_000, 1), 130);
    // 500 × 0.13 × 7 = 65 × 7 = 455
    expectClose(monthlyAppVisits(500, 7), 455);
  });

  it("is 0 with no receipts", () => {
    expect(monthlyAppVisits(0, 5)).toBe(0);
  });
});

describe("monthlyAverageAppCartSize", () => {
  it("is cart size × 1.23 when there are app visits", () => {
    // 40 × 1.23 = 49.2
    expectClose(monthlyAverageAppCartSize(40, 7_800), 49.2);
    // 25.5 × 1.23 = 25.5 + 25.5 × 0.23 = 25.5 + 5.865 = 31.365
    expectClose(monthlyAverageAppCartSize(25.5, 130), 31.365);
  });

  it("is 0 when there are no app visits", () => {
    expect(monthlyAverageAppCartSize(40, 0)).toBe(0);
    expect(monthlyAverageAppCartSize(40, Number.NaN)).toBe(0);
  });
});

describe("monthlyIncreaseInRevenue", () => {
  it("matches the documented formula: cart 40, receipts 20,000, 3 months", () => {
    // visits 7,800; app cart 49.2
    // 7,800 × 49.2 = 382,200 + 1,560 = 383,760
    // (20,000 − 7,800) × 40 = 12,200 × 40 = 488,000
    // 40 × 20,000 = 800,000
    // 383,760 + 488,000 − 800,000 = 71,760   (check: 7,800 × 40 × 0.23 = 312,000 × 0.23 = 71,760)
    const increase = monthlyIncreaseInRevenue({ appVisits: 7_800, appCartSize: 49.2, cartSize: 40 });
    expectClose(increase, 71_760);
    expectClose(increase, specIncrease(7_800, 49.2, 20_000, 40));
  });

  it("matches the documented formula: cart 25.5, receipts 1,000, 1 month", () => {
    // visits 130; app cart 31.365
    // 130 × 31.365 = 3,136.5 + 940.95 = 4,077.45
    // (1,000 − 130) × 25.5 = 870 × 25.5 = 22,185
    // 25.5 × 1,000 = 25,500
    // 4,077.45 + 22,185 − 25,500 = 762.45   (check: 130 × 25.5 × 0.23 = 3,315 × 0.23 = 762.45)
    const increase = monthlyIncreaseInRevenue({ appVisits: 130, appCartSize: 31.365, cartSize: 25.5 });
    expectClose(increase, 762.45);
    expectClose(increase, specIncrease(130, 31.365, 1_000, 25.5));
  });

  it("is 0 with no app visits (app cart 0): 0 + R × c − c × R", () => {
    expect(monthlyIncreaseInRevenue({ appVisits: 0, appCartSize: 0, cartSize: 40 })).toBe(0);
  });
});

describe("monthlyCommission", () => {
  it("is increase × 0.03895", () => {
    // 71,760 × 0.03895 = 70,000 × 0.03895 + 1,760 × 0.03895 = 2,726.5 + 68.552 = 2,795.052
    expectClose(monthlyCommission(71_760), 2_795.052);
    // 762.45 × 0.03895 = 762.45 × 0.04 − 762.45 × 0.00105 = 30.498 − 0.8005725 = 29.6974275
    expectClose(monthlyCommission(762.45), 29.6974275);
    expect(monthlyCommission(0)).toBe(0);
  });
});

describe("lostRevenue", () => {
  it("matches the documented formula with a wage above $10.29/h", () => {
    // months 3, revenue change 71,760, stores 10, 5 employees per store at $20/h
    // missed revenue: 3 × 71,760 × 10 = 2,152,800
    // staff cost: 5 × 20 × 10 × 3 × 160 = 100 × 10 × 480 = 480,000
    // AI cost: 5 / 5 × 51.45 × 10 × 3 × 160 = 51.45 × 4,800 = 240,000 + 6,960 = 246,960
    // 2,152,800 + (480,000 − 246,960) = 2,152,800 + 233,040 = 2,385,840
    expectClose(
      lostRevenue({ months: 3, revenueChange: 71_760, stores: 10, currentPerStore: 5, hourlyRate: 20 }),
      2_385_840,
    );
  });

  it("goes negative when the wage is below $10.29/h and there is no revenue change", () => {
    // months 1, change 0, 1 store, 10 employees at $8/h
    // staff cost: 10 × 8 × 1 × 1 × 160 = 12,800
    // AI cost: 10 / 5 × 51.45 × 1 × 1 × 160 = 2 × 51.45 × 160 = 102.9 × 160 = 16,464
    // 0 + (12,800 − 16,464) = −3,664
    expectClose(
      lostRevenue({ months: 1, revenueChange: 0, stores: 1, currentPerStore: 10, hourlyRate: 8 }),
      -3_664,
    );
  });

  it("is 0 with no stores or no months", () => {
    const base = { months: 3, revenueChange: 71_760, stores: 10, currentPerStore: 5, hourlyRate: 20 };
    expect(lostRevenue({ ...base, stores: 0 })).toBe(0);
    expect(lostRevenue({ ...base, months: 0 })).toBe(0);
  });
});

describe("channel partner commission", () => {
  it("per store is percentage / 100 × monthly commission", () => {
    // 10 / 100 × 2,795.052 = 279.5052
    expectClose(commissionPerStore(10, 2_795.052), 279.5052);
    // 2.5 / 100 × 1,000 = 25
    expectClose(commissionPerStore(2.5, 1_000), 25);
  });

  it("total is the per-store commission × stores in the brand", () => {
    // 279.5052 × 100 = 27,950.52
    expectClose(totalPartnerCommission(279.5052, 100), 27_950.52);
  });

  it("treats negative percentage and store counts as 0 (inputs minimum 0, docs/product.md#5-validation)", () => {
    expect(commissionPerStore(-10, 1_000)).toBe(0);
    expect(totalPartnerCommission(25, -3)).toBe(0);
  });
});

describe("clampMonths", () => {
  it("rounds to a whole month within 1..7", () => {
    expect(clampMonths(3)).toBe(3);
    expect(clampMonths(3.4)).toBe(3);
    expect(clampMonths(3.6)).toBe(4);
    expect(clampMonths(0)).toBe(1);
    expect(clampMonths(-5)).toBe(1);
    expect(clampMonths(12)).toBe(7);
  });

  it("treats non-finite months as 0, hence the minimum", () => {
    expect(clampMonths(Number.NaN)).toBe(1);
    expect(clampMonths(Number.POSITIVE_INFINITY)).toBe(1);
    expect(clampMonths(Number.NEGATIVE_INFINITY)).toBe(1);
  });
});

describe("parseNumericInput (docs/product.md#5-validation)", () => {
  it("parses decimal numbers, ignoring surrounding spaces", () => {
    expect(parseNumericInput("40")).toBe(40);
    expect(parseNumericInput(" 25.5 ")).toBe(25.5);
    expect(parseNumericInput("-3")).toBe(-3);
    expect(parseNumericInput("+7")).toBe(7);
    expect(parseNumericInput(".5")).toBe(0.5);
    expect(parseNumericInput("5.")).toBe(5);
    expect(parseNumericInput("1e3")).toBe(1_000);
  });

  it("counts non-numeric text as 0", () => {
    for (const text of ["", "   ", "abc", "12abc", "1,000", "0x10", "Infinity", "-Infinity", "NaN", "."]) {
      expect(parseNumericInput(text), JSON.stringify(text)).toBe(0);
    }
  });

  it("counts numbers too large for a double as 0, never Infinity", () => {
    expect(parseNumericInput("1e400")).toBe(0);
    expect(parseNumericInput("-1e400")).toBe(0);
  });

  it("never returns -0", () => {
    expect(Object.is(parseNumericInput("-0"), 0)).toBe(true);
  });
});

describe("calculate", () => {
  const inputs: CalculateInputs = {
    cartSize: 40,
    monthlyReceipts: 20_000,
    monthsSinceLaunch: 3,
    months: 3,
    currentPerStore: 5,
    hourlyRate: 20,
    stores: 10,
    partnerCommissionPercentage: 10,
    storesInBrand: 100,
  };

  it("returns every derived figure, lost revenue using the monthly increase", () => {
    // Figures worked out in the tests above.
    const result = calculate(inputs);
    expect(result.monthsSinceLaunch).toBe(3);
    expectClose(result.monthlyAppVisits, 7_800);
    expectClose(result.monthlyAverageAppCartSize, 49.2);
    expectClose(result.monthlyIncreaseInRevenue, 71_760);
    expectClose(result.monthlyCommission, 2_795.052);
    expectClose(result.lostRevenue, 2_385_840);
    expectClose(result.commissionPerStore, 279.5052);
    expectClose(result.totalPartnerCommission, 27_950.52);
  });

  it("puts months since launch on the 1..7 slider", () => {
    // 20,000 × 0.13 × 7 = 18,200 visits
    const result = calculate({ ...inputs, monthsSinceLaunch: 12 });
    expect(result.monthsSinceLaunch).toBe(7);
    expectClose(result.monthlyAppVisits, 18_200);
  });

  it("gives all zeros except staffing for empty fields parsed as 0", () => {
    const result = calculate({
      cartSize: parseNumericInput(""),
      monthlyReceipts: parseNumericInput(""),
      monthsSinceLaunch: MONTHS_DEFAULT,
      months: parseNumericInput(""),
      currentPerStore: parseNumericInput(""),
      hourlyRate: parseNumericInput(""),
      stores: parseNumericInput(""),
      partnerCommissionPercentage: parseNumericInput(""),
      storesInBrand: parseNumericInput(""),
    });
    for (const key of RESULT_KEYS) {
      expect(result[key], key).toBe(key === "monthsSinceLaunch" ? 1 : 0);
    }
  });
});

describe("non-finite inputs and overflow", () => {
  it("reads NaN and ±Infinity inputs as 0", () => {
    expect(monthlyAppVisits(Number.NaN, 3)).toBe(0);
    expect(monthlyAppVisits(Number.POSITIVE_INFINITY, 3)).toBe(0);
    expect(monthlyAverageAppCartSize(Number.NEGATIVE_INFINITY, 100)).toBe(0);
    expect(monthlyCommission(Number.POSITIVE_INFINITY)).toBe(0);
    expect(commissionPerStore(Number.NaN, 100)).toBe(0);
  });

  it("clamps an overflowing result to ±Number.MAX_VALUE, keeping its sign", () => {
    expect(monthlyAverageAppCartSize(Number.MAX_VALUE, 1)).toBe(Number.MAX_VALUE);
    expect(monthlyAverageAppCartSize(-Number.MAX_VALUE, 1)).toBe(-Number.MAX_VALUE);
    const huge = 1e300;
    expect(
      lostRevenue({ months: huge, revenueChange: huge, stores: huge, currentPerStore: 1, hourlyRate: 20 }),
    ).toBe(Number.MAX_VALUE);
    // Staff cost and AI cost both overflow; the documented literal form would give Infinity − Infinity.
    expect(
      lostRevenue({ months: 1, revenueChange: 0, stores: huge, currentPerStore: huge, hourlyRate: 1 }),
    ).toBe(-Number.MAX_VALUE);
  });
});

/** Finite doubles in [-max, max], subnormals included. */
const moderate = (max: number) => fc.double({ min: -max, max, noNaN: true, noDefaultInfinity: true });
const nonNegative = (max = Number.MAX_VALUE) =>
  fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true });
const months = fc.integer({ min: MONTHS_MIN, max: MONTHS_MAX });
/** Any double at all, NaN and ±Infinity included (fast-check's default). */
const anyDouble = fc.double();

const anyInputs = fc.record({
  cartSize: anyDouble,
  monthlyReceipts: anyDouble,
  monthsSinceLaunch: anyDouble,
  months: anyDouble,
  currentPerStore: anyDouble,
  hourlyRate: anyDouble,
  stores: anyDouble,
  partnerCommissionPercentage: anyDouble,
  storesInBrand: anyDouble,
});

const nonNegativeInputs = fc.record({
  cartSize: nonNegative(),
  monthlyReceipts: nonNegative(),
  monthsSinceLaunch: nonNegative(10),
  months: nonNegative(),
  currentPerStore: nonNegative(),
  hourlyRate: nonNegative(),
  stores: nonNegative(),
  partnerCommissionPercentage: nonNegative(),
  storesInBrand: nonNegative(),
});

function expectAllFinite(result: CalculatorResults): void {
  for (const key of RESULT_KEYS) expect(Number.isFinite(result[key]), key).toBe(true);
}

function expectNonDecreasing(lower: CalculatorResults, higher: CalculatorResults): void {
  for (const key of RESULT_KEYS) expect(higher[key], key).toBeGreaterThanOrEqual(lower[key]);
}

describe("properties", () => {
  it("revenue increase = visits × cart size × 0.23 (relative 1e-9)", () => {
    fc.assert(
      fc.property(moderate(1e12), moderate(1e12), months, (cartSize, receipts, m) => {
        const result = calculate({
          ...zeroInputs(),
          cartSize,
          monthlyReceipts: receipts,
          monthsSinceLaunch: m,
        });
        const expected = receipts * APP_VISIT_RATE * m * cartSize * 0.23;
        const tolerance = 1e-9 * Math.abs(expected) + 1e-300;
        expect(Math.abs(result.monthlyIncreaseInRevenue - expected)).toBeLessThanOrEqual(tolerance);
        // and the documented literal formula agrees
        const literal = specIncrease(
          result.monthlyAppVisits,
          result.monthlyAverageAppCartSize,
          receipts,
          cartSize,
        );
        expect(Math.abs(result.monthlyIncreaseInRevenue - literal)).toBeLessThanOrEqual(
          1e-9 * Math.abs(cartSize * receipts) + 1e-300,
        );
      }),
    );
  });

  it("commission is linear in the revenue increase", () => {
    fc.assert(
      fc.property(moderate(1e15), moderate(1e15), moderate(1e3), (a, b, k) => {
        const tolerance = 1e-9 * (Math.abs(a) + Math.abs(b)) * COMMISSION_RATE + 1e-300;
        expect(
          Math.abs(monthlyCommission(a + b) - monthlyCommission(a) - monthlyCommission(b)),
        ).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(monthlyCommission(k * a) - k * monthlyCommission(a))).toBeLessThanOrEqual(
          1e-9 * Math.abs(k * a) * COMMISSION_RATE + 1e-300,
        );
      }),
    );
  });

  it("every figure is non-decreasing in months since launch, for non-negative inputs", () => {
    fc.assert(
      fc.property(nonNegativeInputs, nonNegative(10), nonNegative(10), (inputs, m1, m2) => {
        const [low, high] = m1 <= m2 ? [m1, m2] : [m2, m1];
        expectNonDecreasing(
          calculate({ ...inputs, monthsSinceLaunch: low }),
          calculate({ ...inputs, monthsSinceLaunch: high }),
        );
      }),
    );
  });

  it("every figure is non-decreasing in monthly receipts, for non-negative inputs", () => {
    fc.assert(
      fc.property(nonNegativeInputs, nonNegative(), nonNegative(), (inputs, r1, r2) => {
        const [low, high] = r1 <= r2 ? [r1, r2] : [r2, r1];
        expectNonDecreasing(
          calculate({ ...inputs, monthlyReceipts: low }),
          calculate({ ...inputs, monthlyReceipts: high }),
        );
      }),
    );
  });

  it("lost revenue is non-decreasing in its months when the wage is at least 51.45 / 5 per hour", () => {
    const wage = fc.double({
      min: AI_SEAT_HOURLY_COST / EMPLOYEES_PER_AI_SEAT,
      max: Number.MAX_VALUE,
      noNaN: true,
      noDefaultInfinity: true,
    });
    fc.assert(
      fc.property(
        nonNegative(),
        nonNegative(),
        nonNegative(),
        wage,
        nonNegative(),
        nonNegative(),
        (revenueChange, stores, currentPerStore, hourlyRate, m1, m2) => {
          const [low, high] = m1 <= m2 ? [m1, m2] : [m2, m1];
          const rest = { revenueChange, stores, currentPerStore, hourlyRate };
          expect(lostRevenue({ ...rest, months: high })).toBeGreaterThanOrEqual(
            lostRevenue({ ...rest, months: low }),
          );
        },
      ),
    );
  });

  it("every function returns a finite number for any double, NaN and ±Infinity included", () => {
    fc.assert(
      fc.property(anyDouble, anyDouble, anyDouble, anyDouble, anyDouble, (a, b, c, d, e) => {
        const outputs = [
          clampMonths(a),
          monthlyAppVisits(a, b),
          monthlyAverageAppCartSize(a, b),
          monthlyIncreaseInRevenue({ appVisits: a, appCartSize: b, cartSize: c }),
          monthlyCommission(a),
          lostRevenue({ months: a, revenueChange: b, stores: c, currentPerStore: d, hourlyRate: e }),
          commissionPerStore(a, b),
          totalPartnerCommission(a, b),
        ];
        for (const output of outputs) expect(Number.isFinite(output)).toBe(true);
      }),
    );
  });

  it("calculate returns only finite figures for any inputs", () => {
    fc.assert(fc.property(anyInputs, (inputs) => expectAllFinite(calculate(inputs))));
  });

  it("parseNumericInput returns a finite number for any text, and calculate stays finite on it", () => {
    const numericText = fc.oneof(
      fc.string(),
      fc.constantFrom("", " ", "-", "e", "1e400", "-1e400", "Infinity", "NaN", "1e-400"),
      anyDouble.map(String),
      fc.bigInt().map(String),
    );
    fc.assert(
      fc.property(fc.array(numericText, { minLength: 9, maxLength: 9 }), (texts) => {
        const values = texts.map(parseNumericInput);
        for (const value of values) expect(Number.isFinite(value)).toBe(true);
        const [cart, receipts, sinceLaunch, lostMonths, perStore, rate, stores, pct, brand] = values;
        expectAllFinite(
          calculate({
            cartSize: cart ?? 0,
            monthlyReceipts: receipts ?? 0,
            monthsSinceLaunch: sinceLaunch ?? 0,
            months: lostMonths ?? 0,
            currentPerStore: perStore ?? 0,
            hourlyRate: rate ?? 0,
            stores: stores ?? 0,
            partnerCommissionPercentage: pct ?? 0,
            storesInBrand: brand ?? 0,
          }),
        );
      }),
    );
  });
});
