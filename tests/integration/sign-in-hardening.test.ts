import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GATE_RATE_PER_IP,
  INVITATION_TTL_MS,
  MAGIC_LINK_RATE_PER_EMAIL,
  MAGIC_LINK_REQUEST_RETRY_AFTER_MS,
  MAGIC_LINK_TTL_MS,
} from "../../src/common/limits";
import { issueStaleMagicLinkRequests, storeMagicLinkRequest } from "../../src/server/auth/service";
import { createSession, deleteSessionsOf } from "../../src/server/auth/sessions";
import { hashToken, issueToken } from "../../src/server/core/tokens";
import {
  emailOutbox,
  magicLinkRequests,
  magicLinkTokens,
  sessions,
  userInvitations,
  users,
} from "../../src/server/db/schema";
import { createUser } from "../support/actors";
import { BINDING_COOKIE, cookieFrom, HOST_SESSION_COOKIE, SESSION_COOKIE } from "../support/cookies";
import { startSmtpSink, verifyTokenFrom } from "../support/smtp-sink";
import { testBackends } from "./support/database";
import {
  requestMagicLink,
  resetDatabase,
  type ServerFixture,
  useTestDatabase,
  useTestServer,
  verifyToken,
} from "./support/fixture";
import { startTestServer, TEST_PUBLIC_URL, waitFor } from "./support/test-app";

/** Sign-in hardening (ADR 0015, ADR 0016). */

const DAY = 24 * 3600 * 1000;

/** Requests a link "in a browser": returns the emailed token and that browser's binding cookie header. */
async function requestInBrowser(f: ServerFixture, email: string, headers: Record<string, string> = {}) {
  const response = await f.server.request("POST", "/api/auth/send-magic-link", { json: { email }, headers });
  expect(response.status).toBe(200);
  const binding = cookieFrom(response.setCookies, BINDING_COOKIE);
  if (!binding) throw new Error("no binding cookie");
  const mail = await f.smtp.nextEmail(email);
  return {
    token: verifyTokenFrom(mail, TEST_PUBLIC_URL),
    bindingCookie: `${BINDING_COOKIE}=${binding.value}`,
  };
}

const inspect = (f: ServerFixture, token: string, cookie?: string) =>
  f.server.request("POST", "/api/auth/magic-link/inspect", { json: { token }, cookie });

