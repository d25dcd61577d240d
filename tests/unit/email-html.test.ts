import { describe, expect, it } from "vitest";
import { checkHtml, formatErrors } from "../../scripts/check-html";
import { LANGUAGES, type Language } from "../../src/common/languages";
import { RETAILER_DEMOS } from "../../src/common/retailer-demos";
import { deactivatedAccountEmail, magicLinkEmail, stepUpCodeEmail } from "../../src/server/auth/emails";
import {
  disputeFiledEmail,
  finalNoticeEmail,
  preAdverseEmail,
  receiptEmail,
} from "../../src/server/background-checks/adverse-emails";
import { decisionEmail } from "../../src/server/background-checks/emails";
import {
  registrationConfirmationEmail,
  registrationNoticeEmail,
} from "../../src/server/demo-registrations/emails";
import { invitationEmail } from "../../src/server/invitations/emails";
import { leadConfirmationEmail, leadNoticeEmail } from "../../src/server/leads/emails";
import type { OutboxKind } from "../../src/server/mail/outbox";
import type { RenderedEmail } from "../../src/server/mail/templates";
import { passkeyChangeEmail } from "../../src/server/passkeys/emails";

/**
 * Every email the app sends, in every language it is written in, is an HTML document the Nu Html
 * Checker (the W3C's validator) finds no error in, with its subject as `<title>` and its language
 * as `<html lang>` (the language `Content-Language` carries). One checker run for all of them.
 */

const PUBLIC_URL = "https://aisleiq.example";
const TOKEN = "t".repeat(43);
const demo = RETAILER_DEMOS[0];
if (!demo) throw new Error("no retailer demo");
const lead = {
  firstName: "José",
  lastName: "Muñoz <b>",
  company: "Tienda & Co",
  phone: "+1 555 0100",
  email: "jose@example.com",
  planTitle: "Optimal" as const,
};
const person = { firstName: "Ana", lastName: "O'Brien", email: "ana@schnucks.com", phone: "+1 555 0101" };

/**
 * Each kind of outbox row that is an email (webhook deliveries are outbox rows too, ADR 0051),
 * rendered in a language (the notices to the team exist in English only).
 */
const RENDER: Record<
  Exclude<OutboxKind, "lead_webhook" | "demo_registration_webhook">,
  (language: Language) => RenderedEmail | undefined
> = {
  magic_link: (language) =>
    magicLinkEmail({ publicUrl: PUBLIC_URL, token: TOKEN, code: "123456", fullName: "Ana", language }),
  account_deactivated: (language) =>
    deactivatedAccountEmail({ fullName: "Ana", company: "Fresh Foods", language }),
  invitation: (language) =>
    invitationEmail({
      publicUrl: PUBLIC_URL,
      token: TOKEN,
      inviterName: "Ana",
      role: "company_admin",
      companyName: "Fresh Foods",
      language,
    }),
  lead: (language) => (language === "en" ? leadNoticeEmail(lead, 42, PUBLIC_URL) : undefined),
  lead_confirmation: (language) => leadConfirmationEmail(lead, language),
  demo_registration: (language) =>
    language === "en" ? registrationNoticeEmail(demo, person, "reg-1", PUBLIC_URL) : undefined,
  demo_registration_confirmation: (language) => registrationConfirmationEmail(demo, person, language),
  check_authorization_receipt: (language) =>
    receiptEmail({ publicUrl: PUBLIC_URL, fullName: "Ana <b>", language }),
  check_pre_adverse_notice: (language) =>
    preAdverseEmail({
      publicUrl: PUBLIC_URL,
      fullName: "Ana",
      language,
      notes: "Expired <id> & scan",
      finalAt: new Date("2026-12-03T10:00:00Z"),
    }),
  check_dispute_filed: (language) =>
    disputeFiledEmail({ publicUrl: PUBLIC_URL, fullName: "Carla", language, applicantName: "Ana <i>" }),
  check_final_notice: (language) =>
    finalNoticeEmail({ publicUrl: PUBLIC_URL, fullName: "Ana", language, notes: "Expired <id>" }),
  check_decision: (language) =>
    decisionEmail({
      publicUrl: PUBLIC_URL,
      change: "rejected",
      fullName: "Ana",
      notes: "Please upload a clearer <scan> & try again.",
      language,
    }),
  step_up_code: (language) =>
    stepUpCodeEmail({ code: "123456", fullName: "Ana", device: "Chrome on macOS", language }),
  passkey_added: (language) =>
    passkeyChangeEmail({
      change: { kind: "added", name: "Chrome on macOS" },
      fullName: "Ana",
      publicUrl: PUBLIC_URL,
      language,
    }),
  passkey_removed: (language) =>
    passkeyChangeEmail({
      change: { kind: "removedByAdmin", count: 2 },
      fullName: "Ana",
      publicUrl: PUBLIC_URL,
      language,
    }),
};

const emails = Object.entries(RENDER).flatMap(([kind, render]) =>
  LANGUAGES.flatMap((language) => {
    const email = render(language);
    return email ? [{ name: `${kind}.${language}.html`, language, email }] : [];
  }),
);

describe("email HTML parts", () => {
  it("covers every kind in every language it is written in", () => {
    expect(emails.map((entry) => entry.name)).toHaveLength(28);
  });

  it("carry the subject as <title> and the language as <html lang> and Content-Language", () => {
    for (const { name, language, email } of emails) {
      expect([name, email.language]).toEqual([name, language]);
      expect(email.html).toMatch(
        new RegExp(`^<!doctype html><html lang="${language}"><head><meta charset="utf-8">`),
      );
      const title = /<title>([^<]*)<\/title>/.exec(email.html)?.[1];
      const escaped = email.subject.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
      expect([name, title]).toEqual([name, escaped.replace(/"/g, "&quot;").replace(/'/g, "&#39;")]);
    }
  });

  it("pass the Nu Html Checker with no HTML error", async () => {
    const report = await checkHtml(emails.map(({ name, email }) => ({ name, html: email.html })));
    expect(report.documents).toBe(emails.length);
    expect(formatErrors(report.errors)).toBe("");
  }, 60_000);
});
