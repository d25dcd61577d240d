import { describe, expect, it } from "vitest";
import { CHANNEL_PARTNER_PASS_COOKIE } from "../../src/common/api/gates";
import { CHANNEL_PARTNER_PASS_TTL_MS, GATE_RATE_PER_IP } from "../../src/common/limits";
import { CHANNEL_PARTNER_CONTENT } from "../../src/server/gates/channel-partner-content";
import { issuePartnerPass, passwordMatches } from "../../src/server/gates/service";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

const EVENTS_PASSWORD = "events-secret-1";
const CHANNEL_PARTNER_PASSWORD = "partner-secret-2";
const INCORRECT = { error: "Incorrect password. Please try again.", code: "INCORRECT_PASSWORD" };

describe.each(testBackends())("password gates on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("checking passwords", () => {
    const f = useTestServer(database, { env: { EVENTS_PASSWORD, CHANNEL_PARTNER_PASSWORD } });

    it("answers 200 {ok: true} for the right password of each gate", async () => {
      const events = await f.server.request("POST", "/api/gates/events", {
        json: { password: EVENTS_PASSWORD },
      });
      expect(events.status).toBe(200);
      expect(events.body).toEqual({ ok: true });
      const partner = await f.server.request("POST", "/api/gates/channel-partner", {
        json: { password: CHANNEL_PARTNER_PASSWORD },
      });
      expect(partner.status).toBe(200);
      expect(partner.body).toEqual({ ok: true, content: CHANNEL_PARTNER_CONTENT });
    });

    it("answers 401 INCORRECT_PASSWORD with the documented message for a wrong password", async () => {
      for (const password of [
        "wrong",
        `${CHANNEL_PARTNER_PASSWORD} `,
        CHANNEL_PARTNER_PASSWORD.toUpperCase(),
      ]) {
        const response = await f.server.request("POST", "/api/gates/channel-partner", { json: { password } });
        expect(response.status).toBe(401);
        expect(response.body).toEqual(INCORRECT);
      }
    });

    it("does not accept one gate's password at the other gate", async () => {
      const response = await f.server.request("POST", "/api/gates/events", {
        json: { password: CHANNEL_PARTNER_PASSWORD },
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(INCORRECT);
    });

    it("answers 400 VALIDATION_ERROR for a missing, empty, non-string or oversized password", async () => {
      for (const json of [{}, { password: "" }, { password: 42 }, { password: "x".repeat(201) }]) {
        const response = await f.server.request("POST", "/api/gates/events", { json });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          error: expect.any(String),
          code: "VALIDATION_ERROR",
          field: "password",
        });
      }
    });
  });

  describe("Channel Partner content is served only past the password (ADR 0035)", () => {
    const f = useTestServer(database, { env: { CHANNEL_PARTNER_PASSWORD } });
    const LOCKED = { error: expect.any(String), code: "GATE_LOCKED" };
    const readContent = (cookie?: string) =>
      f.server.request("GET", "/api/gates/channel-partner/content", { cookie });

    it("answers the section's texts with the right password, and sets an HttpOnly pass cookie", async () => {
      const response = await f.server.request("POST", "/api/gates/channel-partner", {
        json: { password: CHANNEL_PARTNER_PASSWORD },
      });
      expect(response.status).toBe(200);
      expect(response.body.content.en.partnerCommissionPercentage).toBe("Partner commission (%)");
      expect(response.body.content.es.totalPartnerCommission).toBe("Comisión total");
      const pass = response.setCookies.find((cookie) => cookie.startsWith(`${CHANNEL_PARTNER_PASS_COOKIE}=`));
      expect(pass).toMatch(/HttpOnly/i);
      expect(pass).toMatch(/SameSite=Strict/i);
      expect(pass).toMatch(/Path=\/api\/gates\/channel-partner/);
      expect(pass).not.toMatch(/Max-Age|Expires/i);
      // The pass reads the content again (a reload in the same browser session).
      const again = await readContent(pass?.split(";")[0]);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ content: CHANNEL_PARTNER_CONTENT });
    });

    it("refuses the content without the password: no pass, a wrong password's answer, a forged or expired pass", async () => {
      const wrong = await f.server.request("POST", "/api/gates/channel-partner", {
        json: { password: "nope" },
      });
      expect(wrong.status).toBe(401);
      expect(JSON.stringify(wrong.body)).not.toContain("Partner commission");
      expect(wrong.setCookies.some((cookie) => cookie.startsWith(CHANNEL_PARTNER_PASS_COOKIE))).toBe(false);

      const expired = issuePartnerPass(f.server.config, Date.now() - CHANNEL_PARTNER_PASS_TTL_MS - 1000);
      const valid = issuePartnerPass(f.server.config);
      const forged = `${Number(valid.split(".")[0]) + 1}.${valid.split(".")[1]}`;
      const otherPassword = issuePartnerPass({
        ...f.server.config,
        CHANNEL_PARTNER_PASSWORD: "old-password",
      });
      for (const cookie of [
        undefined,
        `${CHANNEL_PARTNER_PASS_COOKIE}=1`,
        `${CHANNEL_PARTNER_PASS_COOKIE}=${expired}`,
        `${CHANNEL_PARTNER_PASS_COOKIE}=${forged}`,
        `${CHANNEL_PARTNER_PASS_COOKIE}=${otherPassword}`,
      ]) {
        const response = await readContent(cookie);
        expect(response.status, String(cookie)).toBe(401);
        expect(response.body).toEqual(LOCKED);
        expect(JSON.stringify(response.body)).not.toContain("Partner commission");
      }
      expect((await readContent(`${CHANNEL_PARTNER_PASS_COOKIE}=${valid}`)).status).toBe(200);
    });
  });

  describe("rate limit", () => {
    const f = useTestServer(database, { env: { CHANNEL_PARTNER_PASSWORD } });

    it(`answers 429 after ${GATE_RATE_PER_IP} checks per IP, even for the right password`, async () => {
      for (let i = 0; i < GATE_RATE_PER_IP; i++) {
        const response = await f.server.request("POST", "/api/gates/channel-partner", {
          json: { password: `guess-${i}` },
        });
        expect(response.status).toBe(401);
      }
      const limited = await f.server.request("POST", "/api/gates/channel-partner", {
        json: { password: CHANNEL_PARTNER_PASSWORD },
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: expect.any(String), code: "RATE_LIMITED" });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      // Each gate counts on its own: the Events gate still answers.
      const events = await f.server.request("POST", "/api/gates/events", { json: { password: "x" } });
      expect(events.status).toBe(401);
    });
  });
});

describe("passwordMatches", () => {
  it("is true only for the exact same text, whatever the lengths", () => {
    expect(passwordMatches("partner-demo", "partner-demo")).toBe(true);
    expect(passwordMatches("partner-dem", "partner-demo")).toBe(false);
    expect(passwordMatches("", "partner-demo")).toBe(false);
    expect(passwordMatches("pässwörd", "pässwörd")).toBe(true);
    expect(passwordMatches("a".repeat(10_000), "a")).toBe(false);
  });
});
