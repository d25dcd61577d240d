import { describe, expect, it } from "vitest";
import {
  checkRegistrationRules,
  cleanRegistration,
  firstRegistrationFailure,
  isCompanyEmail,
  isValidDemoPhone,
  normalizePhone,
  validateRegistration,
} from "../../src/common/demo-registration";
import { findRetailerDemo, RETAILER_DEMOS, withOverrides } from "../../src/common/retailer-demos";

const valid = {
  firstName: "Rosa",
  lastName: "Parker",
  email: "rosa@schnucks.com",
  phone: "314-555-0100",
  acceptTerms: true,
};

describe("registration validation order (docs/product.md#5-validation)", () => {
  it("reports missing fields first, even when every other rule fails too", () => {
    const result = validateRegistration(
      { firstName: "", lastName: "P", email: "x@gmail.com", phone: "1", acceptTerms: false },
      "schnucks.com",
    );
    expect(result).toEqual({
      ok: false,
      failure: {
        code: "FIELDS_REQUIRED",
        title: "All fields are required",
        message: "Please fill in all the fields to continue.",
      },
    });
  });

  it("treats whitespace-only fields as missing", () => {
    expect(firstRegistrationFailure({ ...valid, phone: "   " }, "schnucks.com")?.title).toBe(
      "All fields are required",
    );
  });

  it("then the company domain, then the phone, then the terms", () => {
    const steps = [
      [
        { email: "x@gmail.com", phone: "1", acceptTerms: false },
        "Invalid email",
        "Email must end with the company domain.",
      ],
      [
        { phone: "555-0100", acceptTerms: false },
        "Invalid phone number",
        "Please enter a valid phone number.",
      ],
      [
        { acceptTerms: false },
        "Terms not accepted",
        "Please accept the Terms of Service, Non-Disclosure Agreement, and Privacy Policy.",
      ],
    ] as const;
    for (const [overrides, title, message] of steps) {
      const result = validateRegistration({ ...valid, ...overrides }, "schnucks.com");
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.failure).toMatchObject({ title, message });
    }
  });

  it("accepts a valid registration and trims and lower-cases it", () => {
    const result = validateRegistration(
      { ...valid, firstName: "  Rosa ", email: " Rosa@SCHNUCKS.com " },
      "schnucks.com",
    );
    expect(result).toEqual({ ok: true, value: { ...valid, email: "rosa@schnucks.com" } });
  });

  it("cleans a valid registration as the schema does (the form's fallback when zod cannot be fetched)", () => {
    const typed = {
      ...valid,
      firstName: "  Rosa ",
      lastName: "Parker\t",
      email: " Rosa@SCHNUCKS.com ",
      phone: " 314-555-0100 ",
    };
    const result = validateRegistration(typed, "schnucks.com");
    expect(result).toEqual({ ok: true, value: cleanRegistration(typed) });
    expect(cleanRegistration(typed)).toEqual({ ...valid, email: "rosa@schnucks.com" });
    expect(checkRegistrationRules(typed, "schnucks.com")).toEqual(result);
    const refused = validateRegistration({ ...typed, phone: "12" }, "schnucks.com");
    expect(checkRegistrationRules({ ...typed, phone: "12" }, "schnucks.com")).toEqual(refused);
  });
});

describe("company email domain check", () => {
  it.each([
    ["user@schnucks.com", true],
    ["User.Name@SCHNUCKS.COM", true],
    [" user@schnucks.com ", true],
    ["user@evil-schnucks.com", false],
    ["user@schnucks.com.evil.io", false],
    ["user@sub.schnucks.com", false],
    ["@schnucks.com", false],
    ["a b@schnucks.com", false],
    ["a@b@schnucks.com", false],
    ["schnucks.com", false],
    ["", false],
  ])("%s -> %s", (email, expected) => {
    expect(isCompanyEmail(email, "schnucks.com")).toBe(expected);
  });

  it("compares the configured domain case-insensitively and ignores a leading '@'", () => {
    expect(isCompanyEmail("a@schnucks.com", "@Schnucks.COM")).toBe(true);
  });
});

describe("phone normalisation", () => {
  it("strips every non-digit", () => {
    expect(normalizePhone("+1 (314) 555-0100")).toBe("13145550100");
    expect(normalizePhone("314.555.0100 ext")).toBe("3145550100");
  });

  it.each([
    ["314-555-0100", true],
    ["+44 20 7946 0958", true],
    ["123456789012345", true],
    ["1234567890123456", false],
    ["555-0100", false],
    ["phone: 31455501", false],
  ])("%s -> %s", (phone, expected) => {
    expect(isValidDemoPhone(phone)).toBe(expected);
  });
});

describe("retailer demo config", () => {
  it("has the Schnucks Twin Oaks demo at /schnucks", () => {
    expect(findRetailerDemo("schnucks")).toMatchObject({
      retailerName: "Schnucks",
      storeName: "Twin Oaks",
      emailDomain: "schnucks.com",
    });
    expect(new Set(RETAILER_DEMOS.map((demo) => demo.slug)).size).toBe(RETAILER_DEMOS.length);
  });

  it("applies non-empty overrides only", () => {
    const demo = findRetailerDemo("schnucks");
    if (!demo) throw new Error("missing demo");
    const changed = withOverrides(demo, { emailDomain: " @Grocer.Test ", androidUrl: "" });
    expect(changed.emailDomain).toBe("grocer.test");
    expect(changed.androidUrl).toBe(demo.androidUrl);
  });
});
