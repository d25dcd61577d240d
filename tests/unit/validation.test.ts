import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createInitialAdminBodySchema,
  emailField,
  fullNameField,
  rawTokenField,
  sendMagicLinkBodySchema,
  verifyMagicLinkBodySchema,
} from "../../src/common/api/auth";
import { idParamField, safeText } from "../../src/common/api/fields";
import {
  CONTROL_CHARACTER_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  hasControlCharacter,
  hasEmailShape,
  INT4_MAX,
  isEmail,
  normalizeEmail,
} from "../../src/common/validation";

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

describe("isEmail (docs/product.md#5-validation shape)", () => {
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

  it("only ever yields trimmed, lower-case addresses of the documented shape", () => {
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
    expect(sendMagicLinkBodySchema.parse({ email: " A@B.CO " })).toEqual({ email: "a@b.co" });
    expect(createInitialAdminBodySchema.parse({ email: "Boss@X.io", fullName: " Boss " })).toEqual({
      email: "boss@x.io",
      fullName: "Boss",
    });
  });

  it("reject missing fields", () => {
    expect(sendMagicLinkBodySchema.safeParse({}).success).toBe(false);
    expect(verifyMagicLinkBodySchema.safeParse({}).success).toBe(false);
    expect(createInitialAdminBodySchema.safeParse({ email: "a@b.co" }).success).toBe(false);
  });
});

describe("hasEmailShape and EMAIL_PATTERN (linear forms of the docs/product.md#5-validation shape, ADR 0013)", () => {
  /** The documented literal shape (docs/product.md#5-validation): the oracle; quadratic on hostile input, so only short strings here. */
  const SPEC_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  const shortText = fc.string({ unit: fc.constantFrom("a", "b", ".", "@", " ", "\t", "é"), maxLength: 12 });

  it("accept exactly what the documented pattern accepts", () => {
    fc.assert(
      fc.property(fc.oneof(shortText, fc.emailAddress(), fc.string()), (value) => {
        expect(hasEmailShape(value)).toBe(SPEC_SHAPE.test(value));
        expect(EMAIL_PATTERN.test(value)).toBe(SPEC_SHAPE.test(value));
      }),
      { numRuns: 2000 },
    );
  });

  it("decide the freeze input of ADR 0013 at once", () => {
    const hostile = `a@${"a.".repeat(80_000)}@`;
    expect(hasEmailShape(hostile)).toBe(false);
    expect(EMAIL_PATTERN.test(hostile)).toBe(false);
    expect(emailField.safeParse(hostile).error?.issues.map((issue) => issue.message)).toEqual([
      "Email is too long",
    ]);
  });
});

describe("hasControlCharacter", () => {
  it("finds NUL and other C0 controls; tab, LF and CR only in one-line text", () => {
    expect(hasControlCharacter("a\u0000b")).toBe(true);
    expect(hasControlCharacter("a\u001fb", true)).toBe(true);
    expect(hasControlCharacter("a\tb\r\nc")).toBe(true);
    expect(hasControlCharacter("a\tb\r\nc", true)).toBe(false);
    expect(hasControlCharacter("Zoë O'Brien – ✓ \u007f")).toBe(false);
  });
});

describe("safeText", () => {
  const field = safeText({ max: 5, tooLong: "Too long", required: "Required" })
    .min(1, "Required")
    .refine((value) => {
      if (value.length > 5) throw new Error("a later check saw an oversized string");
      return value !== "bad";
    }, "Bad");

  it("stops at the length cap: later checks never see the string", () => {
    expect(field.safeParse("x".repeat(6)).error?.issues.map((issue) => issue.message)).toEqual(["Too long"]);
  });

  it("refuses control characters with a clear message before later checks", () => {
    expect(field.safeParse("a\u0000").error?.issues.map((issue) => issue.message)).toEqual([
      CONTROL_CHARACTER_MESSAGE,
    ]);
    expect(field.safeParse("a\nb").success).toBe(false);
  });

  it("trims, then applies the caller's checks", () => {
    expect(field.parse("  abc ")).toBe("abc");
    expect(field.safeParse("bad").error?.issues[0]?.message).toBe("Bad");
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe("Required");
  });

  it("keeps tabs and line breaks in multi-line text", () => {
    const notes = safeText({ max: 50, tooLong: "Too long", multiline: true });
    expect(notes.parse("line 1\n\tline 2\r\n")).toBe("line 1\n\tline 2");
  });
});

describe("idParamField (int4 ids, ADR 0013)", () => {
  it("accepts 1 to 2147483647 and refuses everything else with one message", () => {
    expect(idParamField.parse("1")).toBe(1);
    expect(idParamField.parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const bad of ["0", "-1", "1.5", "2147483648", "9007199254740993", "1e400", "abc", "", " "]) {
      const result = idParamField.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message, bad).toBe("Not a valid id");
    }
  });
});