describe.each(testBackends())("sign-in hardening on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("link bound to the requesting browser (ADR 0015)", () => {
    const f = useTestServer(database);

    it("sets the same short-lived, HttpOnly, path-scoped binding cookie for known and unknown addresses", async () => {
      await createUser(f.db, { email: "known@example.com" });
      const known = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "known@example.com" },
      });
      const unknown = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "nobody@example.com" },
      });
      for (const response of [known, unknown]) {
        const cookie = cookieFrom(response.setCookies, BINDING_COOKIE);
        expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(cookie?.attributes).toMatchObject({
          httponly: true,
          samesite: "Lax",
          path: "/api/auth",
          "max-age": "900",
        });
      }
      expect(cookieFrom(known.setCookies, BINDING_COOKIE)?.value).not.toBe(
        cookieFrom(unknown.setCookies, BINDING_COOKIE)?.value,
      );
      await f.smtp.nextEmail("known@example.com");
      // Only the digest is stored with the link.
      const [row] = await f.db
        .select()
        .from(magicLinkTokens)
        .where(eq(magicLinkTokens.email, "known@example.com"));
      expect(row?.bindingHash).toBe(hashToken(cookieFrom(known.setCookies, BINDING_COOKIE)?.value ?? ""));
    });

    it("tells the requesting browser it is bound, with a masked email, and never consumes the link", async () => {
      await createUser(f.db, { email: "bella@example.com" });
      const { token, bindingCookie } = await requestInBrowser(f, "bella@example.com");
      for (let i = 0; i < 3; i++) {
        const here = await inspect(f, token, bindingCookie);
        expect(here.status).toBe(200);
        expect(here.body).toEqual({ bound: true, maskedEmail: "b•••@example.com", language: "en" });
        expect(here.setCookies).toEqual([]);
      }
      const [row] = await f.db
        .select()
        .from(magicLinkTokens)
        .where(eq(magicLinkTokens.tokenHash, hashToken(token)));
      expect(row?.used).toBe(false);
      const verified = await f.server.request("POST", "/api/auth/verify-magic-link", {
        json: { token },
        cookie: bindingCookie,
      });
      expect(verified.status).toBe(200);
      expect(cookieFrom(verified.setCookies, SESSION_COOKIE)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The binding cookie has served its purpose.
      const cleared = cookieFrom(verified.setCookies, BINDING_COOKIE);
      expect(cleared?.value).toBe("");
      expect(cleared?.attributes.path).toBe("/api/auth");
    });

    it("says 'not bound' to another browser or a scanner, which then needs an explicit verify", async () => {
      await createUser(f.db, { email: "carl@example.com" });
      const { token } = await requestInBrowser(f, "carl@example.com");
      const { bindingCookie: otherBrowsers } = await requestInBrowser(f, "known@example.com");
      for (const cookie of [undefined, otherBrowsers, `${BINDING_COOKIE}=${"A".repeat(43)}`]) {
        const elsewhere = await inspect(f, token, cookie);
        expect(elsewhere.status).toBe(200);
        expect(elsewhere.body).toEqual({ bound: false, maskedEmail: "c•••@example.com", language: "en" });
      }
      // A scanner fetching the page gets HTML (or 404 without a client build) and no session.
      const page = await f.server.request("GET", `/verify/${token}`);
      expect(cookieFrom(page.setCookies, SESSION_COOKIE)).toBeUndefined();
      // The click (explicit POST, same contract as before) still signs in.
      const clicked = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
      expect(clicked.status).toBe(200);
      expect(clicked.body.user.email).toBe("carl@example.com");
    });

    it("answers inspect of a used, unknown or malformed link like verify, without side effects", async () => {
      await createUser(f.db, { email: "dora@example.com" });
      const { token, bindingCookie } = await requestInBrowser(f, "dora@example.com");
      await verifyToken(f, token);
      const used = await inspect(f, token, bindingCookie);
      expect(used.status).toBe(410);
      expect(used.body).toEqual({ error: expect.any(String), code: "TOKEN_USED" });
      const unknown = await inspect(f, issueToken().raw);
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe("TOKEN_INVALID");
      const malformed = await inspect(f, "short");
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe("VALIDATION_ERROR");
    });

    it("binds the first admin's link to the browser that created the account", async () => {
      await f.db.delete(users);
      const created = await f.server.request("POST", "/api/admin/create-initial", {
        json: { email: "first@example.com", fullName: "First Admin" },
      });
      expect(created.status).toBe(201);
      const binding = cookieFrom(created.setCookies, BINDING_COOKIE);
      expect(binding?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/api/auth" });
      const token = verifyTokenFrom(await f.smtp.nextEmail("first@example.com"), TEST_PUBLIC_URL);
      expect((await inspect(f, token, `${BINDING_COOKIE}=${binding?.value}`)).body).toEqual({
        bound: true,
        maskedEmail: "f•••@example.com",
        language: "en",
      });
      expect((await inspect(f, token)).body.bound).toBe(false);
      // A refused setup sets no binding cookie.
      const refused = await f.server.request("POST", "/api/admin/create-initial", {
        json: { email: "second@example.com", fullName: "Second" },
      });
      expect(refused.status).toBe(409);
      expect(cookieFrom(refused.setCookies, BINDING_COOKIE)).toBeUndefined();
    });

    it("does not consume an invitation when its page is previewed", async () => {
      const [admin] = await f.db.select().from(users).where(eq(users.role, "admin"));
      if (!admin) throw new Error("no admin");
      const invite = issueToken();
      await f.db.insert(userInvitations).values({
        email: "ivy@example.com",
        invitedBy: admin.id,
        tokenHash: invite.hash,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      });
      for (let i = 0; i < 3; i++) {
        const preview = await f.server.request("POST", "/api/invitations/inspect", {
          json: { token: invite.raw },
        });
        expect(preview.status).toBe(200);
        expect(cookieFrom(preview.setCookies, SESSION_COOKIE)).toBeUndefined();
      }
      const accepted = await f.server.request("POST", "/api/invitations/accept", {
        json: { token: invite.raw, fullName: "Ivy" },
      });
      expect(accepted.status).toBe(201);
    });
  });

  describe("send-magic-link answers before issuing the link", () => {
    const f = useTestServer(database);

    it("issues the link after replying, and the work survives until it is done", async () => {
      await createUser(f.db, { email: "later@example.com" });
      const response = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "later@example.com" },
      });
      expect(response.status).toBe(200);
      await f.server.app.ctx.tasks.idle();
      const queued = await f.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, "later@example.com"));
      expect(queued).toHaveLength(1);
      await f.smtp.nextEmail("later@example.com");
    });

    it("logs a failed background issue instead of crashing, and keeps serving", async () => {
      await createUser(f.db, { email: "broken@example.com" });
      // Make the insert fail: a duplicate token hash is impossible, so break the table instead.
      await f.db.execute(
        sql`alter table magic_link_tokens add constraint no_new_links check (id < 0) not valid`,
      );
      try {
        const response = await f.server.request("POST", "/api/auth/send-magic-link", {
          json: { email: "broken@example.com" },
        });
        expect(response.status).toBe(200);
        await f.server.app.ctx.tasks.idle();
        const queued = await f.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, "broken@example.com"));
        expect(queued).toHaveLength(0);
      } finally {
        await f.db.execute(sql`alter table magic_link_tokens drop constraint no_new_links`);
      }
      const health = await f.server.request("GET", "/api/health");
      expect(health.status).toBe(200);
      await requestMagicLink(f, "broken@example.com");
    });

    it("answers 503 while the database is known to be down, for every address alike", async () => {
      f.server.app.ctx.dbOutage.report(
        Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      );
      for (const email of ["later@example.com", "nobody@example.com"]) {
        const response = await f.server.request("POST", "/api/auth/send-magic-link", { json: { email } });
        expect(response.status).toBe(503);
        expect(response.body).toEqual({ error: expect.any(String), code: "SERVICE_UNAVAILABLE" });
        expect(response.headers.get("retry-after")).toBe("5");
        expect(cookieFrom(response.setCookies, BINDING_COOKIE)).toBeUndefined();
      }
      // The monitor's probe finds the database answering, and links flow again.
      await waitFor(() => !f.server.app.ctx.dbOutage.isDown);
      await requestMagicLink(f, "later@example.com");
    });
  });

  describe("send-magic-link stores the request before answering: no acknowledged link is lost (ADR 0029)", () => {
    const f = useTestServer(database);

    // What exists for one address: stored requests, issued tokens, queued emails.
    const requestsFor = (email: string) =>
      f.db.select().from(magicLinkRequests).where(eq(magicLinkRequests.email, email));
    const tokensFor = (email: string) =>
      f.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.email, email));
    const outboxFor = (email: string) =>
      f.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    /** Makes every stored request for `email` look `ms` old. */
    const age = (email: string, ms: number) =>
      f.db
        .update(magicLinkRequests)
        .set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` })
        .where(eq(magicLinkRequests.email, email));

    it("answers 503 with Retry-After (not 500) when the request cannot be stored, then 200 and one email", async () => {
      await createUser(f.db, { email: "stored@example.com" });
      // The database refuses the INSERT the way a restarting server does (57P01).
      await f.db.execute(
        sql.raw(`create or replace function refuse_link_request() returns trigger language plpgsql as $$
          begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`),
      );
      await f.db.execute(
        sql.raw(
          "create trigger refuse_link_request before insert on magic_link_requests for each row execute function refuse_link_request()",
        ),
      );
      try {
        const refused = await f.server.request("POST", "/api/auth/send-magic-link", {
          json: { email: "stored@example.com" },
        });
        expect(refused.status).toBe(503);
        expect(refused.body).toEqual({ error: expect.any(String), code: "SERVICE_UNAVAILABLE" });
        expect(refused.headers.get("retry-after")).toBe("5");
        expect(cookieFrom(refused.setCookies, BINDING_COOKIE)).toBeUndefined();
      } finally {
        await f.db.execute(sql.raw("drop trigger refuse_link_request on magic_link_requests"));
        await f.db.execute(sql.raw("drop function refuse_link_request()"));
      }
      await f.server.app.ctx.tasks.idle();
      expect(await requestsFor("stored@example.com")).toHaveLength(0);
      expect(await outboxFor("stored@example.com")).toHaveLength(0);
      // The outage monitor's probe finds the database answering; the same request now succeeds.
      await waitFor(() => !f.server.app.ctx.dbOutage.isDown);
      await requestMagicLink(f, "stored@example.com");
      await f.server.app.ctx.tasks.idle();
      await f.server.app.ctx.outbox.idle();
      expect(f.smtp.emailsTo("stored@example.com")).toHaveLength(1);
      expect(await tokensFor("stored@example.com")).toHaveLength(1);
      expect(await requestsFor("stored@example.com")).toHaveLength(0);
    });

    it("issues a request whose first attempt failed at the next sweep, once, bound to the asking browser", async () => {
      await createUser(f.db, { email: "retried@example.com" });
      await f.db.execute(
        sql`alter table magic_link_tokens add constraint no_new_links check (id < 0) not valid`,
      );
      let bindingValue: string | undefined;
      try {
        const response = await f.server.request("POST", "/api/auth/send-magic-link", {
          json: { email: "retried@example.com" },
        });
        expect(response.status).toBe(200);
        bindingValue = cookieFrom(response.setCookies, BINDING_COOKIE)?.value;
        await f.server.app.ctx.tasks.idle();
      } finally {
        await f.db.execute(sql`alter table magic_link_tokens drop constraint no_new_links`);
      }
      // The failed attempt rolled back: the request is still stored, nothing was issued.
      expect(await requestsFor("retried@example.com")).toHaveLength(1);
      expect(await tokensFor("retried@example.com")).toHaveLength(0);
      // A sweep leaves a fresh request to the process that accepted it...
      await f.server.app.ctx.outbox.sweepNow();
      expect(await requestsFor("retried@example.com")).toHaveLength(1);
      // ...and issues it once it has waited MAGIC_LINK_REQUEST_RETRY_AFTER_MS.
      await age("retried@example.com", MAGIC_LINK_REQUEST_RETRY_AFTER_MS);
      await f.server.app.ctx.outbox.sweepNow();
      await f.smtp.nextEmail("retried@example.com");
      await f.server.app.ctx.outbox.sweepNow();
      await f.server.app.ctx.outbox.idle();
      expect(f.smtp.emailsTo("retried@example.com")).toHaveLength(1);
      const tokens = await tokensFor("retried@example.com");
      expect(tokens).toHaveLength(1);
      expect(bindingValue).toBeDefined();
      expect(tokens[0]?.bindingHash).toBe(hashToken(bindingValue ?? ""));
      expect(await requestsFor("retried@example.com")).toHaveLength(0);
    });

    it("keeps sweeping past a request that keeps failing, and leaves that one for the next sweep", async () => {
      for (const email of ["poison@example.com", "healthy@example.com"]) {
        await createUser(f.db, { email });
        await storeMagicLinkRequest(f.db, email, null);
        await age(email, MAGIC_LINK_REQUEST_RETRY_AFTER_MS);
      }
      await f.db.execute(
        sql.raw(`create or replace function refuse_poison_link() returns trigger language plpgsql as $$
          begin if new.email = 'poison@example.com' then raise exception 'refused'; end if; return new; end $$`),
      );
      await f.db.execute(
        sql.raw(
          "create trigger refuse_poison_link before insert on magic_link_tokens for each row execute function refuse_poison_link()",
        ),
      );
      try {
        // The poison request is older (lower id): the healthy one is still issued.
        await expect(issueStaleMagicLinkRequests(f.db, f.server.app.ctx.config)).rejects.toThrow();
      } finally {
        await f.db.execute(sql.raw("drop trigger refuse_poison_link on magic_link_tokens"));
        await f.db.execute(sql.raw("drop function refuse_poison_link()"));
      }
      expect(await requestsFor("healthy@example.com")).toHaveLength(0);
      expect(await tokensFor("healthy@example.com")).toHaveLength(1);
      expect(await requestsFor("poison@example.com")).toHaveLength(1);
      expect(await tokensFor("poison@example.com")).toHaveLength(0);
      await f.server.app.ctx.outbox.sweepNow();
      await f.smtp.nextEmail("poison@example.com");
      expect(await requestsFor("poison@example.com")).toHaveLength(0);
    });

    it("removes the requests of unknown and inactive addresses without a link (the inactive one is told why)", async () => {
      await createUser(f.db, { email: "asleep@example.com", isActive: false });
      for (const email of ["nobody-here@example.com", "asleep@example.com"]) {
        const response = await f.server.request("POST", "/api/auth/send-magic-link", { json: { email } });
        expect(response.status).toBe(200);
      }
      await f.server.app.ctx.tasks.idle();
      await f.server.app.ctx.outbox.idle();
      for (const email of ["nobody-here@example.com", "asleep@example.com"]) {
        expect(await requestsFor(email)).toHaveLength(0);
        expect(await tokensFor(email)).toHaveLength(0);
      }
      expect(await outboxFor("nobody-here@example.com")).toHaveLength(0);
      // The deactivated address gets the one email saying so (ADR 0038), never a link.
      expect((await outboxFor("asleep@example.com")).map((row) => row.kind)).toEqual(["account_deactivated"]);
    });

    it("drops a request older than the link lifetime instead of issuing it", async () => {
      await createUser(f.db, { email: "too-late@example.com" });
      await storeMagicLinkRequest(f.db, "too-late@example.com", null);
      await age("too-late@example.com", MAGIC_LINK_TTL_MS + 1000);
      await f.server.app.ctx.outbox.sweepNow();
      expect(await requestsFor("too-late@example.com")).toHaveLength(0);
      expect(await tokensFor("too-late@example.com")).toHaveLength(0);
      expect(await outboxFor("too-late@example.com")).toHaveLength(0);
    });

    it("issues each request once when workers race for the same requests", async () => {
      const emails = Array.from({ length: 30 }, (_, n) => `race-${n}@example.com`);
      for (const email of emails) {
        await createUser(f.db, { email });
        await storeMagicLinkRequest(f.db, email, null);
        await age(email, MAGIC_LINK_REQUEST_RETRY_AFTER_MS);
      }
      const { config } = f.server.app.ctx;
      // Four sweeps at once, as four processes would run them (PGlite serialises them).
      const handled = await Promise.all(
        Array.from({ length: 4 }, () => issueStaleMagicLinkRequests(f.db, config)),
      );
      expect(handled.reduce((sum, n) => sum + n, 0)).toBe(emails.length);
      for (const email of emails) {
        expect(await requestsFor(email)).toHaveLength(0);
        expect(await tokensFor(email)).toHaveLength(1);
        expect(await outboxFor(email)).toHaveLength(1);
      }
    });
  });

  describe("a request stored just before a restart (ADR 0029)", () => {
    it("is issued soon after it comes of age, not at the next regular sweep a minute later", async () => {
      await resetDatabase(database.db);
      const email = "restarted@example.com";
      await createUser(database.db, { email });
      // The process that stored it died before issuing it; it becomes old enough in 1.5 s.
      const comesOfAgeInMs = 1500;
      await storeMagicLinkRequest(database.db, email, null);
      await database.db
        .update(magicLinkRequests)
        .set({
          createdAt: sql`now() - make_interval(secs => ${(MAGIC_LINK_REQUEST_RETRY_AFTER_MS - comesOfAgeInMs) / 1000})`,
        })
        .where(eq(magicLinkRequests.email, email));
      const smtp = await startSmtpSink();
      const started = Date.now();
      const server = await startTestServer({ db: database.handle, env: { SMTP_URL: smtp.url } });
      try {
        // The start-up sweep leaves it to its process, as it is too young...
        await server.app.ctx.outbox.idle();
        expect(smtp.emailsTo(email)).toHaveLength(0);
        // ...and the sweep armed for its coming of age issues it (the regular one is 60 s away).
        const mail = await smtp.nextEmail(email, 8000);
        expect(Date.now() - started).toBeGreaterThanOrEqual(comesOfAgeInMs - 200);
        expect(verifyTokenFrom(mail, TEST_PUBLIC_URL)).toMatch(/^[A-Za-z0-9_-]{43}$/);
        await server.app.ctx.outbox.idle();
        expect(smtp.emailsTo(email)).toHaveLength(1);
      } finally {
        await server.close();
        await smtp.close();
      }
    });
  });

  describe("TRUST_PROXY unset: X-Forwarded-For is ignored (ADR 0016)", () => {
    const f = useTestServer(database);

    it("rate-limits 40 wrong Events passwords with rotated X-Forwarded-For headers", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await f.server.request("POST", "/api/gates/events", {
          json: { password: `wrong-${i}` },
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, GATE_RATE_PER_IP)).toEqual(Array(GATE_RATE_PER_IP).fill(401));
      expect(statuses.slice(GATE_RATE_PER_IP)).toEqual(Array(40 - GATE_RATE_PER_IP).fill(429));
    });
  });

  describe("TRUST_PROXY=1: the client IP comes from X-Forwarded-For", () => {
    const f = useTestServer(database, { env: { TRUST_PROXY: "1" } });

    it("counts gate attempts per forwarded client", async () => {
      for (let i = 0; i < GATE_RATE_PER_IP; i++) {
        const response = await f.server.request("POST", "/api/gates/events", {
          json: { password: "wrong" },
          headers: { "x-forwarded-for": "198.51.100.7" },
        });
        expect(response.status).toBe(401);
      }
      const limited = await f.server.request("POST", "/api/gates/events", {
        json: { password: "wrong" },
        // A spoofed leftmost entry does not help: one hop is trusted, so the proxy's entry counts.
        headers: { "x-forwarded-for": "192.0.2.99, 198.51.100.7" },
      });
      expect(limited.status).toBe(429);
      const other = await f.server.request("POST", "/api/gates/events", {
        json: { password: "wrong" },
        headers: { "x-forwarded-for": "198.51.100.8" },
      });
      expect(other.status).toBe(401);
    });

    it("limits magic links per (email, IP): a stranger's requests do not lock the owner out", async () => {
      await createUser(f.db, { email: "victim@example.com" });
      const stranger = { "x-forwarded-for": "198.51.100.66" };
      for (let i = 0; i < MAGIC_LINK_RATE_PER_EMAIL; i++) {
        const response = await f.server.request("POST", "/api/auth/send-magic-link", {
          json: { email: "victim@example.com" },
          headers: stranger,
        });
        expect(response.status).toBe(200);
      }
      const blocked = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "victim@example.com" },
        headers: stranger,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe("RATE_LIMITED");
      // The owner, on another network, still gets a link.
      const owner = await requestInBrowser(f, "victim@example.com", { "x-forwarded-for": "203.0.113.10" });
      expect(owner.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it("groups IPv6 clients by /64 and keeps IPv4-mapped addresses per address", async () => {
      const send = (email: string, ip: string) =>
        f.server.request("POST", "/api/auth/send-magic-link", {
          json: { email },
          headers: { "x-forwarded-for": ip },
        });
      for (let i = 0; i < MAGIC_LINK_RATE_PER_EMAIL; i++) {
        expect((await send("six@example.com", `2001:db8:aa:bb::${i + 1}`)).status).toBe(200);
      }
      // Another address in the same /64 shares the count; the next /64 does not.
      expect((await send("six@example.com", "2001:db8:aa:bb:ffff::9")).status).toBe(429);
      expect((await send("six@example.com", "2001:db8:aa:bc::1")).status).toBe(200);
      for (let i = 0; i < MAGIC_LINK_RATE_PER_EMAIL; i++) {
        expect((await send("four@example.com", "::ffff:198.51.100.20")).status).toBe(200);
      }
      expect((await send("four@example.com", "198.51.100.20")).status).toBe(429);
      expect((await send("four@example.com", "::ffff:198.51.100.21")).status).toBe(200);
    });
  });

  describe("TRUST_PROXY as an address list", () => {
    it("honours X-Forwarded-For only from a listed proxy", async () => {
      for (const [trust, honoured] of [
        ["127.0.0.1/8, ::1", true],
        ["10.0.0.0/8", false],
      ] as const) {
        const server = await startTestServer({ db: database.handle, env: { TRUST_PROXY: trust } });
        try {
          const statuses: number[] = [];
          for (let i = 0; i <= GATE_RATE_PER_IP; i++) {
            const response = await server.request("POST", "/api/gates/channel-partner", {
              json: { password: "wrong" },
              headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
            });
            statuses.push(response.status);
          }
          expect(statuses.at(-1), trust).toBe(honoured ? 401 : 429);
        } finally {
          await server.close();
        }
      }
    });

    it("refuses to start with an invalid TRUST_PROXY", async () => {
      await expect(
        startTestServer({ db: database.handle, env: { TRUST_PROXY: "proxy.example" } }),
      ).rejects.toThrow(/TRUST_PROXY/);
    });
  });

  describe("sessions", () => {
    const f = useTestServer(database);

    it("end 90 days after sign-in however often they are used", async () => {
      const user = await createUser(f.db, { email: "old@example.com" });
      const cookie = await verifyToken(f, await requestMagicLink(f, "old@example.com"));
      await f.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '88 days'`, expiresAt: sql`now() + interval '1 hour'` })
        .where(eq(sessions.userId, user.id));
      // Still valid, and slides only up to the 90-day mark (2 days away), not 30 days ahead.
      const late = await f.server.request("GET", "/api/auth/me", { cookie });
      expect(late.status).toBe(200);
      const renewed = cookieFrom(late.setCookies, SESSION_COOKIE);
      const until = Date.parse(String(renewed?.attributes.expires)) - Date.now();
      expect(until).toBeGreaterThan(1.9 * DAY);
      expect(until).toBeLessThan(2.1 * DAY);

      await f.db
        .update(sessions)
        .set({
          createdAt: sql`now() - interval '90 days 1 minute'`,
          expiresAt: sql`now() + interval '20 days'`,
        })
        .where(eq(sessions.userId, user.id));
      const expired = await f.server.request("GET", "/api/auth/me", { cookie });
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe("UNAUTHENTICATED");
    });

    it("a new sign-in through a magic link deletes the session behind the old cookie", async () => {
      const user = await createUser(f.db, { email: "again@example.com" });
      const first = await verifyToken(f, await requestMagicLink(f, "again@example.com"));
      const token = await requestMagicLink(f, "again@example.com");
      const second = await f.server.request("POST", "/api/auth/verify-magic-link", {
        json: { token },
        cookie: first,
      });
      expect(second.status).toBe(200);
      const fresh = cookieFrom(second.setCookies, SESSION_COOKIE);
      expect(fresh?.value).not.toBe(first.split("=")[1]);
      expect((await f.server.request("GET", "/api/auth/me", { cookie: first })).status).toBe(401);
      expect(
        (await f.server.request("GET", "/api/auth/me", { cookie: `${SESSION_COOKIE}=${fresh?.value}` }))
          .status,
      ).toBe(200);
      expect(await f.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    });

    it("accepting an invitation deletes the session behind the old cookie", async () => {
      const other = await createUser(f.db, { email: "previous@example.com" });
      const admin = await createUser(f.db, { email: "inviter@example.com", role: "admin" });
      const oldCookie = await verifyToken(f, await requestMagicLink(f, "previous@example.com"));
      const invite = issueToken();
      await f.db.insert(userInvitations).values({
        email: "newcomer@example.com",
        invitedBy: admin.id,
        tokenHash: invite.hash,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      });
      const accepted = await f.server.request("POST", "/api/invitations/accept", {
        json: { token: invite.raw, fullName: "New Comer" },
        cookie: oldCookie,
      });
      expect(accepted.status).toBe(201);
      expect(await f.db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(0);
      expect((await f.server.request("GET", "/api/auth/me", { cookie: oldCookie })).status).toBe(401);
    });

    it("deleteSessionsOf signs a user out everywhere and kills pending links; reactivating revives nothing", async () => {
      const user = await createUser(f.db, { email: "leaver@example.com" });
      const laptop = await verifyToken(f, await requestMagicLink(f, "leaver@example.com"));
      const phone = await verifyToken(f, await requestMagicLink(f, "leaver@example.com"));
      const pending = await requestMagicLink(f, "leaver@example.com");
      // Deactivation, as the user-management service does it.
      await f.db.transaction(async (tx) => {
        await tx.update(users).set({ isActive: false }).where(eq(users.id, user.id));
        expect(await deleteSessionsOf(tx, user.id)).toEqual({ sessions: 2, magicLinks: 1 });
      });
      await f.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
      for (const cookie of [laptop, phone]) {
        expect((await f.server.request("GET", "/api/auth/me", { cookie })).status).toBe(401);
      }
      const link = await f.server.request("POST", "/api/auth/verify-magic-link", {
        json: { token: pending },
      });
      expect(link.status).toBe(404);
      expect(link.body.code).toBe("TOKEN_INVALID");
      // The reactivated user signs in afresh.
      await verifyToken(f, await requestMagicLink(f, "leaver@example.com"));
    });
  });

  describe("over HTTPS", () => {
    const f = useTestServer(database, { env: { PUBLIC_URL: "https://aisleiq.test" } });

    it("names the session cookie __Host-aisleiq_session: Secure, Path=/, no Domain", async () => {
      await createUser(f.db, { email: "secure@example.com" });
      const mail = f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "secure@example.com" },
      });
      expect((await mail).status).toBe(200);
      const token = verifyTokenFrom(await f.smtp.nextEmail("secure@example.com"), "https://aisleiq.test");
      const verified = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
      expect(verified.status).toBe(200);
      // The names themselves are a contract (renaming signs everybody out): pinned here once,
      // every other test reads them from the server's constants.
      expect(HOST_SESSION_COOKIE).toBe("__Host-aisleiq_session");
      expect(SESSION_COOKIE).toBe("aisleiq_session");
      const cookie = cookieFrom(verified.setCookies, HOST_SESSION_COOKIE);
      expect(cookie?.attributes).toMatchObject({ secure: true, httponly: true, samesite: "Lax", path: "/" });
      expect(cookie?.attributes.domain).toBeUndefined();
      expect(cookieFrom(verified.setCookies, SESSION_COOKIE)).toBeUndefined();
      const me = await f.server.request("GET", "/api/auth/me", {
        cookie: `${HOST_SESSION_COOKIE}=${cookie?.value}`,
      });
      expect(me.status).toBe(200);

      const logout = await f.server.request("POST", "/api/auth/logout", {
        cookie: `${HOST_SESSION_COOKIE}=${cookie?.value}`,
      });
      expect(cookieFrom(logout.setCookies, HOST_SESSION_COOKIE)?.value).toBe("");
      expect(
        (await f.server.request("GET", "/api/auth/me", { cookie: `${HOST_SESSION_COOKIE}=${cookie?.value}` }))
          .status,
      ).toBe(401);
    });

    it("reads only __Host-aisleiq_session: a cookie planted under the unprefixed name signs nobody in", async () => {
      // A sibling subdomain can set `aisleiq_session` for this host (cookie tossing, ADR 0031).
      const attacker = await createUser(f.db, { email: "tosser@example.com" });
      const victim = await createUser(f.db, { email: "victim@example.com" });
      const planted = (await createSession(f.db, attacker.id)).token;
      const own = (await createSession(f.db, victim.id)).token;

      const alone = await f.server.request("GET", "/api/auth/me", { cookie: `${SESSION_COOKIE}=${planted}` });
      expect(alone.status).toBe(401);
      expect(cookieFrom(alone.setCookies, HOST_SESSION_COOKIE)?.value).toBeFalsy();

      const both = await f.server.request("GET", "/api/auth/me", {
        cookie: `${SESSION_COOKIE}=${planted}; ${HOST_SESSION_COOKIE}=${own}`,
      });
      expect(both.status).toBe(200);
      expect(both.body.user.email).toBe("victim@example.com");

      // A state-changing call with only the planted cookie is not the attacker's either.
      const language = await f.server.request("PATCH", "/api/auth/me/language", {
        cookie: `${SESSION_COOKIE}=${planted}`,
        json: { language: "es" },
      });
      expect(language.status).toBe(401);
      const [row] = await f.db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, attacker.id));
      expect(row?.language).not.toBe("es");
    });
  });
});
