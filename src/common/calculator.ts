/**
 * The revenue calculator's formulas (docs/product.md#3-records "Calculator inputs", #5-validation, #9-constants: calculator,
 * lost revenue, revenue change, channel partner). Pure functions, shared by any screen that shows the figures.
 *
 * Every function returns a finite number for any input, because the page formats whatever comes
 * back and `NaN` or `Infinity` would print as such:
 * - an input that is `NaN` or ±`Infinity` counts as 0 ("text that is not a number counts as 0", docs/product.md#5-validation);
 * - a result that overflows is clamped to ±`Number.MAX_VALUE` rather than 0, so a huge input still
 *   reads as a huge figure with the right sign, and ordering (monotonicity) is kept;
 * - `-0` is returned as `0`, so a formatter never prints "-0".
 * Each multiplication step is clamped, so no `Infinity - Infinity` or `0 × Infinity` (both `NaN`)
 * can arise on the way.
 */

/** Share of monthly receipts that become app visits, per month since launch (docs/product.md#9-constants). */
export const APP_VISIT_RATE = 0.13;
/** An app visit's average receipt is the cart size times this (the "23% lift", docs/product.md#1-audience, #9-constants). */
export const APP_CART_MULTIPLIER = 1.23;
/** RevenueBot sales commission, as a fraction of the revenue increase (docs/product.md#1-audience, #9-constants). */
export const COMMISSION_RATE = 0.03895;
/** Working hours per employee per month in the lost-revenue formula (docs/product.md#9-constants). */
export const HOURS_PER_MONTH = 160;
/** Hourly cost, in $, of one AI seat that replaces {@link EMPLOYEES_PER_AI_SEAT} employees (docs/product.md#9-constants). */
export const AI_SEAT_HOURLY_COST = 51.45;
/** Customer-experience employees one AI seat replaces: the divisor in `currentPerStore / 5` (docs/product.md#9-constants). */
export const EMPLOYEES_PER_AI_SEAT = 5;
/** Months-since-launch slider: 1 to 7, step 1, default 1 (docs/product.md#3-records, #9-constants). */
export const MONTHS_MIN = 1;
export const MONTHS_MAX = 7;
export const MONTHS_STEP = 1;
export const MONTHS_DEFAULT = 1;

/** Main calculator inputs (docs/product.md#3-records). */
export interface CalculatorInputs {
  /** Average receipt, $ per store visit. */
  cartSize: number;
  /** Receipts per store per month (count). */
  monthlyReceipts: number;
  /** Months since the app launched, 1 to 7 (clamped by {@link calculate}). */
  monthsSinceLaunch: number;
}

/** Lost Revenue section inputs (docs/product.md#3-records). */
export interface LostRevenueInputs {
  /** Number of months the loss runs over. */
  months: number;
  /** Customer-experience employees per store (count). */
  currentPerStore: number;
  /** Wage of one such employee, $ per hour. */
  hourlyRate: number;
  /** Number of stores. */
  stores: number;
}

/** Channel Partner section inputs (docs/product.md#3-records; minimum 0, docs/product.md#5-validation). */
export interface ChannelPartnerInputs {
  /** Partner's share of the commission, in percent (10 means 10%). */
  partnerCommissionPercentage: number;
  /** Stores in the partner's brand (count). */
  storesInBrand: number;
}

/** Everything {@link calculate} needs: the three sections' inputs side by side. */
export type CalculateInputs = CalculatorInputs & LostRevenueInputs & ChannelPartnerInputs;

/** Every derived figure (docs/product.md#3-records "Calculator inputs", #9-constants). Money in $; "monthly" is per store per month. */
export interface CalculatorResults {
  /** Months since launch actually used, after {@link clampMonths}. */
  monthsSinceLaunch: number;
  monthlyAppVisits: number;
  monthlyAverageAppCartSize: number;
  monthlyIncreaseInRevenue: number;
  monthlyCommission: number;
  lostRevenue: number;
  commissionPerStore: number;
  totalPartnerCommission: number;
}

/** `x` when finite, else 0: how every input is read. */
function finiteOrZero(x: number): number {
  return Number.isFinite(x) ? x : 0;
}

