import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REGISTRATION_RATE_PER_IP } from "../../src/common/limits";
import { PRIVACY_NOTICE_VERSION } from "../../src/common/privacy";
import { demoRegistrations, emailOutbox } from "../../src/server/db/schema";
import { createUser } from "../support/actors";
import { startSmtpSink } from "../support/smtp-sink";
import { testBackends } from "./support/database";
import {
  requestMagicLink,
  resetDatabase,
  useTestDatabase,
  useTestServer,
  verifyToken,
} from "./support/fixture";
import { demoRegistrationBody } from "./support/payloads";
import { closedPort, startTestServer, waitFor } from "./support/test-app";

const NOTIFY_TO = "demo-desk@example.com";

function registration(overrides: Record<string, unknown> = {}) {
  return demoRegistrationBody({ timestamp: new Date().toISOString(), ...overrides });
}

describe.each(testBackends())("demo registrations API on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("registering", () => {
    const f = useTestServer(database, { env: { DEMO_REGISTRATION_EMAIL: NOTIFY_TO } });
    const rowCount = async (id: string) => {
      const [row] = await f.db
        .select({ n: count() })
        .from(demoRegistrations)
        .where(eq(demoRegistrations.id, id));
      return row?.n ?? -1;
    };

    it("stores a registration and emails the demo desk and the registrant", async () => {
      const body = registration({ email: "Rosa.Parker@Schnucks.com" });
      const response = await f.server.request("POST", "/api/send-schnucks-demo-email", { json: body });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ registrationId: body.registrationId, message: expect.any(String) });
      const [row] = await f.db
        .select()
        .from(demoRegistrations)
        .where(eq(demoRegistrations.id, body.registrationId));
      expect(row).toMatchObject({
        retailerSlug: "schnucks",
        firstName: "Rosa",
        email: "rosa.parker@schnucks.com",
        acceptTerms: true,
      });
      const notice = await f.smtp.nextEmail(NOTIFY_TO);
      expect(notice.subject).toContain("Rosa Parker");
      expect(notice.text).toContain("rosa.parker@schnucks.com");
      expect(notice.text).toContain("(314) 555-0100");
      const confirmation = await f.smtp.nextEmail("rosa.parker@schnucks.com");
      expect(confirmation.text).toContain("login QR code");
    });

    it("rejects a foreign or look-alike domain with 400 and stores nothing", async () => {
      for (const email of ["rosa@gmail.com", "user@evil-schnucks.com", "user@schnucks.com.evil.io"]) {
        const body = registration({ email });
        const response = await f.server.request("POST", "/api/demo-registrations/schnucks", { json: body });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          error: "Email must end with the company domain.",
          code: "INVALID_EMAIL_DOMAIN",
        });
        expect(await rowCount(body.registrationId)).toBe(0);
      }
    });

    it("applies the documented rules in order on the server", async () => {
      const cases = [
        [{ firstName: " ", email: "x@gmail.com" }, "Please fill in all the fields to continue."],
        [{ email: "x@gmail.com", phone: "12" }, "Email must end with the company domain."],
        [{ phone: "555-0100", acceptTerms: false }, "Please enter a valid phone number."],
        [
          { acceptTerms: false },
          "Please accept the Terms of Service, Non-Disclosure Agreement, and Privacy Policy.",
        ],
      ] as const;
      for (const [overrides, message] of cases) {
        const response = await f.server.request("POST", "/api/send-schnucks-demo-email", {
          json: registration(overrides),
        });
        expect(response.status).toBe(400);
        expect(response.body.error).toBe(message);
      }
      const noId = await f.server.request("POST", "/api/send-schnucks-demo-email", {
        json: { ...registration(), registrationId: "not-a-uuid" },
      });
      expect(noId.status).toBe(400);
      expect(noId.body.code).toBe("VALIDATION_ERROR");
    });

    it("refuses a timestamp before 1970 or after year 9999 with 400 VALIDATION_ERROR and stores nothing", async () => {
      const outside = [
        "0000-01-01T00:00:00Z",
        "0000-06-15T12:00:00.000+00:00",
        "0001-01-01T00:00:00Z",
        "1969-12-31T23:59:59Z",
        "1970-01-01T00:59:59+01:00",
        "9999-12-31T23:59:59-01:00",
      ];
      for (const timestamp of outside) {
        const body = registration({ timestamp });
        const response = await f.server.request("POST", "/api/demo-registrations/schnucks", { json: body });
        expect([timestamp, response.status, response.body]).toEqual([
          timestamp,
          400,
          { error: "timestamp must be an ISO 8601 time", code: "VALIDATION_ERROR", field: "timestamp" },
        ]);
        expect(await rowCount(body.registrationId)).toBe(0);
      }
      for (const timestamp of ["1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z"]) {
        const body = registration({ timestamp, email: `edge${timestamp.slice(0, 4)}@schnucks.com` });
        const response = await f.server.request("POST", "/api/demo-registrations/schnucks", { json: body });
        expect([timestamp, response.status]).toEqual([timestamp, 200]);
        const [row] = await f.db
          .select({ submittedAt: demoRegistrations.submittedAt })
          .from(demoRegistrations)
          .where(eq(demoRegistrations.id, body.registrationId));
        expect(row?.submittedAt?.toISOString()).toBe(timestamp.replace("Z", ".000Z"));
      }
    });

    it("answers 404 for a demo that does not exist", async () => {
      const response = await f.server.request("POST", "/api/demo-registrations/nowhere", {
        json: registration(),
      });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("NOT_FOUND");
    });

    it("is idempotent: 5 replays of one registrationId give 1 row, 1 notice and the same answer", async () => {
      const body = registration({ email: "replay@schnucks.com" });
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          f.server.request("POST", "/api/send-schnucks-demo-email", { json: body }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      for (const response of responses) expect(response.body).toEqual(responses[0]?.body);
      expect(await rowCount(body.registrationId)).toBe(1);
      const queued = await f.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, "replay@schnucks.com"));
      expect(queued).toHaveLength(1);
      await f.smtp.nextEmail("replay@schnucks.com");
      await f.server.app.ctx.outbox.idle();
      expect(f.smtp.emailsTo("replay@schnucks.com")).toHaveLength(1);
    });

    it("refuses to reuse a registrationId for a different person (409)", async () => {
      const body = registration({ email: "first@schnucks.com" });
      expect((await f.server.request("POST", "/api/send-schnucks-demo-email", { json: body })).status).toBe(
        200,
      );
      const other = await f.server.request("POST", "/api/send-schnucks-demo-email", {
        json: { ...body, email: "second@schnucks.com" },
      });
      expect(other.status).toBe(409);
      expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    });

    it("delivers the emails after SMTP refuses them a few times", async () => {
      f.smtp.refuseNext(2);
      const body = registration({ email: "retry@schnucks.com" });
      expect((await f.server.request("POST", "/api/send-schnucks-demo-email", { json: body })).status).toBe(
        200,
      );
      const mail = await f.smtp.nextEmail("retry@schnucks.com", 15_000);
      expect(mail.subject).toContain("Store Demo registration");
    });
  });

  describe("with SMTP down", () => {
    it("still answers 200, stores the registration and keeps both emails until SMTP is back", async () => {
      await resetDatabase(database.db);
      const down = await startTestServer({
        db: database.handle,
        env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, DEMO_REGISTRATION_EMAIL: NOTIFY_TO },
      });
      const body = registration({ email: "offline-mail@schnucks.com" });
      try {
        const response = await down.request("POST", "/api/send-schnucks-demo-email", { json: body });
        expect(response.status).toBe(200);
        const rows = await database.db
          .select()
          .from(demoRegistrations)
          .where(eq(demoRegistrations.id, body.registrationId));
        expect(rows).toHaveLength(1);
        const failed = await waitFor(async () => {
          const queued = await database.db.select().from(emailOutbox);
          return queued.length === 2 && queued.every((row) => row.lastError) ? queued : undefined;
        });
        expect(failed.map((row) => row.status)).toEqual(["pending", "pending"]);
      } finally {
        await down.close();
      }
      // SMTP is back: a server with a working transport delivers both queued emails.
      const smtp = await startSmtpSink();
      const up = await startTestServer({ db: database.handle, env: { SMTP_URL: smtp.url } });
      try {
        up.app.ctx.outbox.wake();
        const [notice, confirmation] = await Promise.all([
          smtp.nextEmail(NOTIFY_TO, 20_000),
          smtp.nextEmail("offline-mail@schnucks.com", 20_000),
        ]);
        expect(notice.text).toContain("offline-mail@schnucks.com");
        expect(confirmation.subject).toContain("Store Demo registration");
      } finally {
        await up.close();
        await smtp.close();
      }
    });
  });

  describe("rate limit", () => {
    const f = useTestServer(database);

    it("answers 429 RATE_LIMITED past the per-IP limit, with Retry-After", async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= REGISTRATION_RATE_PER_IP; i++) {
        const response = await f.server.request("POST", "/api/send-schnucks-demo-email", {
          json: registration({ email: `staff${i}@schnucks.com` }),
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.body.code).toBe("RATE_LIMITED");
          expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        }
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(REGISTRATION_RATE_PER_IP);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe("admin list", () => {
    const f = useTestServer(database);

    it("is admin only, searches, and exports CSV", async () => {
      for (const [firstName, email] of [
        ["Alice", "alice@schnucks.com"],
        ["Bob", "bob@schnucks.com"],
        ["=cmd", "formula@schnucks.com"],
      ] as const) {
        // Alice's form showed the privacy notice; the others come from a client that predates it.
        const notice = firstName === "Alice" ? { privacyNoticeVersion: PRIVACY_NOTICE_VERSION } : {};
        const response = await f.server.request("POST", "/api/send-schnucks-demo-email", {
          json: registration({ firstName, email, ...notice }),
        });
        expect(response.status).toBe(200);
      }
      expect((await f.server.request("GET", "/api/demo-registrations")).status).toBe(401);
      await createUser(f.db, { email: "plain@example.com" });
      const userCookie = await verifyToken(f, await requestMagicLink(f, "plain@example.com"));
      expect((await f.server.request("GET", "/api/demo-registrations", { cookie: userCookie })).status).toBe(
        403,
      );

      await createUser(f.db, { email: "boss@example.com", role: "admin" });
      const cookie = await verifyToken(f, await requestMagicLink(f, "boss@example.com"));
      const all = await f.server.request("GET", "/api/demo-registrations", { cookie });
      expect(all.status).toBe(200);
      expect(all.body.registrations).toHaveLength(3);
      expect(all.body.truncated).toBe(false);

      const search = await f.server.request("GET", "/api/demo-registrations?q=ALI", { cookie });
      expect(search.body.registrations.map((r: { email: string }) => r.email)).toEqual([
        "alice@schnucks.com",
      ]);
      expect(search.body.registrations[0].privacyNoticeVersion).toBe(PRIVACY_NOTICE_VERSION);
      const unknownVersion = await f.server.request("POST", "/api/send-schnucks-demo-email", {
        json: registration({ email: "late@schnucks.com", privacyNoticeVersion: "2020-01-01" }),
      });
      expect(unknownVersion.status).toBe(400);

      const csv = await f.server.request("GET", "/api/demo-registrations?format=csv", { cookie });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toContain("text/csv");
      expect(csv.headers.get("content-disposition")).toContain("demo-registrations.csv");
      const lines = String(csv.body).trim().split("\r\n");
      expect(lines[0]).toBe(
        "id,retailer,firstName,lastName,email,phone,acceptTerms,submittedAt,createdAt,privacyNoticeVersion",
      );
      expect(lines.find((line) => line.includes("alice@schnucks.com"))).toMatch(
        new RegExp(`,${PRIVACY_NOTICE_VERSION}$`),
      );
      expect(lines).toHaveLength(4);
      expect(String(csv.body)).toContain(",'=cmd,");
    });
  });
});

describe("demo overrides from the environment", () => {
  const database = useTestDatabase({ name: "pglite" });
  const f = useTestServer(database, {
    env: { DEMO_EMAIL_DOMAIN: "Example-Grocer.test", DEMO_IOS_URL: "https://apps.example.test/ios" },
  });

  it("validates against DEMO_EMAIL_DOMAIN and publishes the overridden settings", async () => {
    const settings = await f.server.request("GET", "/api/retailer-demos/schnucks");
    expect(settings.body).toMatchObject({
      emailDomain: "example-grocer.test",
      iosUrl: "https://apps.example.test/ios",
    });
    const wrong = await f.server.request("POST", "/api/send-schnucks-demo-email", { json: registration() });
    expect(wrong.status).toBe(400);
    const right = await f.server.request("POST", "/api/send-schnucks-demo-email", {
      json: registration({ email: "ann@example-grocer.test" }),
    });
    expect(right.status).toBe(200);
  });
});
