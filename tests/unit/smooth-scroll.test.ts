import { describe, expect, it } from "vitest";
import {
  easeOutCubic,
  scrollOffsetFor,
  scrollPositionAt,
  scrollTargetFor,
} from "../../src/client/lib/smooth-scroll";

describe("smooth scroll (docs/product.md#2-pages)", () => {
  it("leaves the documented offset above each section", () => {
    expect(scrollOffsetFor("pricing")).toBe(10);
    expect(scrollOffsetFor("industries")).toBe(30);
    expect(scrollOffsetFor("branded-app-sdk")).toBe(50);
    expect(scrollOffsetFor("anything-else")).toBe(100);
  });

  it("targets the section's document position less its offset, never above the top", () => {
    expect(scrollTargetFor("pricing", 900, 1000)).toBe(1890);
    expect(scrollTargetFor("industries", 900, 1000)).toBe(1870);
    expect(scrollTargetFor("branded-app-sdk", -200, 1000)).toBe(750);
    expect(scrollTargetFor("hero", 40, 0)).toBe(0);
  });

  it("eases out cubically over 800 ms", () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875);
    expect(scrollPositionAt(0, 1000, 0)).toBe(0);
    expect(scrollPositionAt(0, 1000, 400)).toBeCloseTo(875);
    expect(scrollPositionAt(0, 1000, 800)).toBe(1000);
    expect(scrollPositionAt(0, 1000, 5000)).toBe(1000);
    expect(scrollPositionAt(500, 100, 400)).toBeCloseTo(150);
  });
});