/** Makes a computed value finite: ±Infinity to ±MAX_VALUE, NaN to 0, -0 to 0. */
function clampFinite(x: number): number {
  if (Number.isNaN(x) || x === 0) return 0;
  if (x === Number.POSITIVE_INFINITY) return Number.MAX_VALUE;
  if (x === Number.NEGATIVE_INFINITY) return -Number.MAX_VALUE;
  return x;
}

/** Product of already-finite factors, clamped after each step so it never reaches Infinity or NaN. */
function product(...factors: number[]): number {
  let result = 1;
  for (const factor of factors) result = clampFinite(result * factor);
  return result;
}

/**
 * Parses a calculator field's text (docs/product.md#5-validation: "numeric inputs parse as numbers; non-numeric text
 * counts as 0").
 * @param text what the user typed; surrounding spaces are ignored
 * @returns the decimal number it spells (e.g. "12", "-3.5", ".5", "1e3"), else 0. Text that is
 *   only partly numeric ("12abc"), thousands-separated ("1,000"), hex ("0x10"), "Infinity",
 *   empty text, or a number too large for a double ("1e400") all give 0.
 */
export function parseNumericInput(text: string): number {
  const trimmed = text.trim();
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed)) return 0;
  return clampFinite(finiteOrZero(Number(trimmed)));
}

/**
 * Puts a months-since-launch value on the slider (docs/product.md#9-constants: 1 to 7, step 1).
 * @param n months, any number; non-finite counts as 0
 * @returns the nearest whole month in [{@link MONTHS_MIN}, {@link MONTHS_MAX}]
 */
export function clampMonths(n: number): number {
  const whole = Math.round(finiteOrZero(n) / MONTHS_STEP) * MONTHS_STEP;
  return Math.min(MONTHS_MAX, Math.max(MONTHS_MIN, whole));
}

/**
 * App visits per store per month (docs/product.md#9-constants): `monthlyReceipts × 0.13 × monthsSinceLaunch`.
 * @param monthlyReceipts receipts per store per month (count)
 * @param monthsSinceLaunch months since the app launched (not clamped here; see {@link calculate})
 * @returns app visits per store per month (count, not rounded)
 */
export function monthlyAppVisits(monthlyReceipts: number, monthsSinceLaunch: number): number {
  return product(finiteOrZero(monthlyReceipts), APP_VISIT_RATE, finiteOrZero(monthsSinceLaunch));
}

/**
 * Average receipt of an app visit (docs/product.md#9-constants): `cartSize × 1.23` when there are app visits, else 0.
 * @param cartSize average receipt, $ per store visit
 * @param appVisits app visits per store per month, from {@link monthlyAppVisits}
 * @returns $ per app visit
 */
export function monthlyAverageAppCartSize(cartSize: number, appVisits: number): number {
  if (finiteOrZero(appVisits) === 0) return 0;
  return product(finiteOrZero(cartSize), APP_CART_MULTIPLIER);
}

/**
 * Monthly revenue increase per store (docs/product.md#9-constants):
 * `visits × appCart + (monthlyReceipts − visits) × cartSize − cartSize × monthlyReceipts`.
 *
 * The receipts terms cancel exactly, so this computes the equal `visits × (appCart − cartSize)`:
 * the documented form subtracts two nearly equal large numbers (losing digits) and can overflow to
 * `Infinity − Infinity`; this form cannot, and rises with visits without rounding wobble.
 * @param input.appVisits app visits per store per month, from {@link monthlyAppVisits}
 * @param input.appCartSize $ per app visit, from {@link monthlyAverageAppCartSize}
 * @param input.cartSize average receipt, $ per store visit
 * @returns $ per store per month (negative if the app cart is smaller than the store cart)
 */
export function monthlyIncreaseInRevenue(input: {
  appVisits: number;
  appCartSize: number;
  cartSize: number;
}): number {
  const liftPerVisit = clampFinite(finiteOrZero(input.appCartSize) - finiteOrZero(input.cartSize));
  return product(finiteOrZero(input.appVisits), liftPerVisit);
}

/**
 * RevenueBot commission on the revenue increase (docs/product.md#9-constants): `increase × 0.03895`.
 * @param increase $ per store per month, from {@link monthlyIncreaseInRevenue}
 * @returns $ per store per month
 */
