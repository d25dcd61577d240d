import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OUTBOX_MAX_ATTEMPTS, OUTBOX_MAX_DELAY_MS } from "../../src/common/limits";
import { backoffDelay } from "../../src/server/mail/outbox";

describe("backoffDelay", () => {
  it("starts at the base and doubles per attempt", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, 5000))).toEqual([
      5000, 10_000, 20_000, 40_000, 80_000,
    ]);
    expect([1, 2, 3].map((attempt) => backoffDelay(attempt, 50))).toEqual([50, 100, 200]);
  });

  it("treats attempt 0 or below as the first attempt", () => {
    expect(backoffDelay(0, 5000)).toBe(5000);
    expect(backoffDelay(-3, 5000)).toBe(5000);
  });

  it("is capped at six hours", () => {
    expect(OUTBOX_MAX_DELAY_MS).toBe(6 * 3600 * 1000);
    expect(backoffDelay(14, 5000)).toBe(OUTBOX_MAX_DELAY_MS);
    expect(backoffDelay(1000, 5000)).toBe(OUTBOX_MAX_DELAY_MS);
  });

  it("never decreases and never exceeds the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 10, max: 60_000 }), (attempt, base) => {
        const delay = backoffDelay(attempt, base);
        expect(delay).toBeGreaterThanOrEqual(Math.min(base, OUTBOX_MAX_DELAY_MS));
        expect(delay).toBeLessThanOrEqual(OUTBOX_MAX_DELAY_MS);
        expect(backoffDelay(attempt + 1, base)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });

  it("keeps retrying a message for about 17 hours with the default 5 s base", () => {
    let total = 0;
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) total += backoffDelay(attempt, 5000);
    const hours = total / 3_600_000;
    expect(hours).toBeGreaterThan(17);
    expect(hours).toBeLessThan(18);
  });
});
