import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_LAST_SEEN_EVERY_MS } from "../../src/common/limits";
import { createSession, resolveSession } from "../../src/server/auth/sessions";
import { sessions, userAudit } from "../../src/server/db/schema";
import { type Actor, createTwoTenants } from "../support/actors";
import { cookieFrom, sessionCookieHeader } from "../support/cookies";
import { verifyTokenFrom } from "../support/smtp-sink";
import { testBackends } from "./support/database";
import { type ServerFixture, useTestDatabase, useTestServer } from "./support/fixture";

const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs `email` in through the emailed link from a browser with `headers`; the session cookie header. */
async function signIn(f: ServerFixture, email: string, headers: Record<string, string>): Promise<string> {
  const asked = await f.server.request("POST", "/api/auth/send-magic-link", { json: { email }, headers });
  expect(asked.status).toBe(200);
  const token = verifyTokenFrom(await f.smtp.nextEmail(email), f.server.config.PUBLIC_URL);
  const verified = await f.server.request("POST", "/api/auth/verify-magic-link", {
    json: { token },
    headers,
  });
  const cookie = cookieFrom(verified.setCookies);
  expect(verified.status).toBe(200);
  return sessionCookieHeader(cookie?.value ?? "");
}

/**
 * The sessions lists (docs/product.md#12-account-records): a person sees her sessions (browser
 * and device from the User-Agent, IP as TRUST_PROXY trusts it, created, last seen) and signs
 * out one or every other at once; an admin sees and ends anyone's, a company admin her
 * company's users'. Last seen is written at most once a minute.
 */
