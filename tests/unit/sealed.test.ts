import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig, productionProblems } from "../../src/server/config";
import { decodeDataKey, generateDataKey, Keyring, SealedOpenError } from "../../src/server/crypto/sealed";
import { fillPlaceholders, withPlaceholders } from "../../src/server/mail/outbox";

/** Sealed values (ADR 0074): AES-256-GCM with the key id beside the ciphertext and a context as associated data. */

const openFailure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof SealedOpenError ? error.reason : `not a SealedOpenError: ${String(error)}`;
  }
  return "opened";
};

describe("sealed values", () => {
  it("opens what it sealed, under the same context only, and shows neither key nor plaintext", () => {
    const key = generateDataKey();
    const ring = Keyring.fromValues(key);
    const sealed = ring.seal('{"token":"abc"}', "email_outbox:1:invitation:a@example.com");
    expect(sealed).toMatch(/^v1\.[0-9a-f]{12}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("abc");
    expect(sealed).not.toContain(key);
    expect(ring.open(sealed, "email_outbox:1:invitation:a@example.com")).toBe('{"token":"abc"}');
    // Moved to another row, or the row readdressed: it does not open.
    expect(openFailure(() => ring.open(sealed, "email_outbox:2:invitation:a@example.com"))).toBe("invalid");
    expect(openFailure(() => ring.open(sealed, "email_outbox:1:invitation:eve@example.com"))).toBe("invalid");
    // Altered: it does not open.
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3] as string, "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString("base64url");
    expect(openFailure(() => ring.open(parts.join("."), "email_outbox:1:invitation:a@example.com"))).toBe(
      "invalid",
    );
    expect(openFailure(() => ring.open("garbage", "x"))).toBe("invalid");
    // Two seals of one value differ (a random IV each).
    expect(ring.seal("same", "c")).not.toBe(ring.seal("same", "c"));
  });

  it("opens values sealed before a rotation with the previous key, and names a key it lacks", () => {
    const [oldKey, newKey] = [generateDataKey(), generateDataKey()];
    const before = Keyring.fromValues(oldKey).seal("secret", "ctx");
    const rotated = Keyring.fromValues(newKey, [oldKey]);
    expect(rotated.open(before, "ctx")).toBe("secret");
    expect(Keyring.keyIdOf(rotated.seal("secret", "ctx"))).toBe(rotated.currentId);
    const without = Keyring.fromValues(newKey);
    expect(openFailure(() => without.open(before, "ctx"))).toBe("unknown-key");
    expect(() => without.open(before, "ctx")).toThrow(/sealed with data key [0-9a-f]{12}, which is neither/);
  });

  it("takes a key as base64, base64url or hex of exactly 32 bytes", () => {
    const bytes = randomBytes(32);
    for (const form of [bytes.toString("base64"), bytes.toString("base64url"), bytes.toString("hex")])
      expect(decodeDataKey(form)).toEqual(bytes);
    for (const bad of ["", "short", randomBytes(16).toString("base64"), randomBytes(48).toString("hex")])
      expect(decodeDataKey(bad)).toBeUndefined();
  });

  it("refuses a malformed DATA_ENCRYPTION_KEY without echoing it, and production without one", () => {
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: "not-a-key-value" })).toThrow(
      /DATA_ENCRYPTION_KEY: must be 32 random bytes/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: "not-a-key-value" })).not.toThrow(/not-a-key-value/);
    const env = { NODE_ENV: "production" };
    expect(
      productionProblems(loadConfig(env), env).some((line) =>
        line.startsWith("DATA_ENCRYPTION_KEY is unset"),
      ),
    ).toBe(true);
  });
});

describe("an email's credentials as placeholders", () => {
  it("replaces every occurrence, longest first, and fills them back exactly", () => {
    const token = "AbC123_-456xyz";
    const code = "123456";
    const body = {
      subject: "Sign in",
      text: `link /verify/${token}\ncode ${code}\n`,
      html: `<a href="/verify/${token}">${code}</a>`,
    };
    const stored = withPlaceholders(body, { token, code });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored.text).toBe("link /verify/{{secret.token}}\ncode {{secret.code}}\n");
    for (const part of ["subject", "text", "html"] as const)
      expect(fillPlaceholders(stored[part], { token, code })).toBe(body[part]);
  });

  it("refuses a value HTML escaping or URL encoding would change", () => {
    expect(() => withPlaceholders({ text: "x" }, { token: "a&b" })).toThrow(/URL-safe/);
    expect(() => withPlaceholders({ text: "x" }, { "bad name": "abc" })).toThrow(/letters and digits/);
  });
});
