import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawTokenField } from "../../src/common/api/auth";
import { hashToken, issueToken, TOKEN_BYTES } from "../../src/server/core/tokens";

describe("issueToken", () => {
  it("returns 256 random bits as 43 characters of unpadded base64url", () => {
    const { raw } = issueToken();
    expect(TOKEN_BYTES).toBe(32);
    expect(raw).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(raw, "base64url")).toHaveLength(32);
  });

  it("returns the 64-hex SHA-256 digest of the raw value as the stored hash", () => {
    const token = issueToken();
    expect(token.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token.hash).toBe(hashToken(token.raw));
    expect(token.hash).not.toContain(token.raw);
  });

  it("never repeats a raw value or a hash", () => {
    const tokens = Array.from({ length: 2000 }, () => issueToken());
    expect(new Set(tokens.map((t) => t.raw)).size).toBe(tokens.length);
    expect(new Set(tokens.map((t) => t.hash)).size).toBe(tokens.length);
  });

  it("issues values the API's token schema accepts", () => {
    for (let i = 0; i < 200; i++) expect(rawTokenField.safeParse(issueToken().raw).success).toBe(true);
  });
});

describe("hashToken", () => {
  it("is SHA-256 in lower-case hex (FIPS 180-4 test vector)", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("is deterministic and maps different inputs to different digests", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(hashToken(a)).toBe(hashToken(a));
        if (a !== b) expect(hashToken(a)).not.toBe(hashToken(b));
      }),
    );
  });
});
