import { describe, expect, it } from "vitest";
import { RETAILER_DEMO_SLUGS } from "../../src/common/retailer-demo-slugs";
import { RETAILER_DEMOS } from "../../src/common/retailer-demos";

describe("retailer demo slugs", () => {
  it("name exactly the configured demos, so every demo has its page and no page lacks its demo", () => {
    expect([...RETAILER_DEMO_SLUGS].sort()).toEqual(RETAILER_DEMOS.map((demo) => demo.slug).sort());
  });
});
