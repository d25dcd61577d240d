import { describe, expect, it } from "vitest";
import { magicLinkEmail } from "../../src/server/auth/emails";
import { describeWait } from "../../src/server/http/rate-limit";
import { escapeHtml } from "../../src/server/mail/templates";

describe("magicLinkEmail", () => {
  const token = "T".repeat(43);
  const email = magicLinkEmail({
    publicUrl: "https://aisleiq.example",
    token,
    code: "042917",
    fullName: `Ada "<b>" O'Neil`,
  });

  it("links to PUBLIC_URL/verify/<token> in both parts", () => {
    expect(email.text).toContain(`https://aisleiq.example/verify/${token}`);
    expect(email.html).toContain(`href="https://aisleiq.example/verify/${token}"`);
  });

  it("says the link expires in 15 minutes (docs/product.md#2-pages, #9-constants)", () => {
    expect(email.text).toContain("expires in 15 minutes");
    expect(email.html).toContain("expires in 15 minutes");
  });

  it("gives the one-time code in both parts, saying where to type it and that it goes with the link (ADR 0060)", () => {
    for (const part of [email.text, email.html]) {
      expect(part).toContain("042917");
      expect(part).toContain("On the sign-in page where you asked for this email, type this code instead:");
      expect(part).toContain("using either one uses up both");
    }
    // The code comes after the link in the text part, so the link stays the first thing to use.
    expect(email.text.indexOf("042917")).toBeGreaterThan(email.text.indexOf("/verify/"));
  });

  it("escapes the name in HTML", () => {
    expect(email.html).toContain("Ada &quot;&lt;b&gt;&quot; O&#39;Neil");
    expect(email.html).not.toContain("<b>");
    expect(email.text).toContain(`Hi Ada "<b>" O'Neil,`);
  });

  it("has a subject", () => {
    expect(email.subject).toBe("Your AisleIQ sign-in link");
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
  });
});

describe("describeWait", () => {
  it("names the wait in seconds under a minute and whole minutes above", () => {
    expect(describeWait(0)).toBe("1 second");
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(45)).toBe("45 seconds");
    expect(describeWait(60)).toBe("1 minute");
    expect(describeWait(61)).toBe("2 minutes");
    expect(describeWait(900)).toBe("15 minutes");
    expect(describeWait(7200)).toBe("120 minutes");
    expect(describeWait(7201)).toBe("3 hours");
    expect(describeWait(86_400)).toBe("24 hours");
  });
});
