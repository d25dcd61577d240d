import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../src/server/core/tokens";
import { generateDataKey } from "../../src/server/crypto/sealed";
import { companies, emailOutbox, magicLinkTokens, sessions, users } from "../../src/server/db/schema";
import { createUser } from "../support/actors";
import { BINDING_COOKIE, cookieFrom, SESSION_COOKIE } from "../support/cookies";
import { verifyTokenFrom } from "../support/smtp-sink";
import { testBackends } from "./support/database";
import { requestMagicLink, useTestDatabase, useTestServer, verifyToken } from "./support/fixture";
import { startTestServer, TEST_PUBLIC_URL, waitFor } from "./support/test-app";

describe.each(testBackends())("auth API on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("first-admin setup", () => {
    const f = useTestServer(database);

    it("answers login-info 404 SETUP_REQUIRED while no admin exists", async () => {
      const response = await f.server.request("GET", "/api/admin/login-info");
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: expect.any(String), code: "SETUP_REQUIRED" });
    });

    it("refuses setup for an address that already has an account with 409 EMAIL_TAKEN", async () => {
      const user = await createUser(f.db, { email: "taken@example.com" });
      const response = await f.server.request("POST", "/api/admin/create-initial", {
        json: { email: "Taken@Example.com", fullName: "Taken" },
      });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: expect.any(String), code: "EMAIL_TAKEN" });
      await f.db.delete(users).where(eq(users.id, user.id));
    });

    it("creates exactly one admin when 10 requests race", async () => {
      const emails = Array.from({ length: 10 }, (_, i) => `racer${i}@example.com`);
      const responses = await Promise.all(
        emails.map((email, i) =>
          f.server.request("POST", "/api/admin/create-initial", {
            json: { email, fullName: `Racer ${i}` },
          }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, ...Array(9).fill(409)]);
      for (const response of responses.filter((r) => r.status === 409)) {
        expect(response.body).toEqual({ error: expect.any(String), code: "ADMIN_EXISTS" });
      }
      const admins = await f.db.select().from(users).where(eq(users.role, "admin"));
      expect(admins).toHaveLength(1);
      const [{ n } = { n: -1 }] = await f.db.select({ n: count() }).from(users);
      expect(n).toBe(1);
    });

    it("answers login-info 200 once an admin exists and refuses a second admin", async () => {
      const info = await f.server.request("GET", "/api/admin/login-info");
      expect(info.status).toBe(200);
      const again = await f.server.request("POST", "/api/admin/create-initial", {
        json: { email: "late@example.com", fullName: "Late" },
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("ADMIN_EXISTS");
    });

    it("emails the new admin a working sign-in link", async () => {
      const [admin] = await f.db.select().from(users).where(eq(users.role, "admin"));
      if (!admin) throw new Error("no admin");
      const mail = await f.smtp.nextEmail(admin.email);
      const token = verifyTokenFrom(mail, TEST_PUBLIC_URL);
      const cookie = await verifyToken(f, token);
      const me = await f.server.request("GET", "/api/auth/me", { cookie });
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ email: admin.email, role: "admin", isEmailVerified: true });
      // Only the winner was emailed.
      expect(f.smtp.received).toHaveLength(1);
    });

    it("rejects invalid setup input with 400 VALIDATION_ERROR", async () => {
      const response = await f.server.request("POST", "/api/admin/create-initial", {
        json: { email: "not-an-email", fullName: "" },
      });
      expect(response.status).toBe(400);
      // The message alone, fit to show (no "email: " prefix); the field beside it.
      expect(response.body).toEqual({
        error: "Please enter a valid email address",
        code: "VALIDATION_ERROR",
        field: "email",
      });
    });
  });

  describe("first-admin setup in production", () => {
    const f = useTestServer(database, {
      // Production needs its data key (ADR 0074).
      env: {
        NODE_ENV: "production",
        INITIAL_ADMIN_EMAIL: "Boss@Example.com",
        DATA_ENCRYPTION_KEY: generateDataKey(),
      },
    });

    it("accepts only INITIAL_ADMIN_EMAIL, and sets a Secure cookie", async () => {
      const other = await f.server.request("POST", "/api/admin/create-initial", {
        json: { email: "intruder@example.com", fullName: "Intruder" },
      });
      expect(other.status).toBe(403);
      expect(other.body).toEqual({ error: expect.any(String), code: "INITIAL_ADMIN_EMAIL_ONLY" });
      expect(await f.db.select().from(users)).toHaveLength(0);

      const boss = await f.server.request("POST", "/api/admin/create-initial", {
        json: { email: "  BOSS@example.com ", fullName: "Boss" },
      });
      expect(boss.status).toBe(201);
      const mail = await f.smtp.nextEmail("boss@example.com");
      const verified = await f.server.request("POST", "/api/auth/verify-magic-link", {
        json: { token: verifyTokenFrom(mail, TEST_PUBLIC_URL) },
      });
      expect(verified.status).toBe(200);
      const cookie = cookieFrom(verified.setCookies);
      expect(cookie?.attributes).toMatchObject({ secure: true, httponly: true, samesite: "Lax", path: "/" });
    });
  });

  describe("magic links and sessions", () => {
    const f = useTestServer(database);

    it("answers a known and an unknown email identically, and mails only the known one", async () => {
      await createUser(f.db, { email: "known@example.com" });
      const known = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "known@example.com" },
      });
      const unknown = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "unknown@example.com" },
      });
      expect(unknown.status).toBe(known.status);
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      await f.smtp.nextEmail("known@example.com");
      await f.server.app.ctx.outbox.idle();
      const queuedForUnknown = await f.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, "unknown@example.com"));
      expect(queuedForUnknown).toHaveLength(0);
      expect(f.smtp.emailsTo("unknown@example.com")).toHaveLength(0);
    });

    it("mails a deactivated user, in her language, that the account is deactivated and whom to ask; the answer is the same as for anyone", async () => {
      const [company] = await f.db
        .insert(companies)
        .values({ name: "Tiendas Sol", email: "admin@tiendas-sol.example" })
        .returning();
      const user = await createUser(f.db, {
        email: "inactive@example.com",
        fullName: "Inés Activa",
        companyId: company?.id ?? null,
        isActive: false,
      });
      await f.db.update(users).set({ language: "es" }).where(eq(users.id, user.id));
      const deactivated = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "inactive@example.com" },
      });
      const unknown = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "nobody-here@example.com" },
      });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body).toEqual(unknown.body);
      expect(cookieFrom(deactivated.setCookies, BINDING_COOKIE)).toBeDefined();
      expect(cookieFrom(unknown.setCookies, BINDING_COOKIE)).toBeDefined();
      const mail = await f.smtp.nextEmail("inactive@example.com");
      expect(mail.subject).toBe("Su cuenta de AisleIQ está desactivada");
      expect(mail.text).toContain("Hola, Inés Activa:");
      expect(mail.text).toContain("pida a un administrador de Tiendas Sol que reactive su cuenta");
      expect(mail.text).toContain("soporte de AisleIQ");
      expect(mail.text).not.toContain("/verify/");
      // Nothing she could sign in with was made.
      const links = await f.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.userId, user.id));
      expect(links).toHaveLength(0);
    });

    it("mails a deactivated admin without a company in English, naming another admin", async () => {
      await createUser(f.db, { email: "old-admin@example.com", role: "admin", isActive: false });
      await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "old-admin@example.com" },
      });
      const mail = await f.smtp.nextEmail("old-admin@example.com");
      expect(mail.subject).toBe("Your AisleIQ account is deactivated");
      expect(mail.text).toContain(
        "ask another AisleIQ admin to reactivate your account, or contact AisleIQ support",
      );
    });

    it("signs in through the emailed link, then signs out", async () => {
      await createUser(f.db, { email: "flow@example.com", fullName: "Flo <Owner>" });
      const sent = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "  Flow@Example.COM " },
      });
      expect(sent.status).toBe(200);

      const mail = await f.smtp.nextEmail("flow@example.com");
      const token = verifyTokenFrom(mail, TEST_PUBLIC_URL);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail.html).toContain(`${TEST_PUBLIC_URL}/verify/${token}`);
      expect(mail.text).toContain(`${TEST_PUBLIC_URL}/verify/${token}`);
      for (const body of [mail.html, mail.text]) expect(body).toMatch(/expires in 15 minutes/);
      expect(mail.html).toContain("Flo &lt;Owner&gt;");
      expect(mail.html).not.toContain("<Owner>");
      // The raw token is only in the email: the database keeps its digest.
      const [stored] = await f.db
        .select()
        .from(magicLinkTokens)
        .where(eq(magicLinkTokens.tokenHash, hashToken(token)));
      expect(stored?.email).toBe("flow@example.com");

      const before = await f.server.request("GET", "/api/auth/me");
      expect(before.status).toBe(401);
      expect(before.body).toEqual({ error: expect.any(String), code: "UNAUTHENTICATED" });

      const verified = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
      expect(verified.status).toBe(200);
      expect(verified.body.user).toMatchObject({ email: "flow@example.com", isEmailVerified: true });
      const cookie = cookieFrom(verified.setCookies);
      expect(cookie).toBeDefined();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
      expect(cookie?.attributes.secure).toBeUndefined();
      const expires = Date.parse(String(cookie?.attributes.expires));
      expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

      const cookieHeader = `${SESSION_COOKIE}=${cookie?.value}`;
      const me = await f.server.request("GET", "/api/auth/me", { cookie: cookieHeader });
      expect(me.status).toBe(200);
      expect(me.body.company).toBeNull();
      expect(me.body.user).toMatchObject({
        email: "flow@example.com",
        fullName: "Flo <Owner>",
        role: "user",
        isActive: true,
        isEmailVerified: true,
        companyId: null,
      });
      expect(Date.now() - Date.parse(me.body.user.lastLoginAt)).toBeLessThan(60_000);
      expect(me.headers.get("cache-control")).toBe("no-store");
      // A fresh session is not re-sent on every request.
      expect(cookieFrom(me.setCookies)).toBeUndefined();

      const logout = await f.server.request("POST", "/api/auth/logout", { cookie: cookieHeader });
      expect(logout.status).toBe(200);
      const cleared = cookieFrom(logout.setCookies);
      expect(cleared?.value).toBe("");
      expect(Date.parse(String(cleared?.attributes.expires))).toBeLessThan(Date.now());

      const after = await f.server.request("GET", "/api/auth/me", { cookie: cookieHeader });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ error: expect.any(String), code: "UNAUTHENTICATED" });
    });

    it("answers 410 TOKEN_USED for a reused link", async () => {
      await createUser(f.db, { email: "reuse@example.com" });
      const token = await requestMagicLink(f, "reuse@example.com");
      await verifyToken(f, token);
      const again = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
      expect(again.status).toBe(410);
      expect(again.body).toEqual({ error: expect.any(String), code: "TOKEN_USED" });
      expect(cookieFrom(again.setCookies)).toBeUndefined();
    });

    it("answers 410 TOKEN_EXPIRED for an expired link", async () => {
      await createUser(f.db, { email: "expired@example.com" });
      const token = await requestMagicLink(f, "expired@example.com");
      await f.db
        .update(magicLinkTokens)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(magicLinkTokens.tokenHash, hashToken(token)));
      const response = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
      expect(response.status).toBe(410);
      expect(response.body).toEqual({ error: expect.any(String), code: "TOKEN_EXPIRED" });
    });

    it("stores a 15-minute expiry on each link", async () => {
      await createUser(f.db, { email: "ttl@example.com" });
      const token = await requestMagicLink(f, "ttl@example.com");
      const [row] = await f.db
        .select()
        .from(magicLinkTokens)
        .where(eq(magicLinkTokens.tokenHash, hashToken(token)));
      const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
      expect(minutes).toBeGreaterThan(14.9);
      expect(minutes).toBeLessThan(15.1);
    });

    it("answers 404 TOKEN_INVALID for a tampered (unknown) token and 400 for a malformed one", async () => {
      await createUser(f.db, { email: "tamper@example.com" });
      const token = await requestMagicLink(f, "tamper@example.com");
      const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      const wrong = await f.server.request("POST", "/api/auth/verify-magic-link", {
        json: { token: tampered },
      });
      expect(wrong.status).toBe(404);
      expect(wrong.body).toEqual({ error: expect.any(String), code: "TOKEN_INVALID" });
      for (const bad of ["", "short", `${token}x`, `${token.slice(0, -1)}+`]) {
        const malformed = await f.server.request("POST", "/api/auth/verify-magic-link", {
          json: { token: bad },
        });
        expect(malformed.status).toBe(400);
        expect(malformed.body).toEqual({
          error: "Invalid verification link",
          code: "VALIDATION_ERROR",
          field: "token",
        });
      }
      const missing = await f.server.request("POST", "/api/auth/verify-magic-link", { json: {} });
      expect(missing.status).toBe(400);
      // The real link still works after the failed attempts.
      await verifyToken(f, token);
    });

    it("invalidates an earlier unused link when a new one is sent", async () => {
      await createUser(f.db, { email: "twice@example.com" });
      const first = await requestMagicLink(f, "twice@example.com");
      const second = await requestMagicLink(f, "twice@example.com");
      expect(second).not.toBe(first);
      const stale = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token: first } });
      expect(stale.status).toBe(410);
      expect(stale.body.code).toBe("TOKEN_USED");
      await verifyToken(f, second);
    });

    it("lets exactly one of 10 concurrent verifications of one link succeed", async () => {
      const user = await createUser(f.db, { email: "race@example.com" });
      const token = await requestMagicLink(f, "race@example.com");
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } }),
        ),
      );
      const ok = responses.filter((response) => response.status === 200);
      expect(ok).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) {
        expect(response.status).toBe(410);
        expect(response.body.code).toBe("TOKEN_USED");
      }
      const rows = await f.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
    });

    it("refuses sign-in for a user deactivated after the link was sent", async () => {
      const user = await createUser(f.db, { email: "disabled@example.com" });
      const token = await requestMagicLink(f, "disabled@example.com");
      await f.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      const response = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: expect.any(String), code: "ACCOUNT_INACTIVE" });
      const rows = await f.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(0);
    });

    it("ends the session of a deactivated user and clears the cookie", async () => {
      const user = await createUser(f.db, { email: "suspended@example.com" });
      const cookie = await verifyToken(f, await requestMagicLink(f, "suspended@example.com"));
      await f.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      const me = await f.server.request("GET", "/api/auth/me", { cookie });
      expect(me.status).toBe(401);
      // She is told why (ADR 0038), not just asked to sign in again.
      expect(me.body).toEqual({ error: expect.stringContaining("deactivated"), code: "ACCOUNT_DEACTIVATED" });
      expect(cookieFrom(me.setCookies)?.value).toBe("");
      // Someone else's expired or unknown cookie still gets the plain answer.
      const stranger = await f.server.request("GET", "/api/auth/me", {
        cookie: `${SESSION_COOKIE}=${"x".repeat(43)}`,
      });
      expect(stranger.status).toBe(401);
      expect(stranger.body.code).toBe("UNAUTHENTICATED");
    });

    it("slides a session older than a day and re-sends the cookie", async () => {
      const user = await createUser(f.db, { email: "slide@example.com" });
      const cookie = await verifyToken(f, await requestMagicLink(f, "slide@example.com"));
      await f.db
        .update(sessions)
        .set({ expiresAt: sql`now() + interval '28 days'` })
        .where(eq(sessions.userId, user.id));
      const me = await f.server.request("GET", "/api/auth/me", { cookie });
      expect(me.status).toBe(200);
      const renewed = cookieFrom(me.setCookies);
      expect(renewed?.value).toBe(cookie.split("=")[1]);
      expect(renewed?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
      const [row] = await f.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    });

    it("removes a deleted user's sessions and links (cascade)", async () => {
      const user = await createUser(f.db, { email: "gone@example.com" });
      const cookie = await verifyToken(f, await requestMagicLink(f, "gone@example.com"));
      await requestMagicLink(f, "gone@example.com");
      await f.db.delete(users).where(eq(users.id, user.id));
      const leftSessions = await f.db.select().from(sessions).where(eq(sessions.userId, user.id));
      const leftTokens = await f.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.userId, user.id));
      expect(leftSessions).toHaveLength(0);
      expect(leftTokens).toHaveLength(0);
      const me = await f.server.request("GET", "/api/auth/me", { cookie });
      expect(me.status).toBe(401);
    });

    it("never leaves a sign-in email undelivered", async () => {
      const rows = await waitFor(async () => {
        const all = await f.db.select().from(emailOutbox);
        return all.every((row) => row.status === "sent") && all;
      });
      expect(rows.length).toBeGreaterThan(5);
      // Sent bodies are cleared, so emailed links do not linger at rest.
      for (const row of rows) expect(row.text + row.html).toBe("");
    });
  });

  describe("HTTP edges", () => {
    const f = useTestServer(database);

    // On a fresh server: every request counts towards the per-IP limit from its first byte
    // (ADR 0013), and the tests of "magic links and sessions" use most of it.
    it("rejects malformed emails with 400 VALIDATION_ERROR", async () => {
      for (const email of ["", "no-at-sign", "a@b", "two@@example.com", "sp ace@example.com"]) {
        const response = await f.server.request("POST", "/api/auth/send-magic-link", { json: { email } });
        expect(response.status, email).toBe(400);
        expect(response.body).toEqual({
          error: email ? "Please enter a valid email address" : "Email is required",
          code: "VALIDATION_ERROR",
          field: "email",
        });
      }
    });

    it("rejects a cross-origin POST with 403 CROSS_ORIGIN_REJECTED", async () => {
      const response = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "someone@example.com" },
        headers: { origin: "http://evil.example" },
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: expect.any(String), code: "CROSS_ORIGIN_REJECTED" });

      const fetchMetadata = await f.server.request("POST", "/api/auth/logout", {
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(fetchMetadata.status).toBe(403);
      expect(fetchMetadata.body.code).toBe("CROSS_ORIGIN_REJECTED");
    });

    it("lets a same-origin POST through", async () => {
      for (const origin of [TEST_PUBLIC_URL, f.server.baseUrl]) {
        const response = await f.server.request("POST", "/api/auth/send-magic-link", {
          json: { email: "someone@example.com" },
          headers: { origin, "sec-fetch-site": "same-origin" },
        });
        expect(response.status, origin).toBe(200);
      }
    });

    it("answers an unknown API path with 404 JSON", async () => {
      for (const method of ["GET", "POST"]) {
        const response = await f.server.request(method, "/api/whatever?x=1");
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: expect.any(String), code: "NOT_FOUND" });
      }
    });

    it("answers health and readiness", async () => {
      const health = await f.server.request("GET", "/api/health");
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: "ok" });
      const ready = await f.server.request("GET", "/api/ready");
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: "ready", database: backend.name });
    });

    it("sends no referrer from token pages", async () => {
      const response = await f.server.request("GET", `/verify/${"A".repeat(43)}`);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    });

    it("answers a body that is not JSON with 400 and the error shape", async () => {
      const response = await fetch(`${f.server.baseUrl}/api/auth/send-magic-link`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
    });
  });

  describe("rate limits", () => {
    const f = useTestServer(database);

    it("allows 5 magic-link requests per email per window, then 429 RATE_LIMITED", async () => {
      await createUser(f.db, { email: "limited@example.com" });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const email = i % 2 === 0 ? "limited@example.com" : "  LIMITED@example.com";
        const response = await f.server.request("POST", "/api/auth/send-magic-link", { json: { email } });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const sixth = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "limited@example.com" },
      });
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get("content-type")).toContain("application/json");
      expect(sixth.body).toEqual({ error: expect.any(String), code: "RATE_LIMITED" });
      expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
      // Links are issued after the reply: wait for that work.
      await f.server.app.ctx.tasks.idle();
      const queued = await f.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, "limited@example.com"));
      expect(queued).toHaveLength(5);
      // Another address is still served.
      const other = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "other@example.com" },
      });
      expect(other.status).toBe(200);
    });

    it("allows 20 magic-link requests per IP per window, then 429 RATE_LIMITED", async () => {
      // A fresh app on the same database: its rate-limit counters start at zero.
      const server = await startTestServer({ db: f.handle });
      try {
        for (let i = 0; i < 20; i++) {
          const response = await server.request("POST", "/api/auth/send-magic-link", {
            json: { email: `ip${i}@example.com` },
          });
          expect(response.status, `request ${i + 1}`).toBe(200);
        }
        const over = await server.request("POST", "/api/auth/send-magic-link", {
          json: { email: "ip-last@example.com" },
        });
        expect(over.status).toBe(429);
        expect(over.body).toEqual({ error: expect.any(String), code: "RATE_LIMITED" });
      } finally {
        await server.close();
      }
    });
  });
});
