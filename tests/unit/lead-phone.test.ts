import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isLeadPhone,
  LEAD_PHONE_MAX_LENGTH,
  leadPhoneSchema,
  normalizeLeadPhone,
  validateLead,
} from "../../src/common/api/leads";

/**
 * The lead-form phone rule (ADR 0019): 7 to 15 digits, formatting allowed (an optional leading
 * '+', spaces, parentheses, dots, dashes), stored as typed plus a normalised E.164-style value.
 */

const FORMATTING = [" ", "(", ")", ".", "-"] as const;

/** A phone with `digits` and random formatting between them, an optional leading '+'. */
const formattedPhone = (digits: fc.Arbitrary<string>) =>
  fc
    .record({
      digits,
      plus: fc.boolean(),
      gaps: fc.array(fc.array(fc.constantFrom(...FORMATTING), { maxLength: 1 }), {
        minLength: 16,
        maxLength: 16,
      }),
    })
    .map(({ digits: d, plus, gaps }) => ({
      digits: d,
      plus,
      text: `${plus ? "+" : ""}${[...d].map((digit, i) => `${digit}${(gaps[i] ?? []).join("")}`).join("")}`,
    }))
    .filter(({ text }) => text.length <= LEAD_PHONE_MAX_LENGTH);

const digitString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength, maxLength });

const lead = (phone: string) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  company: "Analytical Grocers",
  phone,
  email: "ada@grocers.example",
});

describe("lead phone rule (ADR 0019)", () => {
  it("accepts the numbers people type", () => {
    expect(normalizeLeadPhone("+1 (555) 010-3000")).toBe("+15550103000");
    expect(normalizeLeadPhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizeLeadPhone("  (314) 555.0100 ")).toBe("3145550100");
    expect(validateLead(lead("+1 (555) 010-3000"))).toBeNull();
  });

  it("accepts 7 to 15 digits with any formatting, normalised to '+' (when typed) and the digits", () => {
    fc.assert(
      fc.property(formattedPhone(digitString(7, 15)), ({ digits, plus, text }) => {
        expect(normalizeLeadPhone(text)).toBe(`${plus ? "+" : ""}${digits}`);
        expect(leadPhoneSchema.safeParse(text).success).toBe(true);
        expect(validateLead(lead(text))).toBeNull();
      }),
    );
  });

  it("refuses fewer than 7 or more than 15 digits, however formatted", () => {
    const wrongCount = fc.oneof(digitString(0, 6), digitString(16, 24));
    fc.assert(
      fc.property(formattedPhone(wrongCount), ({ text }) => {
        expect(normalizeLeadPhone(text)).toBeNull();
        expect(leadPhoneSchema.safeParse(text).success).toBe(false);
        if (text.trim()) expect(validateLead(lead(text))).toBe("phone");
      }),
    );
  });

  it("refuses any other character, a '+' after the start, and text longer than the cap", () => {
    fc.assert(
      fc.property(
        formattedPhone(digitString(7, 15)),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[\d\s().+-]/.test(c)),
        fc.nat(),
        ({ text }, intruder, at) => {
          const position = 1 + (at % text.length);
          const broken = `${text.slice(0, position)}${intruder}${text.slice(position)}`;
          expect(normalizeLeadPhone(broken)).toBeNull();
          expect(normalizeLeadPhone(`${text.slice(0, position)}+${text.slice(position)}`)).toBeNull();
        },
      ),
    );
    expect(normalizeLeadPhone(`555${" ".repeat(LEAD_PHONE_MAX_LENGTH)}0100`)).toBeNull();
    expect(normalizeLeadPhone("call me maybe")).toBeNull();
  });

  it("says the rule in its error message", () => {
    const result = leadPhoneSchema.safeParse("12");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter a phone number with 7 to 15 digits.");
  });

  it("is the same check in the browser's schema-free form (isLeadPhone) as in the server's schema", () => {
    const phoneLike = fc.oneof(
      formattedPhone(digitString(1, 20)).map(({ text }) => text),
      fc.string({
        maxLength: 40,
        unit: fc.constantFrom("1", "5", " ", "+", "-", "(", ")", ".", "\t", "\n", "\u0000", "a"),
      }),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(phoneLike, (text) => {
        expect(isLeadPhone(text)).toBe(leadPhoneSchema.safeParse(text).success);
      }),
      { numRuns: 2000 },
    );
    // A tab inside is formatting to the pattern but a control character to the schema.
    expect(isLeadPhone("555\t010 0100")).toBe(false);
  });
});
