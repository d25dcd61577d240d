import { describe, expect, it } from "vitest";
import { GATE_RATE_PER_IP } from "../../src/common/limits";
import { passwordMatches } from "../../src/server/gates/service";
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
      expect(partner.body).toEqual({ ok: true });
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
