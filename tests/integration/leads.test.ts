import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRIVACY_NOTICE_VERSION } from "../../src/common/privacy";
import { emailOutbox, leads } from "../../src/server/db/schema";
import { createActor, createUser } from "../support/actors";
import { testBackends } from "./support/database";
import {
  requestMagicLink,
  resetDatabase,
  useTestDatabase,
  useTestServer,
  verifyToken,
} from "./support/fixture";
import { leadBody } from "./support/payloads";
import { closedPort, startTestServer, waitFor } from "./support/test-app";

const SALES = "sales-desk@example.com";
/** The phone error states the rule (ADR 0019). */
const PHONE_RULE = "Please enter a phone number with 7 to 15 digits.";

const lead = leadBody;

describe.each(testBackends())("Get Started leads API on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("capturing a lead", () => {
    const f = useTestServer(database, { env: { SALES_EMAIL: SALES } });

    it("stores the lead and emails sales (all fields, plan) and the visitor (thank-you words)", async () => {
      const response = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ firstName: "  Grace " }),
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: expect.any(Number) });
      const [row] = await f.db.select().from(leads).where(eq(leads.id, response.body.id));
      expect(row).toMatchObject({
        firstName: "Grace",
        lastName: "Hopper",
        company: "Hopper Foods",
        phone: "+1 314 555 0100",
        phoneE164: "+13145550100",
        email: "grace@hopperfoods.example",
        planTitle: "Optimal",
      });
      const queued = await f.db.select().from(emailOutbox);
      expect(queued.map((m) => m.toAddress).sort()).toEqual([SALES, "grace@hopperfoods.example"].sort());

      const notice = await f.smtp.nextEmail(SALES);
      expect(notice.subject).toContain("Grace Hopper");
      for (const value of ["Hopper Foods", "grace@hopperfoods.example", "+1 314 555 0100", "Plan: Optimal"]) {
        expect(notice.text).toContain(value);
      }
      const thanks = await f.smtp.nextEmail("grace@hopperfoods.example");
      expect(thanks.text).toContain("Congratulations you are on the way to the future of retail!");
      expect(thanks.text).toContain("We will reach out shortly to set up your account.");
      expect(thanks.html).not.toContain("<script");
    });

    it.each([
      ["+1 (555) 010-3000", "+15550103000"],
      ["+44 20 7946 0958", "+442079460958"],
      ["(314) 555.0100", "3145550100"],
      ["555-0100", "5550100"],
      ["+123 456 789 012 345", "+123456789012345"],
    ])("accepts the phone %j as typed and stores its normalised value %j", async (phone, e164) => {
      const response = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ phone, email: `phone-${e164.replace("+", "p")}@example.com` }),
      });
      expect(response.status).toBe(201);
      const [row] = await f.db.select().from(leads).where(eq(leads.id, response.body.id));
      expect(row).toMatchObject({ phone, phoneE164: e164 });
    });

    it("escapes markup in the emails", async () => {
      const response = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ company: "<b>Evil</b> & Co", email: "markup@example.com" }),
      });
      expect(response.status).toBe(201);
      const thanks = await f.smtp.nextEmail("markup@example.com");
      expect(thanks.html).toContain("&lt;b&gt;Evil&lt;/b&gt; &amp; Co");
      expect(thanks.html).not.toContain("<b>Evil</b>");
    });

    it("answers a filled honeypot with 201 but stores and sends nothing", async () => {
      const before = await f.db.select().from(leads);
      const outboxBefore = await f.db.select().from(emailOutbox);
      const response = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ email: "bot@spam.example", website: "http://spam.example" }),
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: expect.any(Number) });
      expect(await f.db.select().from(leads)).toHaveLength(before.length);
      expect(await f.db.select().from(emailOutbox)).toHaveLength(outboxBefore.length);
      await f.server.app.ctx.outbox.idle();
      expect(f.smtp.emailsTo("bot@spam.example")).toHaveLength(0);
    });
  });

  describe("validation", () => {
    const f = useTestServer(database);

    it("answers 400 with the documented messages in the documented order and stores nothing", async () => {
      const { firstName: _missing, ...withoutFirstName } = lead();
      const cases: Array<[unknown, string]> = [
        [withoutFirstName, "Please fill in all the fields to continue."],
        [
          lead({ company: "   ", email: "not-an-email", phone: "1" }),
          "Please fill in all the fields to continue.",
        ],
        [
          lead({ email: "grace@nowhere", phone: "1", planTitle: "Gold" }),
          "Please enter a valid email address.",
        ],
        [lead({ phone: "call me maybe", planTitle: "Gold" }), PHONE_RULE],
        [lead({ phone: "1234567890123456" }), PHONE_RULE],
        [lead({ planTitle: "Gold" }), "Please choose a plan: Starter, Optimal or Unlimited."],
        [lead({ planTitle: undefined }), "Please choose a plan: Starter, Optimal or Unlimited."],
        ["not json object", "Please fill in all the fields to continue."],
      ];
      for (const [body, message] of cases) {
        const response = await f.server.request("POST", "/api/send-get-started-email", { json: body });
        expect(response.status, message).toBe(400);
        expect(response.body).toEqual({ error: message, code: "VALIDATION_ERROR" });
      }
      const tooLong = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ company: "x".repeat(201) }),
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.code).toBe("VALIDATION_ERROR");
      expect(await f.db.select().from(leads)).toHaveLength(0);
      expect(await f.db.select().from(emailOutbox)).toHaveLength(0);
    });
  });

  describe("phone rule (ADR 0019)", () => {
    const f = useTestServer(database);

    it.each([
      ["(((((((", "formatting only"],
      ["555 010", "6 digits"],
      ["+1 314 555 0100 23456", "16 digits"],
      [`+1 ${" ".repeat(40)}3145550100`, "longer than the cap"],
      ["+1 314 555 0100 ext. 12", "letters"],
      ["1 + 314 555 0100", "a '+' after the start"],
    ])("answers 400 stating the rule for %j (%s)", async (phone) => {
      const response = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ phone }),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: PHONE_RULE, code: "VALIDATION_ERROR" });
      expect(await f.db.select().from(leads)).toHaveLength(0);
    });
  });

  describe("rate limit", () => {
    const f = useTestServer(database);

    it("allows 10 requests per IP in 15 minutes, then answers 429 with Retry-After", async () => {
      for (let i = 0; i < 10; i++) {
        const response = await f.server.request("POST", "/api/send-get-started-email", {
          json: lead({ email: `visitor${i}@example.com` }),
        });
        expect(response.status).toBe(201);
      }
      const blocked = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ email: "eleventh@example.com" }),
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe("RATE_LIMITED");
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await f.db.select().from(leads).where(eq(leads.email, "eleventh@example.com"))).toHaveLength(0);
    });
  });

  describe("with SMTP down", () => {
    it("still answers 201 and stores the lead; both emails stay pending in the outbox", async () => {
      await resetDatabase(database.db);
      const down = await startTestServer({
        db: database.handle,
        env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, SALES_EMAIL: SALES },
      });
      try {
        const response = await down.request("POST", "/api/send-get-started-email", {
          json: lead({ email: "offline@example.com" }),
        });
        expect(response.status).toBe(201);
        const rows = await database.db.select().from(leads).where(eq(leads.id, response.body.id));
        expect(rows).toHaveLength(1);
        const tried = await waitFor(async () => {
          const queued = await database.db.select().from(emailOutbox);
          return queued.length === 2 && queued.every((row) => row.lastError) ? queued : undefined;
        });
        expect(tried.map((row) => row.status)).toEqual(["pending", "pending"]);
        expect(tried.map((row) => row.toAddress).sort()).toEqual(["offline@example.com", SALES].sort());
      } finally {
        await down.close();
      }
    });
  });

  describe("admin list", () => {
    const f = useTestServer(database);

    it("is admin only, lists newest first, searches, pages and exports formula-safe CSV", async () => {
      const people = [
        { firstName: "Alice", company: "Acme Grocers", email: "alice@acme.example", planTitle: "Starter" },
        { firstName: "Bob", company: "Stadium Eats", email: "bob@stadium.example", planTitle: "Unlimited" },
        { firstName: "=HYPERLINK(1)", company: 'Quote "Co", Ltd', email: "formula@example.com" },
      ];
      for (const person of people) {
        const response = await f.server.request("POST", "/api/send-get-started-email", {
          json: lead(person),
        });
        expect(response.status).toBe(201);
      }
      expect((await f.server.request("GET", "/api/leads")).status).toBe(401);

      await createUser(f.db, { email: "plain@example.com" });
      const userCookie = await verifyToken(f, await requestMagicLink(f, "plain@example.com"));
      const forbidden = await f.server.request("GET", "/api/leads", { cookie: userCookie });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe("FORBIDDEN");
      await createUser(f.db, { email: "ca@example.com", role: "company_admin" });
      const companyAdmin = await verifyToken(f, await requestMagicLink(f, "ca@example.com"));
      expect((await f.server.request("GET", "/api/leads", { cookie: companyAdmin })).status).toBe(403);

      await createUser(f.db, { email: "boss@example.com", role: "admin" });
      const cookie = await verifyToken(f, await requestMagicLink(f, "boss@example.com"));
      const all = await f.server.request("GET", "/api/leads", { cookie });
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(3);
      expect(all.body.leads.map((l: { email: string }) => l.email)).toEqual([
        "formula@example.com",
        "bob@stadium.example",
        "alice@acme.example",
      ]);
      expect(all.body.leads[0]).toMatchObject({ lastName: "Hopper", phone: "+1 314 555 0100" });
      expect(Number.isNaN(Date.parse(all.body.leads[0].createdAt))).toBe(false);

      const emails = async (query: string) => {
        const response = await f.server.request("GET", `/api/leads${query}`, { cookie });
        expect(response.status).toBe(200);
        return response.body.leads.map((l: { email: string }) => l.email);
      };
      expect(await emails("?q=ACME")).toEqual(["alice@acme.example"]);
      expect(await emails("?q=unlimited")).toEqual(["bob@stadium.example"]);
      expect(await emails("?q=bob%40stadium")).toEqual(["bob@stadium.example"]);
      expect(await emails("?q=alice%20hopper")).toEqual(["alice@acme.example"]);
      expect(await emails("?q=555%200100")).toHaveLength(3);
      expect(await emails("?q=%25")).toEqual([]);
      expect(await emails("?limit=1&offset=1")).toEqual(["bob@stadium.example"]);
      expect((await f.server.request("GET", "/api/leads?limit=100000", { cookie })).status).toBe(400);

      const csv = await f.server.request("GET", "/api/leads?format=csv&q=EXAMPLE", { cookie });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toContain("text/csv");
      expect(csv.headers.get("content-disposition")).toMatch(
        /^attachment; filename="aisleiq-leads-[\d-]+\.csv"$/,
      );
      const lines = String(csv.body).split("\r\n");
      expect(lines[0]).toBe(
        "id,receivedAt,firstName,lastName,company,email,phone,plan,utm_source,utm_medium,utm_campaign,utm_term,utm_content,referrer,landingPath,privacyNoticeVersion",
      );
      expect(lines).toHaveLength(5); // header, three leads, and the empty string after the last CRLF
      expect(lines[1]).toContain(
        `,'=HYPERLINK(1),Hopper,"Quote ""Co"", Ltd",formula@example.com,'+1 314 555 0100,Optimal`,
      );
      expect(lines[1]).not.toContain(",=HYPERLINK");

      expect((await f.server.request("GET", "/api/leads?format=csv")).status).toBe(401);

      const docs = await f.server.request("GET", "/api/openapi.json");
      expect(Object.keys(docs.body.paths)).toEqual(
        expect.arrayContaining(["/api/send-get-started-email", "/api/leads"]),
      );
    });
  });
  describe("attribution and privacy notice version", () => {
    // Each case comes from its own address, so the 10-per-IP lead limit stays out of the way.
    const f = useTestServer(database, { env: { TRUST_PROXY: "loopback" } });
    let client = 0;
    const from = () => ({ "x-forwarded-for": `198.51.100.${++client}` });
    const attribution = {
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring-launch",
      utmTerm: "shelf analytics",
      utmContent: "hero-button",
      referrer: "https://news.example/issue/42",
      landingPath: "/es/calculator",
    };

    it("stores the visit's attribution and notice version, shows and filters them in the inbox, exports them in the CSV", async () => {
      const tagged = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({
          email: "tagged@example.com",
          ...attribution,
          privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        }),
        headers: from(),
      });
      expect(tagged.status).toBe(201);
      const other = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ email: "other@example.com", utmSource: "linkedin", utmMedium: "social" }),
        headers: from(),
      });
      expect(other.status).toBe(201);
      const plain = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ email: "plain@example.com", referrer: "", landingPath: "" }),
        headers: from(),
      });
      expect(plain.status).toBe(201);
      const [row] = await f.db.select().from(leads).where(eq(leads.id, tagged.body.id));
      expect(row).toMatchObject({ ...attribution, privacyNoticeVersion: PRIVACY_NOTICE_VERSION });
      const [bare] = await f.db.select().from(leads).where(eq(leads.id, plain.body.id));
      expect(bare).toMatchObject({
        utmSource: null,
        referrer: null,
        landingPath: null,
        privacyNoticeVersion: null,
      });

      const { cookie } = await createActor(f.db, { email: "attribution-admin@example.com", role: "admin" });
      const inbox = await f.server.request("GET", "/api/leads", { cookie });
      expect(inbox.status).toBe(200);
      expect(inbox.body.leads.find((l: { email: string }) => l.email === "tagged@example.com")).toMatchObject(
        {
          ...attribution,
          privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        },
      );
      expect(inbox.body.facets).toEqual({
        utmSource: ["linkedin", "newsletter"],
        utmMedium: ["email", "social"],
        utmCampaign: ["spring-launch"],
      });
      const emails = async (query: string) =>
        (await f.server.request("GET", `/api/leads${query}`, { cookie })).body.leads.map(
          (l: { email: string }) => l.email,
        );
      expect(await emails("?utm_source=newsletter")).toEqual(["tagged@example.com"]);
      expect(await emails("?utm_medium=social")).toEqual(["other@example.com"]);
      expect(await emails("?utm_campaign=spring-launch&utm_source=linkedin")).toEqual([]);
      expect(await emails("?q=news.example")).toEqual(["tagged@example.com"]);

      const csv = await f.server.request("GET", "/api/leads?format=csv&utm_source=newsletter", { cookie });
      const lines = String(csv.body).split("\r\n");
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(
        `,newsletter,email,spring-launch,shelf analytics,hero-button,https://news.example/issue/42,/es/calculator,${PRIVACY_NOTICE_VERSION}`,
      );
    });

    const REFERRER_RULE = "referrer must be an http(s) URL without query or fragment";
    const PATH_RULE = "landingPath must be a path starting with / without query or fragment";
    it.each([
      ["a 201-character UTM value", { utmSource: "x".repeat(201) }, "utmSource is too long"],
      ["a control character", { utmCampaign: "spring\u0000" }, undefined],
      [
        "a referrer with a query",
        { referrer: "https://news.example/a?email=ann@example.com" },
        REFERRER_RULE,
      ],
      ["a referrer that is not http(s)", { referrer: "javascript:alert(1)" }, REFERRER_RULE],
      [
        "a referrer over 1000 characters",
        { referrer: `https://news.example/${"a".repeat(1000)}` },
        "referrer is too long",
      ],
      ["a protocol-relative landing path", { landingPath: "//evil.example/x" }, PATH_RULE],
      ["a landing path with a query", { landingPath: "/calculator?utm_source=x" }, PATH_RULE],
      ["an unknown notice version", { privacyNoticeVersion: "1999-01-01" }, undefined],
    ])("refuses %s with 400 and stores nothing", async (_case, fields, message) => {
      const before = (await f.db.select().from(leads)).length;
      const response = await f.server.request("POST", "/api/send-get-started-email", {
        json: lead({ email: "refused@example.com", ...fields }),
        headers: from(),
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
      if (message) expect(response.body.error).toBe(message);
      expect((await f.db.select().from(leads)).length).toBe(before);
    });
  });
});