export function monthlyCommission(increase: number): number {
  return product(finiteOrZero(increase), COMMISSION_RATE);
}

/**
 * Revenue lost by not adopting, over `months` across `stores` (docs/product.md#9-constants):
 * `months × revenueChange × stores + (currentPerStore × hourlyRate × stores × months × 160
 *  − currentPerStore / 5 × 51.45 × stores × months × 160)`.
 *
 * The bracket (staffing saved) is computed as the equal
 * `currentPerStore × stores × months × 160 × (hourlyRate − 51.45 / 5)`, which cannot overflow to
 * `Infinity − Infinity`; it is negative when the wage is below 51.45 / 5 = $10.29 an hour.
 * @param input.months months the loss runs over
 * @param input.revenueChange $ per store per month (the monthly revenue increase)
 * @param input.stores number of stores
 * @param input.currentPerStore customer-experience employees per store
 * @param input.hourlyRate $ per hour per employee
 * @returns $ in total over all stores and months
 */
export function lostRevenue(input: {
  months: number;
  revenueChange: number;
  stores: number;
  currentPerStore: number;
  hourlyRate: number;
}): number {
  const months = finiteOrZero(input.months);
  const stores = finiteOrZero(input.stores);
  const missedRevenue = product(months, finiteOrZero(input.revenueChange), stores);
  const savingPerEmployeeHour = clampFinite(
    finiteOrZero(input.hourlyRate) - AI_SEAT_HOURLY_COST / EMPLOYEES_PER_AI_SEAT,
  );
  const staffingSaved = product(
    finiteOrZero(input.currentPerStore),
    stores,
    months,
    HOURS_PER_MONTH,
    savingPerEmployeeHour,
  );
  return clampFinite(missedRevenue + staffingSaved);
}

/**
 * Channel partner's commission per store (docs/product.md#9-constants): `percentage / 100 × monthlyCommission`.
 * @param percentage partner's share in percent; below 0 counts as 0 (inputs minimum 0, docs/product.md#5-validation)
 * @param commission RevenueBot commission, $ per store per month, from {@link monthlyCommission}
 * @returns $ per store per month
 */
export function commissionPerStore(percentage: number, commission: number): number {
  return product(Math.max(0, finiteOrZero(percentage)) / 100, finiteOrZero(commission));
}

/**
 * Channel partner's commission over the brand (docs/product.md#9-constants): per-store commission × store count.
 * @param perStore $ per store per month, from {@link commissionPerStore}
 * @param storesInBrand stores in the brand; below 0 counts as 0 (inputs minimum 0, docs/product.md#5-validation)
 * @returns $ per month
 */
export function totalPartnerCommission(perStore: number, storesInBrand: number): number {
  return product(finiteOrZero(perStore), Math.max(0, finiteOrZero(storesInBrand)));
}

/**
 * Every derived figure at once (docs/product.md#3-records, #9-constants). Months since launch are first put on the slider
 * with {@link clampMonths}; lost revenue uses the monthly revenue increase as its revenue change.
 * @param inputs the three sections' inputs (units as in each input type)
 * @returns all figures, finite; money in $
 */
export function calculate(inputs: CalculateInputs): CalculatorResults {
  const months = clampMonths(inputs.monthsSinceLaunch);
  const visits = monthlyAppVisits(inputs.monthlyReceipts, months);
  const appCart = monthlyAverageAppCartSize(inputs.cartSize, visits);
  const increase = monthlyIncreaseInRevenue({
    appVisits: visits,
    appCartSize: appCart,
    cartSize: inputs.cartSize,
  });
  const commission = monthlyCommission(increase);
  const perStore = commissionPerStore(inputs.partnerCommissionPercentage, commission);
  return {
    monthsSinceLaunch: months,
    monthlyAppVisits: visits,
    monthlyAverageAppCartSize: appCart,
    monthlyIncreaseInRevenue: increase,
    monthlyCommission: commission,
    lostRevenue: lostRevenue({
      months: inputs.months,
      revenueChange: increase,
      stores: inputs.stores,
      currentPerStore: inputs.currentPerStore,
      hourlyRate: inputs.hourlyRate,
    }),
    commissionPerStore: perStore,
    totalPartnerCommission: totalPartnerCommission(perStore, inputs.storesInBrand),
  };
}
