import { describe, expect, it } from "vitest";
import { enRetailerDemo } from "../../src/client/locales/en-retailer-demo";
import { esRetailerDemo } from "../../src/client/locales/es-retailer-demo";
import { REGISTRATION_FAILURES } from "../../src/common/demo-registration";

/**
 * The demo form's validation toasts come from the catalog (so a Spanish page shows them in
 * Spanish, ADR 0026); in English they must stay the spec's texts that the server's
 * REGISTRATION_FAILURES also uses (docs/product.md#5-validation, #8-messages).
 */
describe("demo registration validation texts", () => {
  it("in English are REGISTRATION_FAILURES word for word, one entry per rule", () => {
    const fromRules = Object.fromEntries(
      Object.entries(REGISTRATION_FAILURES).map(([key, rule]) => [
        key,
        { title: rule.title, message: rule.message },
      ]),
    );
    expect(enRetailerDemo.validation).toEqual(fromRules);
  });

  it("in Spanish differ from the English ones", () => {
    for (const [key, english] of Object.entries(enRetailerDemo.validation)) {
      const spanish = esRetailerDemo.validation[key as keyof typeof esRetailerDemo.validation];
      expect(spanish.title, key).not.toBe(english.title);
      expect(spanish.message, key).not.toBe(english.message);
    }
  });
});
