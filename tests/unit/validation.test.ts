import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createInitialAdminBody,
  emailField,
  fullNameField,
  rawTokenField,
  sendMagicLinkBody,
  verifyMagicLinkBody,
} from "../../src/common/api/auth";
import { EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from "../../src/common/validation";

const GOOD_EMAILS = ["ada@example.com", "a.b+tag@sub.example.co.uk", "x@y.z", "UPPER@EXAMPLE.COM"];
const BAD_EMAILS = [
  "",
  "plain",
  "@example.com",
  "ada@",
  "ada@example",
  "ada@@example.com",
  "ada example@example.com",
  "ada@exa mple.com",
  "ada@example.",
  "ada@.com",
];

describe("isEmail (spec §5 shape)", () => {
  it.each(GOOD_EMAILS)("accepts %s", (email) => expect(isEmail(email)).toBe(true));
  it.each(BAD_EMAILS)("rejects %j", (email) => expect(isEmail(email)).toBe(false));

  it("rejects addresses longer than 254 characters", () => {
    const at254 = `${"a".repeat(EMAIL_MAX_LENGTH - "@example.com".length)}@example.com`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
  });
});

describe("normalizeEmail", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmail("  Ada@Example.COM \n")).toBe("ada@example.com");
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(normalizeEmail(normalizeEmail(value))).toBe(normalizeEmail(value));
      }),
    );
  });
});

describe("emailField", () => {
  it("returns the normalised address", () => {
    expect(emailField.parse("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
  });

  it.each(BAD_EMAILS)("rejects %j", (email) => expect(emailField.safeParse(email).success).toBe(false));

  it("rejects non-strings and missing values with a message", () => {
    for (const value of [undefined, null, 42, {}, ["a@b.c"]]) {
      const result = emailField.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBeTruthy();
    }
  });

  it("says which rule failed", () => {
    expect(emailField.safeParse("   ").error?.issues[0]?.message).toBe("Email is required");
    expect(emailField.safeParse("nope").error?.issues[0]?.message).toBe("Please enter a valid email address");
  });

  it("only ever yields trimmed, lower-case addresses of the spec's shape", () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom("", " ", "\t"), (email, pad) => {
        const result = emailField.safeParse(`${pad}${email.toUpperCase()}${pad}`);
        if (result.success) {
          expect(result.data).toBe(result.data.trim().toLowerCase());
          expect(isEmail(result.data)).toBe(true);
        }
      }),
    );
  });
});

describe("fullNameField", () => {
  it("trims and requires 1 to 200 characters", () => {
    expect(fullNameField.parse("  Ada Lovelace ")).toBe("Ada Lovelace");
    expect(fullNameField.safeParse("   ").success).toBe(false);
    expect(fullNameField.safeParse("x".repeat(200)).success).toBe(true);
    expect(fullNameField.safeParse("x".repeat(201)).success).toBe(false);
  });
});

describe("rawTokenField", () => {
  const valid = ["A".repeat(21), "b-_9".repeat(5), "zz"].join("");

  it("accepts 43 base64url characters", () => {
    expect(valid).toHaveLength(43);
    expect(rawTokenField.parse(valid)).toBe(valid);
  });

  it.each([
    ["too short", "A".repeat(42)],
    ["too long", "A".repeat(44)],
    ["padded", `${"A".repeat(42)}=`],
    ["standard base64 +", `${"A".repeat(42)}+`],
    ["standard base64 /", `${"A".repeat(42)}/`],
    ["whitespace", ` ${"A".repeat(42)}`],
    ["empty", ""],
  ])("rejects a token that is %s", (_label, token) => {
    const result = rawTokenField.safeParse(token);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Invalid verification link");
  });
});

describe("auth request bodies", () => {
  it("normalise the email of the magic-link and first-admin requests", () => {
    expect(sendMagicLinkBody.parse({ email: " A@B.CO " })).toEqual({ email: "a@b.co" });
    expect(createInitialAdminBody.parse({ email: "Boss@X.io", fullName: " Boss " })).toEqual({
      email: "boss@x.io",
      fullName: "Boss",
    });
  });

  it("reject missing fields", () => {
    expect(sendMagicLinkBody.safeParse({}).success).toBe(false);
    expect(verifyMagicLinkBody.safeParse({}).success).toBe(false);
    expect(createInitialAdminBody.safeParse({ email: "a@b.co" }).success).toBe(false);
  });
});
