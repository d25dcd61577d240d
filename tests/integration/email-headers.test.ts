import { type AddressObject, simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { emailOutbox, leads } from "../../src/server/db/schema";
import type { ReceivedEmail } from "../support/smtp-sink";
import { oneBackend } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";
import { demoRegistrationBody, leadBody } from "./support/payloads";
import { TEST_PUBLIC_URL } from "./support/test-app";

/**
 * What mail systems and the sales team expect of our emails, read back with a real mail parser
 * (mailparser) from what the SMTP sink received: every email says `Auto-Submitted:
 * auto-generated` (RFC 3834: no vacation reply to our no-reply sender) and `Content-Language`;
 * the notices about a lead or a store-demo registration answer to the person who wrote
 * (`Reply-To`, the validated address, never a way to inject a header) and link to the record in
 * the admin's inbox. The outbox stores these per row the same on both backends: one backend.
 */
describe.each(oneBackend())("email headers on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);

  const parse = async (mail: ReceivedEmail) => simpleParser(mail.raw);
  const addresses = (value: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(value) ? value : value ? [value] : []).flatMap((entry) =>
      entry.value.map((a) => a.address),
    );

  it("sends the lead notice to sales with Reply-To the visitor and a link to the lead in the inbox", async () => {
    const email = "o'brien+lead@example.com";
    const response = await f.server.request("POST", "/api/send-get-started-email", {
      json: leadBody({ email, firstName: "José", lastName: "Muñoz", language: "es" }),
    });
    expect(response.status).toBe(201);
    const notice = await parse(await f.smtp.nextEmail(f.server.config.SALES_EMAIL));
    expect(addresses(notice.replyTo)).toEqual([email]);
    expect(notice.headers.get("auto-submitted")).toBe("auto-generated");
    expect(notice.headers.get("content-language")).toBe("en");
    const link = `${TEST_PUBLIC_URL}/admin/dashboard?${new URLSearchParams({ leadsSearch: email })}#section-leads`;
    expect(notice.text).toContain(link);
    expect(notice.html).toContain(`href="${link}"`);

    const confirmation = await parse(await f.smtp.nextEmail(email));
    expect(confirmation.headers.get("auto-submitted")).toBe("auto-generated");
    expect(confirmation.headers.get("content-language")).toBe("es");
    expect(confirmation.replyTo).toBeUndefined();
  });

  it("sends the store-demo notice with Reply-To the registrant and a link to the registration", async () => {
    const body = demoRegistrationBody({ email: "rosa.reply@schnucks.com" });
    const response = await f.server.request("POST", "/api/send-schnucks-demo-email", { json: body });
    expect(response.status).toBe(200);
    const notice = await parse(await f.smtp.nextEmail(f.server.config.DEMO_REGISTRATION_EMAIL));
    expect(addresses(notice.replyTo)).toEqual(["rosa.reply@schnucks.com"]);
    expect(notice.headers.get("auto-submitted")).toBe("auto-generated");
    expect(notice.headers.get("content-language")).toBe("en");
    expect(notice.text).toContain(
      `${TEST_PUBLIC_URL}/admin/dashboard?registrationsSearch=rosa.reply%40schnucks.com#section-demo-registrations`,
    );
    const confirmation = await parse(await f.smtp.nextEmail("rosa.reply@schnucks.com"));
    expect(confirmation.headers.get("content-language")).toBe("en");
  });

  it("marks the sign-in email auto-generated too, in the user's language", async () => {
    const response = await f.server.request("POST", "/api/admin/create-initial", {
      json: { email: "first.admin@example.com", fullName: "First Admin", language: "es" },
    });
    expect(response.status).toBe(201);
    const mail = await parse(await f.smtp.nextEmail("first.admin@example.com"));
    expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
    expect(mail.headers.get("content-language")).toBe("es");
  });

  it("refuses an address or a name that would inject a header: nothing stored, nothing sent", async () => {
    const before = f.smtp.received.length;
    const hostile = [
      { email: "x@example.com\r\nBcc: victim@example.com" },
      { email: "x@example.com\nBcc: victim@example.com" },
      { email: '"x\r\nBcc: victim@example.com"@example.com' },
      { email: "x@example.com, victim@example.com" },
      { firstName: "Ann\r\nBcc: victim@example.com" },
    ];
    for (const overrides of hostile) {
      const response = await f.server.request("POST", "/api/send-get-started-email", {
        json: leadBody({ ...overrides }),
      });
      expect([overrides, response.status]).toEqual([overrides, 400]);
    }
    const stored = await f.db.select({ email: leads.email }).from(leads);
    expect(stored.some((row) => row.email.includes("victim"))).toBe(false);
    // Nothing queued for or replying to the injected address, so nothing can ever be sent.
    const queued = await f.db
      .select({ to: emailOutbox.toAddress, replyTo: emailOutbox.replyTo, html: emailOutbox.html })
      .from(emailOutbox);
    expect(queued.filter((row) => `${row.to} ${row.replyTo} ${row.html}`.includes("victim"))).toEqual([]);
    expect(f.smtp.received.slice(before).flatMap((mail) => mail.to)).not.toContain("victim@example.com");
  });
});
