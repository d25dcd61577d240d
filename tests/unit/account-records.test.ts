import { describe, expect, it } from "vitest";
import { emailDigest, unknownAddress } from "../../src/server/auth/audit";
import { canManageSessions } from "../../src/server/auth/policy";
import { describeUserAgent, deviceLabel } from "../../src/server/auth/user-agent";
import { decisionChange, decisionEmail } from "../../src/server/background-checks/emails";
import { deletionRetryDelay } from "../../src/server/background-checks/file-deletions";
import { purgeDueAt } from "../../src/server/background-checks/retention";

/** The pure rules behind docs/product.md#12-account-records (and ADRs 0057, 0058). */

describe("decision emails", () => {
  it("go out for a decision and a reopened decision, never for anything else", () => {
    expect(decisionChange("pending", "approved")).toBe("approved");
    expect(decisionChange("in_review", "rejected")).toBe("rejected");
    expect(decisionChange("approved", "rejected")).toBe("rejected");
    expect(decisionChange("approved", "pending")).toBe("reopened");
    expect(decisionChange("rejected", "in_review")).toBe("reopened");
    expect(decisionChange("approved", "approved")).toBeUndefined();
    expect(decisionChange("pending", "in_review")).toBeUndefined();
    expect(decisionChange("in_review", "pending")).toBeUndefined();
  });

  it("escape the reviewer's notes in the HTML and keep them as written in the text", () => {
    const mail = decisionEmail({
      publicUrl: "https://aisleiq.example",
      change: "approved",
      fullName: "Ana <Ruiz>",
      notes: 'Checked "ok" & <b>done</b>',
    });
    expect(mail.subject).toBe("Your AisleIQ background check was approved");
    expect(mail.text).toContain('Checked "ok" & <b>done</b>');
    expect(mail.text).toContain("https://aisleiq.example/dashboard");
    expect(mail.html).toContain("Checked &quot;ok&quot; &amp; &lt;b&gt;done&lt;/b&gt;");
    expect(mail.html).toContain("Hi Ana &lt;Ruiz&gt;,");
    expect(mail.html).not.toContain("<b>done");
  });
});

describe("retention dates", () => {
  const reviewedAt = new Date("2026-01-10T12:00:00Z");
  it("date the purge N days after the decision, and never for an undecided check or with 0 days", () => {
    expect(purgeDueAt({ status: "approved", reviewedAt }, 90)).toEqual(new Date("2026-04-10T12:00:00Z"));
    expect(purgeDueAt({ status: "rejected", reviewedAt }, 1)).toEqual(new Date("2026-01-11T12:00:00Z"));
    expect(purgeDueAt({ status: "in_review", reviewedAt }, 90)).toBeNull();
    expect(purgeDueAt({ status: "approved", reviewedAt: null }, 90)).toBeNull();
    expect(purgeDueAt({ status: "approved", reviewedAt }, 0)).toBeNull();
  });

  it("retry a failed deletion after 1 minute, doubling up to 6 hours", () => {
    expect([1, 2, 3, 4].map(deletionRetryDelay)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(deletionRetryDelay(30)).toBe(6 * 60 * 60 * 1000);
  });
});

describe("User-Agent descriptions", () => {
  it("name browser, system and device kind people recognise", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
      ),
    ).toEqual({ browser: "Chrome 130", os: "macOS", deviceType: "desktop" });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      ),
    ).toEqual({ browser: "Chrome 126", os: "Android 14", deviceType: "mobile" });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari 17.0", os: "iOS 17.0", deviceType: "tablet" });
    expect(
      deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0"),
    ).toBe("Firefox 128 · Windows 10");
    expect(describeUserAgent("curl/8.4.0")).toEqual({ browser: null, os: null, deviceType: "other" });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, deviceType: "other" });
    expect(deviceLabel(null)).toBeNull();
  });
});

describe("audit entries about addresses without an account", () => {
  it("keep the address masked and as a digest of its normalised form only", () => {
    const entry = unknownAddress("Nobody.Here@Example.com ");
    expect(entry.target).toEqual({ id: null, email: "n•••@example.com", companyId: null });
    expect(entry.emailDigest).toBe(emailDigest("nobody.here@example.com"));
    expect(entry.emailDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(entry)).not.toContain("obody");
  });
});

describe("who may see and end a user's sessions", () => {
  const admin = { id: 1, role: "admin" as const, companyId: null };
  const companyAdmin = { id: 2, role: "company_admin" as const, companyId: 10 };
  it("lets an admin manage anyone's, a company admin her company's users' but no admin's, anyone her own", () => {
    expect(canManageSessions(admin, { id: 5, role: "user", companyId: 11 })).toBe("ok");
    expect(canManageSessions(companyAdmin, { id: 5, role: "user", companyId: 10 })).toBe("ok");
    expect(canManageSessions(companyAdmin, { id: 6, role: "user", companyId: 11 })).toBe("hidden");
    expect(canManageSessions(companyAdmin, { id: 7, role: "admin", companyId: 10 })).toBe("forbidden");
    expect(canManageSessions(companyAdmin, { id: 2, role: "company_admin", companyId: 10 })).toBe("ok");
    expect(
      canManageSessions({ id: 9, role: "user", companyId: 10 }, { id: 5, role: "user", companyId: 10 }),
    ).toBe("hidden");
  });
});
