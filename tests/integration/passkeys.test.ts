import { DrizzleQueryError, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { UserAuditEntry } from "../../src/common/api/users";
import { PASSKEYS_PER_USER, STEP_UP_CODE_MAX_WRONG, STEP_UP_WINDOW_MS } from "../../src/common/limits";
import { createSession } from "../../src/server/auth/sessions";
import { hashToken } from "../../src/server/core/tokens";
import {
  emailOutbox,
  passkeys,
  sessions,
  stepUpCodes,
  userAudit,
  users,
  webauthnChallenges,
} from "../../src/server/db/schema";
import { CEREMONY_COOKIE } from "../../src/server/passkeys/routes";
import { type Actor, createActor, createCompanyRow, createUser } from "../support/actors";
import { cookieFrom, SESSION_COOKIE, sessionCookieHeader } from "../support/cookies";
import { signInCodeFrom } from "../support/smtp-sink";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { testBackends } from "./support/database";
import { requestMagicLink, type ServerFixture, useTestDatabase, useTestServer } from "./support/fixture";
import { TEST_PUBLIC_URL, waitFor } from "./support/test-app";

/**
 * Passkeys (ADR 0061) end to end over HTTP with a software authenticator: the server's real
 * WebAuthn verification through @simplewebauthn/server, RP ID and origin from PUBLIC_URL
 * (`http://aisleiq.test` here).
 */

const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const join = (...cookies: Array<string | undefined>) => cookies.filter(Boolean).join("; ");

/** The ceremony cookie a response set, as a Cookie header part. */
function ceremonyOf(setCookies: string[]): string {
  const cookie = cookieFrom(setCookies, CEREMONY_COOKIE);
  if (!cookie?.value) throw new Error("no ceremony cookie");
  return `${CEREMONY_COOKIE}=${cookie.value}`;
}

/** Adds a passkey for `actor` with `authenticator`, as the portal does; returns the 201's passkey. */
async function addPasskey(
  f: ServerFixture,
  actor: Actor,
  authenticator: SoftAuthenticator,
  userAgent = MAC_CHROME,
) {
  const options = await f.server.request("POST", "/api/auth/passkeys/options", { cookie: actor.cookie });
  expect(options.status).toBe(200);
  const added = await f.server.request("POST", "/api/auth/passkeys", {
    cookie: join(actor.cookie, ceremonyOf(options.setCookies)),
    headers: { "user-agent": userAgent },
    json: { response: authenticator.register(options.body.options) },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.passkey as { id: number; name: string };
}

/** Starts a passkey sign-in: the options and the ceremony cookie. */
async function signInOptions(f: ServerFixture) {
  const started = await f.server.request("POST", "/api/auth/passkey/options");
  expect(started.status).toBe(200);
  return { options: started.body.options, ceremony: ceremonyOf(started.setCookies) };
}

/** Signs in with `authenticator`'s passkey (its only one unless `id`), from a Mac's Chrome. */
async function signInWith(f: ServerFixture, authenticator: SoftAuthenticator, id?: string) {
  const { options, ceremony } = await signInOptions(f);
  return f.server.request("POST", "/api/auth/passkey/verify", {
    cookie: ceremony,
    headers: { "user-agent": MAC_CHROME },
    json: { response: authenticator.authenticate(options, id) },
  });
}

describe.each(testBackends())("passkeys on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let counter = 0;
  const person = (role: "user" | "admin" = "user", companyId: number | null = null) =>
    createActor(f.db, { email: `person-${++counter}@example.com`, role, companyId });

  it("adds a passkey named after the browser and OS, lists it, and emails the person", async () => {
    const ada = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    const passkey = await addPasskey(f, ada, authenticator);
    expect(passkey.name).toBe("Chrome on macOS");
    const list = await f.server.request("GET", "/api/auth/passkeys", { cookie: ada.cookie });
    expect(list.status).toBe(200);
    expect(list.body.passkeys).toEqual([
      {
        id: passkey.id,
        name: "Chrome on macOS",
        createdAt: expect.any(String),
        lastUsedAt: null,
        backedUp: true,
      },
    ]);
    const mail = await f.smtp.nextEmail(ada.email);
    expect(mail.subject).toBe("A passkey was added to your AisleIQ account");
    expect(mail.text).toContain("“Chrome on macOS”");
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/dashboard#passkeys`);
    const [row] = await f.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row).toMatchObject({
      counter: 0,
      deviceType: "multiDevice",
      backedUp: true,
      transports: "internal,hybrid",
    });
  });

  it("signs in with the passkey alone: the same session as a link, use time and counter stored", async () => {
    const bo = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    const passkey = await addPasskey(f, bo, authenticator);
    const signedIn = await signInWith(f, authenticator);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { id: bo.id, email: bo.email }, suggestPasskey: false });
    const session = cookieFrom(signedIn.setCookies, SESSION_COOKIE);
    expect(session?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
    const me = await f.server.request("GET", "/api/auth/me", {
      cookie: sessionCookieHeader(session?.value ?? ""),
    });
    expect(me.body.user.email).toBe(bo.email);
    const [row] = await f.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    const [user] = await f.db.select().from(users).where(eq(users.id, bo.id));
    expect(user?.lastLoginAt).toBeInstanceOf(Date);
    // Her sessions list and the audit trail know this browser, as after a link (ADR 0057).
    const tokenHash = hashToken(session?.value ?? "");
    expect(await f.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash))).toEqual([
      expect.objectContaining({ userId: bo.id, userAgent: MAC_CHROME, ip: "127.0.0.1" }),
    ]);
    // The passkey's use is her sign-in entry, which names the passkey as the way in.
    expect(
      await f.db.select().from(userAudit).where(eq(userAudit.targetUserId, bo.id)).orderBy(userAudit.id),
    ).toEqual([
      expect.objectContaining({ action: "passkey_added", actorId: bo.id, detail: "Chrome on macOS" }),
      expect.objectContaining({
        action: "signed_in",
        actorId: bo.id,
        detail: "passkey",
        userAgent: MAC_CHROME,
        ip: "127.0.0.1",
      }),
    ]);
    // The ceremony cookie has served its purpose.
    expect(cookieFrom(signedIn.setCookies, CEREMONY_COOKIE)?.value).toBe("");
  });

  it("answers each challenge once: a replayed answer and an answer to a used challenge are refused", async () => {
    const cy = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL, { counter: "none" });
    await addPasskey(f, cy, authenticator);
    const { options, ceremony } = await signInOptions(f);
    const response = authenticator.authenticate(options);
    const first = await f.server.request("POST", "/api/auth/passkey/verify", {
      cookie: ceremony,
      json: { response },
    });
    expect(first.status).toBe(200);
    const replay = await f.server.request("POST", "/api/auth/passkey/verify", {
      cookie: ceremony,
      json: { response },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("PASSKEY_FAILED");
    // A fresh ceremony does not revive the old challenge either.
    const fresh = await signInOptions(f);
    const stale = await f.server.request("POST", "/api/auth/passkey/verify", {
      cookie: fresh.ceremony,
      json: { response: authenticator.authenticate(options) },
    });
    expect(stale.body.code).toBe("PASSKEY_FAILED");
    expect(cookieFrom(stale.setCookies, SESSION_COOKIE)).toBeUndefined();
  });

  it("refuses an expired challenge, another origin's answer, and no ceremony cookie", async () => {
    const di = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    await addPasskey(f, di, authenticator);

    const late = await signInOptions(f);
    await f.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, late.options.challenge));
    const expired = await f.server.request("POST", "/api/auth/passkey/verify", {
      cookie: late.ceremony,
      json: { response: authenticator.authenticate(late.options) },
    });
    expect(expired.body.code).toBe("PASSKEY_FAILED");

    const phished = await signInOptions(f);
    const elsewhere = await f.server.request("POST", "/api/auth/passkey/verify", {
      cookie: phished.ceremony,
      json: {
        response: authenticator.authenticate(phished.options, undefined, {
          origin: "http://aisleiq.test.evil",
        }),
      },
    });
    expect(elsewhere.body.code).toBe("PASSKEY_FAILED");

    const cookieless = await signInOptions(f);
    const without = await f.server.request("POST", "/api/auth/passkey/verify", {
      json: { response: authenticator.authenticate(cookieless.options) },
    });
    expect(without.body.code).toBe("PASSKEY_FAILED");
  });

  it("refuses a signature counter that went backwards (a cloned authenticator) and keeps the stored one", async () => {
    const ed = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    const passkey = await addPasskey(f, ed, authenticator);
    expect((await signInWith(f, authenticator)).status).toBe(200);
    expect((await signInWith(f, authenticator)).status).toBe(200);
    const { options, ceremony } = await signInOptions(f);
    const cloned = await f.server.request("POST", "/api/auth/passkey/verify", {
      cookie: ceremony,
      json: { response: authenticator.authenticate(options, undefined, { counter: 1 }) },
    });
    expect(cloned.status).toBe(400);
    expect(cloned.body.code).toBe("PASSKEY_FAILED");
    const [row] = await f.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row?.counter).toBe(2);
  });

  it("answers 503 while the database is unreachable, and signs in with a new ceremony after", async () => {
    const ola = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    await addPasskey(f, ola, authenticator);
    const terminated = new DrizzleQueryError(
      'update "users" set ...',
      [],
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    );
    const spy = vi.spyOn(f.db, "transaction").mockRejectedValue(terminated);
    try {
      const during = await signInWith(f, authenticator);
      expect(during.status).toBe(503);
      expect(during.body.code).toBe("SERVICE_UNAVAILABLE");
      expect(cookieFrom(during.setCookies, SESSION_COOKIE)).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
    const after = await waitFor(async () => {
      const answer = await signInWith(f, authenticator);
      return answer.status === 503 ? undefined : answer;
    });
    expect(after.status).toBe(200);
    // Leave no outage behind for the next test: a passkey sign-in does not end it, the readiness
    // check does once the database answers (a link request is refused 503 until then).
    await waitFor(async () => (await f.server.request("GET", "/api/ready")).status === 200);
  });

  it("removes her passkeys when she is deactivated: none signs in, and reactivation brings none back", async () => {
    const admin = await person("admin");
    const fay = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    await addPasskey(f, fay, authenticator);
    await addPasskey(f, fay, new SoftAuthenticator(TEST_PUBLIC_URL));
    await f.smtp.nextEmail(fay.email);
    await f.smtp.nextEmail(fay.email);
    const off = await f.server.request("POST", `/api/admin/users/${fay.id}/deactivate`, {
      cookie: admin.cookie,
    });
    expect(off.status).toBe(200);
    expect(off.body.user.passkeyCount).toBe(0);
    expect(await f.db.select().from(passkeys).where(eq(passkeys.userId, fay.id))).toEqual([]);
    // Each passkey removed is an entry by the admin, before the deactivation's own (ADR 0057).
    const trail = await f.db
      .select()
      .from(userAudit)
      .where(eq(userAudit.targetUserId, fay.id))
      .orderBy(userAudit.id);
    expect(trail.slice(-3).map((entry) => [entry.action, entry.actorId])).toEqual([
      ["passkey_removed", admin.id],
      ["passkey_removed", admin.id],
      ["deactivated", admin.id],
    ]);
    const refused = await signInWith(f, authenticator);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("PASSKEY_FAILED");
    expect(cookieFrom(refused.setCookies, SESSION_COOKIE)).toBeUndefined();
    const on = await f.server.request("POST", `/api/admin/users/${fay.id}/reactivate`, {
      cookie: admin.cookie,
    });
    expect(on.status).toBe(200);
    expect(await f.db.select().from(passkeys).where(eq(passkeys.userId, fay.id))).toEqual([]);
    expect((await signInWith(f, authenticator)).body.code).toBe("PASSKEY_FAILED");
    // She was told of the deactivation, not asked to add a passkey she cannot sign in to add.
    const notices = await f.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, fay.email));
    expect(notices.map((row) => row.kind).filter((kind) => kind === "passkey_removed")).toEqual([]);
  });

  it("signs no one in with the passkey of a user deactivated while it was being used", async () => {
    const fay = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    await addPasskey(f, fay, authenticator);
    // Deactivated by a direct write, as if between the passkey check and the session.
    await f.db.update(users).set({ isActive: false }).where(eq(users.id, fay.id));
    const refused = await signInWith(f, authenticator);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("ACCOUNT_INACTIVE");
  });

  it("renames and removes her own passkeys only; a removed passkey signs no one in, and she is emailed", async () => {
    const gus = await person();
    const other = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    const passkey = await addPasskey(f, gus, authenticator);
    await f.smtp.nextEmail(gus.email);

    const renamed = await f.server.request("PATCH", `/api/auth/passkeys/${passkey.id}`, {
      cookie: gus.cookie,
      json: { name: "  Work laptop  " },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey.name).toBe("Work laptop");
    const tooLong = await f.server.request("PATCH", `/api/auth/passkeys/${passkey.id}`, {
      cookie: gus.cookie,
      json: { name: "x".repeat(61) },
    });
    expect(tooLong.status).toBe(400);
    for (const [method, json] of [
      ["PATCH", { name: "Mine now" }],
      ["DELETE", undefined],
    ] as const) {
      const theirs = await f.server.request(method, `/api/auth/passkeys/${passkey.id}`, {
        cookie: other.cookie,
        json,
      });
      expect(theirs.status).toBe(404);
    }

    const removed = await f.server.request("DELETE", `/api/auth/passkeys/${passkey.id}`, {
      cookie: gus.cookie,
    });
    expect(removed.status).toBe(204);
    const mail = await f.smtp.nextEmail(gus.email);
    expect(mail.subject).toBe("A passkey was removed from your AisleIQ account");
    expect(mail.text).toContain("“Work laptop”");
    const list = await f.server.request("GET", "/api/auth/passkeys", { cookie: gus.cookie });
    expect(list.body.passkeys).toEqual([]);
    const refused = await signInWith(f, authenticator);
    expect(refused.body.code).toBe("PASSKEY_FAILED");
    // Added and removed by her, each an audit entry naming the passkey as it was called then.
    expect(
      await f.db.select().from(userAudit).where(eq(userAudit.targetUserId, gus.id)).orderBy(userAudit.id),
    ).toEqual([
      expect.objectContaining({
        action: "passkey_added",
        actorId: gus.id,
        detail: "Chrome on macOS",
        userAgent: MAC_CHROME,
        ip: "127.0.0.1",
      }),
      expect.objectContaining({ action: "passkey_removed", actorId: gus.id, detail: "Work laptop" }),
    ]);
  });

  it("offers her other passkeys as excluded and keeps one user handle; refuses a registration for another origin or user", async () => {
    const hal = await person();
    const kim = await person();
    const first = new SoftAuthenticator(TEST_PUBLIC_URL);
    await addPasskey(f, hal, first);
    const options = await f.server.request("POST", "/api/auth/passkeys/options", { cookie: hal.cookie });
    const [firstId] = [...first.credentials.keys()];
    expect(options.body.options.excludeCredentials).toEqual([
      expect.objectContaining({ id: firstId, type: "public-key" }),
    ]);
    expect(options.body.options.user).toMatchObject({
      name: hal.email,
      id: first.credentials.get(firstId ?? "")?.userHandle,
    });
    expect(options.body.options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(options.body.options.rp).toEqual({ id: "aisleiq.test", name: "AisleIQ" });

    const second = new SoftAuthenticator(TEST_PUBLIC_URL);
    const phished = await f.server.request("POST", "/api/auth/passkeys", {
      cookie: join(hal.cookie, ceremonyOf(options.setCookies)),
      json: { response: second.register(options.body.options, { origin: "http://evil.test" }) },
    });
    expect(phished.status).toBe(400);
    expect(phished.body.code).toBe("PASSKEY_REGISTRATION_FAILED");

    // Hal's registration ceremony cannot add a passkey to Kim's account.
    const halsOptions = await f.server.request("POST", "/api/auth/passkeys/options", { cookie: hal.cookie });
    const crossed = await f.server.request("POST", "/api/auth/passkeys", {
      cookie: join(kim.cookie, ceremonyOf(halsOptions.setCookies)),
      json: { response: second.register(halsOptions.body.options) },
    });
    expect(crossed.body.code).toBe("PASSKEY_REGISTRATION_FAILED");
    expect(await f.db.select().from(passkeys).where(eq(passkeys.userId, kim.id))).toEqual([]);
  });

  it(`holds at most ${PASSKEYS_PER_USER} passkeys per account`, async () => {
    const ivy = await person();
    await f.db.insert(passkeys).values(
      Array.from({ length: PASSKEYS_PER_USER }, (_, i) => ({
        userId: ivy.id,
        credentialId: `ivy-${i}`,
        publicKey: "AA",
        userHandle: "ivy",
        deviceType: "multiDevice",
        backedUp: true,
        name: `Key ${i}`,
      })),
    );
    const options = await f.server.request("POST", "/api/auth/passkeys/options", { cookie: ivy.cookie });
    expect(options.status).toBe(409);
    expect(options.body.code).toBe("PASSKEY_LIMIT");
  });

  it("shows managers each user's passkey count and lets them remove a user's passkeys, in their scope", async () => {
    const companyA = await createCompanyRow(f.db, `Passkey Foods ${counter}`);
    const companyB = await createCompanyRow(f.db, `Other Foods ${counter}`);
    const admin = await person("admin");
    const managerA = await createActor(f.db, {
      email: `ca-${++counter}@example.com`,
      role: "company_admin",
      companyId: companyA,
    });
    const managerB = await createActor(f.db, {
      email: `cb-${++counter}@example.com`,
      role: "company_admin",
      companyId: companyB,
    });
    const jo = await person("user", companyA);
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    await addPasskey(f, jo, authenticator);
    await addPasskey(f, jo, new SoftAuthenticator(TEST_PUBLIC_URL));
    await f.smtp.nextEmail(jo.email);
    await f.smtp.nextEmail(jo.email);

    const listed = await f.server.request("GET", `/api/admin/users?q=${encodeURIComponent(jo.email)}`, {
      cookie: admin.cookie,
    });
    expect(listed.body.users).toEqual([expect.objectContaining({ id: jo.id, passkeyCount: 2 })]);

    const outside = await f.server.request("DELETE", `/api/admin/users/${jo.id}/passkeys`, {
      cookie: managerB.cookie,
    });
    expect(outside.status).toBe(404);
    const self = await f.server.request("DELETE", `/api/admin/users/${managerA.id}/passkeys`, {
      cookie: managerA.cookie,
    });
    expect(self.status).toBe(403);
    const removed = await f.server.request("DELETE", `/api/admin/users/${jo.id}/passkeys`, {
      cookie: managerA.cookie,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ removed: 2 });
    const mail = await f.smtp.nextEmail(jo.email);
    expect(mail.subject).toBe("An admin removed your AisleIQ passkeys");
    expect(mail.text).toContain("removed the 2 passkeys");
    expect((await signInWith(f, authenticator)).body.code).toBe("PASSKEY_FAILED");
    const again = await f.server.request("DELETE", `/api/admin/users/${jo.id}/passkeys`, {
      cookie: admin.cookie,
    });
    expect(again.body).toEqual({ removed: 0 });
    expect(f.smtp.emailsTo(jo.email)).toHaveLength(3);
    // The trail: one entry per passkey removed, by the company admin; hers to see, not the other company's.
    const trail = async (cookie: string) => {
      const answer = await f.server.request(
        "GET",
        `/api/admin/users/audit?action=passkey_removed&userId=${jo.id}`,
        { cookie },
      );
      expect(answer.status).toBe(200);
      return answer.body.entries as UserAuditEntry[];
    };
    const removals = await trail(managerA.cookie);
    expect(removals).toEqual([
      expect.objectContaining({ actorId: managerA.id, targetUserId: jo.id, detail: "Chrome on macOS" }),
      expect.objectContaining({ actorId: managerA.id, targetUserId: jo.id, detail: "Chrome on macOS" }),
    ]);
    expect(await trail(admin.cookie)).toEqual(removals);
    expect(await trail(managerB.cookie)).toEqual([]);
  });

  it("suggests a passkey once, on the first sign-in by email while she has none", async () => {
    const kai = await createUser(f.db, { email: "kai@example.com" });
    const verify = async () => {
      const token = await requestMagicLink(f, kai.email);
      const answer = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
      expect(answer.status).toBe(200);
      return answer.body.suggestPasskey;
    };
    expect(await verify()).toBe(true);
    expect(await verify()).toBe(false);
    const lea = await createActor(f.db, { email: "lea@example.com" });
    await addPasskey(f, lea, new SoftAuthenticator(TEST_PUBLIC_URL));
    await f.smtp.nextEmail(lea.email);
    const token = await requestMagicLink(f, lea.email);
    const answer = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
    expect(answer.body.suggestPasskey).toBe(false);
  });

  /** A person whose session started `minutes` ago, by a link as far as the server knows. */
  async function signedInAgo(minutes: number) {
    const row = await createUser(f.db, { email: `stale-${++counter}@example.com` });
    const session = await createSession(f.db, row.id, new Date(Date.now() - minutes * 60_000));
    return { ...row, cookie: sessionCookieHeader(session.token) } as Actor;
  }

  const sendStepUp = (actor: Actor) =>
    f.server.request("POST", "/api/auth/step-up/send-code", {
      cookie: actor.cookie,
      headers: { "user-agent": MAC_CHROME },
    });
  const typeStepUp = (actor: Actor, code: string) =>
    f.server.request("POST", "/api/auth/step-up/verify-code", { cookie: actor.cookie, json: { code } });
  const auditOf = async (userId: number) =>
    (await f.db.select().from(userAudit).where(eq(userAudit.targetUserId, userId)).orderBy(userAudit.id)).map(
      (entry) => [entry.action, entry.detail],
    );

  it(`refuses to add a passkey on a session signed in more than ${STEP_UP_WINDOW_MS / 60_000} minutes ago without a step-up code`, async () => {
    const old = await signedInAgo(STEP_UP_WINDOW_MS / 60_000 + 1);
    const options = await f.server.request("POST", "/api/auth/passkeys/options", { cookie: old.cookie });
    expect(options.status).toBe(403);
    expect(options.body.code).toBe("STEP_UP_REQUIRED");
    expect(cookieFrom(options.setCookies, CEREMONY_COOKIE)).toBeUndefined();
    // A session that was fresh for the options and went stale before the answer is refused too.
    const gil = await person();
    const authenticator = new SoftAuthenticator(TEST_PUBLIC_URL);
    const fresh = await f.server.request("POST", "/api/auth/passkeys/options", { cookie: gil.cookie });
    expect(fresh.status).toBe(200);
    await f.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - STEP_UP_WINDOW_MS - 1000) })
      .where(eq(sessions.userId, gil.id));
    const added = await f.server.request("POST", "/api/auth/passkeys", {
      cookie: join(gil.cookie, ceremonyOf(fresh.setCookies)),
      json: { response: authenticator.register(fresh.body.options) },
    });
    expect(added.status).toBe(403);
    expect(added.body.code).toBe("STEP_UP_REQUIRED");
    expect(await f.db.select().from(passkeys).where(eq(passkeys.userId, gil.id))).toEqual([]);
    // Renaming, listing and removing need no step-up: they add no way in.
    expect((await f.server.request("GET", "/api/auth/passkeys", { cookie: old.cookie })).status).toBe(200);
  });

  it("adds a passkey after the emailed step-up code: the code names the device, works once, and is audited", async () => {
    const hal = await signedInAgo(60);
    const sent = await sendStepUp(hal);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ email: hal.email, expiresAt: expect.any(String) });
    const mail = await f.smtp.nextEmail(hal.email);
    expect(mail.subject).toBe("Your AisleIQ confirmation code");
    expect(mail.text).toContain("Chrome on macOS");
    const code = signInCodeFrom(mail);
    // Only a digest is at rest.
    const [stored] = await f.db.select().from(stepUpCodes).where(eq(stepUpCodes.userId, hal.id));
    expect(stored?.codeDigest).toMatch(/^scrypt14:/);
    expect(stored?.codeDigest).not.toContain(code);
    const wrong = await typeStepUp(hal, code === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("STEP_UP_CODE_INVALID");
    const right = await typeStepUp(hal, code);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(new Date(right.body.freshUntil).getTime()).toBeGreaterThan(
      Date.now() + STEP_UP_WINDOW_MS - 60_000,
    );
    // Used up: typing it again is refused, and no code row is left.
    expect((await typeStepUp(hal, code)).body.code).toBe("STEP_UP_CODE_INVALID");
    expect(await f.db.select().from(stepUpCodes).where(eq(stepUpCodes.userId, hal.id))).toEqual([]);
    await addPasskey(f, hal, new SoftAuthenticator(TEST_PUBLIC_URL));
    expect(await auditOf(hal.id)).toEqual([
      ["step_up_requested", null],
      ["step_up_failed", "1"],
      ["step_up_succeeded", null],
      ["passkey_added", "Chrome on macOS"],
    ]);
  });

  it(`kills a step-up code after ${STEP_UP_CODE_MAX_WRONG} wrong tries, and takes no other session's or expired code`, async () => {
    const ivy = await signedInAgo(30);
    expect((await sendStepUp(ivy)).status).toBe(200);
    const code = signInCodeFrom(await f.smtp.nextEmail(ivy.email));
    const other = code === "000000" ? "111111" : "000000";
    // Another session of hers (a thief's cookie, say) cannot use the code emailed for this one.
    const second = await createSession(f.db, ivy.id, new Date(Date.now() - 30 * 60_000));
    const elsewhere = await typeStepUp({ ...ivy, cookie: sessionCookieHeader(second.token) }, code);
    expect(elsewhere.body.code).toBe("STEP_UP_CODE_INVALID");
    for (let i = 1; i < STEP_UP_CODE_MAX_WRONG; i++) {
      expect((await typeStepUp(ivy, other)).body.code).toBe("STEP_UP_CODE_INVALID");
    }
    const last = await typeStepUp(ivy, other);
    expect(last.status).toBe(410);
    expect(last.body.code).toBe("STEP_UP_CODE_EXHAUSTED");
    expect((await typeStepUp(ivy, code)).body.code).toBe("STEP_UP_CODE_INVALID");
    expect(
      (await f.server.request("POST", "/api/auth/passkeys/options", { cookie: ivy.cookie })).status,
    ).toBe(403);
    // A new code works; one past its lifetime does not.
    expect((await sendStepUp(ivy)).status).toBe(200);
    const fresh = signInCodeFrom(await f.smtp.nextEmail(ivy.email));
    await f.db
      .update(stepUpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stepUpCodes.userId, ivy.id));
    expect((await typeStepUp(ivy, fresh)).body.code).toBe("STEP_UP_CODE_INVALID");
  });

  it("checks two tries of one step-up code one after the other: the right code works once", async () => {
    const jo = await signedInAgo(30);
    expect((await sendStepUp(jo)).status).toBe(200);
    const code = signInCodeFrom(await f.smtp.nextEmail(jo.email));
    const answers = await Promise.all([typeStepUp(jo, code), typeStepUp(jo, code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it("answers 401 to the step-up routes without a session, and 400 to a malformed code", async () => {
    expect((await f.server.request("POST", "/api/auth/step-up/send-code")).status).toBe(401);
    const kim = await signedInAgo(30);
    const malformed = await typeStepUp(kim, "12ab");
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("VALIDATION_ERROR");
  });

  it("answers 503 to a step-up code asked for while the database is unreachable: no code, no email; it works after", async () => {
    const max = await signedInAgo(30);
    const terminated = new DrizzleQueryError(
      'insert into "step_up_codes" ...',
      [],
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    );
    const spy = vi.spyOn(f.db, "transaction").mockRejectedValue(terminated);
    try {
      const during = await sendStepUp(max);
      expect(during.status).toBe(503);
      expect(during.body.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      spy.mockRestore();
    }
    expect(await f.db.select().from(stepUpCodes).where(eq(stepUpCodes.userId, max.id))).toEqual([]);
    expect(await f.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, max.email))).toEqual([]);
    const after = await waitFor(async () => {
      const answer = await sendStepUp(max);
      return answer.status === 503 ? undefined : answer;
    });
    expect(after.status).toBe(200);
    await waitFor(async () => (await f.server.request("GET", "/api/ready")).status === 200);
  });

  it("writes the step-up email in her language", async () => {
    const lu = await signedInAgo(30);
    await f.db.update(users).set({ language: "es" }).where(eq(users.id, lu.id));
    expect((await sendStepUp(lu)).status).toBe(200);
    const mail = await f.smtp.nextEmail(lu.email);
    expect(mail.subject).toBe("Su código de confirmación de AisleIQ");
    expect(mail.text).toContain("Chrome en macOS");
  });

  it("emails the notices in her language", async () => {
    const ana = await person();
    await f.db.update(users).set({ language: "es" }).where(eq(users.id, ana.id));
    await addPasskey(f, ana, new SoftAuthenticator(TEST_PUBLIC_URL));
    const mail = await f.smtp.nextEmail(ana.email);
    expect(mail.subject).toBe("Se agregó una llave de acceso a su cuenta de AisleIQ");
    expect(mail.html).toContain('lang="es"');
    // The passkey's default name is in her language too.
    expect(mail.text).toContain("“Chrome en macOS”");
  });
});