describe.each(testBackends())("sessions on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("without a trusted proxy", () => {
    const f = useTestServer(database);
    let tenants: Awaited<ReturnType<typeof createTwoTenants>>;
    let userA: Actor;
    const me = (cookie: string) => f.server.request("GET", "/api/auth/me", { cookie });

    beforeAll(async () => {
      tenants = await createTwoTenants(f.db);
      userA = tenants.userA;
    });

    it("lists her sessions with browser, device, IP, created and last seen, and marks this one", async () => {
      const laptop = await signIn(f, userA.email, {
        "user-agent": MAC_CHROME,
        "x-forwarded-for": "203.0.113.9",
      });
      const phone = await signIn(f, userA.email, { "user-agent": IPHONE_SAFARI });
      const listed = await f.server.request("GET", "/api/auth/sessions", { cookie: laptop });
      expect(listed.status).toBe(200);
      const mine = listed.body.sessions as Array<Record<string, unknown>>;
      const current = mine.find((session) => session.current);
      expect(current).toMatchObject({
        browser: "Chrome 130",
        os: "macOS",
        deviceType: "desktop",
        // No proxy is trusted: the forwarded address is ignored (ADR 0016).
        ip: "127.0.0.1",
      });
      expect(mine.filter((session) => session.current)).toHaveLength(1);
      expect(mine).toContainEqual(
        expect.objectContaining({
          current: false,
          browser: "Safari 17.5",
          os: "iOS 17.5",
          deviceType: "mobile",
        }),
      );
      for (const session of mine) {
        expect(Date.parse(String(session.createdAt))).not.toBeNaN();
        expect(Date.parse(String(session.lastSeenAt))).toBeGreaterThanOrEqual(
          Date.parse(String(session.createdAt)),
        );
      }
      // The phone sees the same sessions, its own marked.
      const fromPhone = await f.server.request("GET", "/api/auth/sessions", { cookie: phone });
      expect(fromPhone.body.sessions.find((s: { current: boolean }) => s.current).browser).toBe(
        "Safari 17.5",
      );
    });

    it("writes last seen (and the address) at most once a minute per session", async () => {
      const start = new Date("2030-01-01T00:00:00Z");
      const session = await createSession(f.db, userA.id, start, {
        ip: "198.51.100.1",
        userAgent: MAC_CHROME,
      });
      const stored = async () => (await f.db.select().from(sessions).where(eq(sessions.id, session.id)))[0];
      const at = (ms: number) => new Date(start.getTime() + ms);
      const client = { ip: "198.51.100.2", userAgent: MAC_CHROME };
      expect(await resolveSession(f.db, session.token, at(30_000), client)).not.toBeNull();
      expect(await stored()).toMatchObject({ lastSeenAt: start, ip: "198.51.100.1" });
      await resolveSession(f.db, session.token, at(SESSION_LAST_SEEN_EVERY_MS + 1000), client);
      expect(await stored()).toMatchObject({
        lastSeenAt: at(SESSION_LAST_SEEN_EVERY_MS + 1000),
        ip: "198.51.100.2",
      });
      await resolveSession(f.db, session.token, at(SESSION_LAST_SEEN_EVERY_MS + 50_000), {
        ip: "198.51.100.3",
        userAgent: null,
      });
      expect(await stored()).toMatchObject({
        lastSeenAt: at(SESSION_LAST_SEEN_EVERY_MS + 1000),
        ip: "198.51.100.2",
      });
    });

    it("signs out one session, then every other one, at once; the current one stays", async () => {
      const [first, second, third] = [
        await createSession(f.db, userA.id),
        await createSession(f.db, userA.id),
        await createSession(f.db, userA.id),
      ];
      const [one, two, three] = [first, second, third].map((session) =>
        sessionCookieHeader(session.token),
      ) as [string, string, string];
      const list = await f.server.request("GET", "/api/auth/sessions", { cookie: one });
      expect(list.body.sessions.length).toBeGreaterThanOrEqual(3);

      const ended = await f.server.request("DELETE", `/api/auth/sessions/${second.id}`, { cookie: one });
      expect(ended.body).toEqual({ ended: 1 });
      expect((await me(two)).status).toBe(401);
      expect((await me(three)).status).toBe(200);

      // Another person's session id ends nothing and tells nothing.
      const other = await createSession(f.db, tenants.companyAdminA.id);
      const foreign = await f.server.request("DELETE", `/api/auth/sessions/${other.id}`, { cookie: one });
      expect(foreign.body).toEqual({ ended: 0 });
      expect((await me(sessionCookieHeader(other.token))).status).toBe(200);

      const others = await f.server.request("POST", "/api/auth/sessions/end-others", { cookie: one });
      expect(others.status).toBe(200);
      expect(others.body.ended).toBeGreaterThanOrEqual(1);
      expect((await me(three)).status).toBe(401);
      expect((await me(one)).status).toBe(200);
      const left = await f.server.request("GET", "/api/auth/sessions", { cookie: one });
      expect(left.body.sessions).toEqual([expect.objectContaining({ current: true })]);
      const [entry] = await f.db
        .select()
        .from(userAudit)
        .where(and(eq(userAudit.action, "session_ended"), eq(userAudit.targetUserId, userA.id)))
        .orderBy(desc(userAudit.id));
      expect(entry).toMatchObject({ actorId: userA.id, detail: String(others.body.ended) });

      // Ending the current session signs this browser out.
      const self = await f.server.request("DELETE", `/api/auth/sessions/${first.id}`, { cookie: one });
      expect(self.body).toEqual({ ended: 1 });
      expect(cookieFrom(self.setCookies)?.value).toBe("");
      expect((await me(one)).status).toBe(401);
    });

    it("lets an admin end anyone's sessions and a company admin only her company's users'", async () => {
      const { admin, companyAdminA, companyAdminB } = tenants;
      const userCookie = sessionCookieHeader((await createSession(f.db, userA.id)).token);
      const spare = await createSession(f.db, userA.id);
      const path = `/api/admin/users/${userA.id}/sessions`;
      expect((await f.server.request("GET", path, { cookie: companyAdminB.cookie })).status).toBe(404);
      expect(
        (
          await f.server.request("GET", `/api/admin/users/${admin.id}/sessions`, {
            cookie: companyAdminA.cookie,
          })
        ).status,
      ).toBe(404);
      expect((await f.server.request("DELETE", path, { cookie: companyAdminB.cookie })).status).toBe(404);
      expect((await me(userCookie)).status).toBe(200);

      const seen = await f.server.request("GET", path, { cookie: companyAdminA.cookie });
      expect(seen.status).toBe(200);
      expect(seen.body.sessions.map((session: { id: number }) => session.id)).toContain(spare.id);
      const endedOne = await f.server.request("DELETE", `${path}/${spare.id}`, { cookie: admin.cookie });
      expect(endedOne.body).toEqual({ ended: 1 });
      expect((await me(sessionCookieHeader(spare.token))).status).toBe(401);
      expect((await me(userCookie)).status).toBe(200);
      const all = await f.server.request("DELETE", path, { cookie: companyAdminA.cookie });
      expect(all.body).toEqual({ ended: 1 });
      expect((await me(userCookie)).status).toBe(401);
      expect((await f.server.request("GET", path, { cookie: admin.cookie })).body.sessions).toEqual([]);

      const entries = await f.db
        .select()
        .from(userAudit)
        .where(and(eq(userAudit.action, "session_ended"), eq(userAudit.targetUserId, userA.id)))
        .orderBy(desc(userAudit.id));
      expect(entries.slice(0, 2).map((entry) => entry.actorId)).toEqual([companyAdminA.id, admin.id]);
      expect(entries[1]).toMatchObject({ detail: "1", ip: "127.0.0.1" });
    });
  });

  describe("behind a trusted proxy (TRUST_PROXY=loopback)", () => {
    const f = useTestServer(database, { env: { TRUST_PROXY: "loopback" } });

    it("shows the forwarded client address", async () => {
      const { userA } = await createTwoTenants(f.db);
      const cookie = await signIn(f, userA.email, {
        "user-agent": MAC_CHROME,
        "x-forwarded-for": "203.0.113.9",
      });
      const listed = await f.server.request("GET", "/api/auth/sessions", { cookie });
      // Her other session was started without a request (the test's actor): no address.
      expect(listed.body.sessions).toContainEqual(
        expect.objectContaining({ current: true, ip: "203.0.113.9" }),
      );
    });
  });
});
