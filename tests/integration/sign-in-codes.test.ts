import { DrizzleQueryError, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { UserAuditEntry } from "../../src/common/api/users";
import {
  SIGN_IN_CODE_IP_WINDOW_MS,
  SIGN_IN_CODE_MAX_WRONG,
  SIGN_IN_CODE_WRONG_PER_ADDRESS,
  SIGN_IN_CODE_WRONG_PER_IP,
} from "../../src/common/limits";
import { bumpAttempt } from "../../src/server/auth/attempt-counters";
import { emailDigest } from "../../src/server/auth/audit";
import { hashToken } from "../../src/server/core/tokens";
import {
  attemptCounters,
  magicLinkTokens,
  sessions,
  signInCodeFailures,
  userAudit,
  users,
} from "../../src/server/db/schema";
import { ipKey } from "../../src/server/http/rate-limit";
import { createActor, createCompanyRow, createUser } from "../support/actors";
import { BINDING_COOKIE, cookieFrom, SESSION_COOKIE, sessionCookieHeader } from "../support/cookies";
import { signInCodeFrom, verifyTokenFrom } from "../support/smtp-sink";
import { testBackends } from "./support/database";
import { type ServerFixture, useTestDatabase, useTestServer } from "./support/fixture";
import { TEST_PUBLIC_URL, waitFor } from "./support/test-app";

/**
 * The one-time code of every sign-in email (ADR 0060): six digits beside the link, stored as a
 * digest, signing in only the browser that asked, used up with the link, dead after five wrong
 * tries, limited per address and per IP, and answered alike whether or not the address exists.
 */

/** Asks for a sign-in email "in a browser"; returns that browser's binding cookie header. */
async function askInBrowser(f: ServerFixture, email: string): Promise<string> {
  const response = await f.server.request("POST", "/api/auth/send-magic-link", { json: { email } });
  expect(response.status).toBe(200);
  const binding = cookieFrom(response.setCookies, BINDING_COOKIE);
  if (!binding) throw new Error("no binding cookie");
  return `${BINDING_COOKIE}=${binding.value}`;
}

/** Asks in a browser and reads the email: the browser's cookie, the link's token and the code. */
async function signInEmail(f: ServerFixture, email: string) {
  const browser = await askInBrowser(f, email);
  const mail = await f.smtp.nextEmail(email);
  return { browser, token: verifyTokenFrom(mail, TEST_PUBLIC_URL), code: signInCodeFrom(mail), mail };
}

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

const typeCode = (f: ServerFixture, email: string, code: string, cookie?: string) =>
  f.server.request("POST", "/api/auth/verify-code", {
    json: { email, code },
    cookie,
    headers: { "user-agent": FIREFOX_WINDOWS },
  });

/** A code that is not `code` (the next one round the clock). */
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

const INVALID = { status: 400, code: "SIGN_IN_CODE_INVALID" };

describe.each(testBackends())("sign-in codes on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);

  it("emails six digits beside the link and stores only an scrypt digest of them", async () => {
    await createUser(f.db, { email: "digest@example.com" });
    const { token, code, mail } = await signInEmail(f, "digest@example.com");
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);
    const [row] = await f.db
      .select()
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.tokenHash, hashToken(token)));
    expect(row?.codeDigest).toMatch(/^scrypt14:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]{43}$/);
    expect(row?.codeDigest).not.toContain(code);
  });

  it("signs in the browser that asked when it types the code, and the link is then used up", async () => {
    const user = await createUser(f.db, { email: "laptop@example.com" });
    const { browser, token, code } = await signInEmail(f, "laptop@example.com");
    // Typed with spaces, as people copy it from a phone.
    const signedIn = await typeCode(
      f,
      " Laptop@Example.com ",
      `${code.slice(0, 3)} ${code.slice(3)}`,
      browser,
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({
      id: user.id,
      email: "laptop@example.com",
      isEmailVerified: true,
    });
    const session = cookieFrom(signedIn.setCookies, SESSION_COOKIE);
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieFrom(signedIn.setCookies, BINDING_COOKIE)?.value).toBe("");
    const me = await f.server.request("GET", "/api/auth/me", {
      cookie: sessionCookieHeader(session?.value ?? ""),
    });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe("laptop@example.com");
    // Her sessions list and the audit trail know this browser, as after a link (ADR 0057).
    expect(await f.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([
      expect.objectContaining({ userAgent: FIREFOX_WINDOWS, ip: "127.0.0.1" }),
    ]);
    // One entry for the email (link and code) and one for its use: the sign-in names the code.
    expect(
      await f.db.select().from(userAudit).where(eq(userAudit.targetUserId, user.id)).orderBy(userAudit.id),
    ).toEqual([
      expect.objectContaining({ action: "sign_in_email_sent", actorId: null, ip: "127.0.0.1" }),
      expect.objectContaining({
        action: "signed_in",
        actorId: user.id,
        detail: "code",
        userAgent: FIREFOX_WINDOWS,
        ip: "127.0.0.1",
      }),
    ]);
    // The same email's link no longer works, nor does the code a second time.
    const link = await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } });
    expect(link.body.code).toBe("TOKEN_USED");
    const again = await typeCode(f, "laptop@example.com", code, browser);
    expect({ status: again.status, code: again.body.code }).toEqual({
      status: 410,
      code: "SIGN_IN_CODE_USED",
    });
  });

  it("is used up by the link, and then says it was already used rather than not right", async () => {
    await createUser(f.db, { email: "link-first@example.com" });
    const { browser, token, code } = await signInEmail(f, "link-first@example.com");
    const link = await f.server.request("POST", "/api/auth/verify-magic-link", {
      json: { token },
      cookie: browser,
    });
    expect(link.status).toBe(200);
    const typed = await typeCode(f, "link-first@example.com", code, browser);
    expect({ status: typed.status, code: typed.body.code }).toEqual({
      status: 410,
      code: "SIGN_IN_CODE_USED",
    });
    expect(cookieFrom(typed.setCookies, SESSION_COOKIE)).toBeUndefined();
    // A wrong code for the used link is still just not right.
    const wrong = await typeCode(f, "link-first@example.com", wrongFor(code), browser);
    expect({ status: wrong.status, code: wrong.body.code }).toEqual(INVALID);
  });

  it("signs in once when the link and the code are used at the same moment", async () => {
    await createUser(f.db, { email: "race@example.com" });
    const { browser, token, code } = await signInEmail(f, "race@example.com");
    const [link, typed] = await Promise.all([
      f.server.request("POST", "/api/auth/verify-magic-link", { json: { token }, cookie: browser }),
      typeCode(f, "race@example.com", code, browser),
    ]);
    expect([link.status, typed.status].filter((status) => status === 200)).toHaveLength(1);
  });

  it("signs in no other browser: the right code without the asking browser's cookie is refused", async () => {
    await createUser(f.db, { email: "phone@example.com" });
    const { code, token } = await signInEmail(f, "phone@example.com");
    const elsewhere = await askInBrowser(f, "someone-else@example.com");
    for (const cookie of [undefined, elsewhere]) {
      const typed = await typeCode(f, "phone@example.com", code, cookie);
      expect({ status: typed.status, code: typed.body.code }).toEqual(INVALID);
      expect(cookieFrom(typed.setCookies, SESSION_COOKIE)).toBeUndefined();
    }
    const [row] = await f.db
      .select()
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.tokenHash, hashToken(token)));
    expect(row?.used).toBe(false);
  });

  it("dies with its link after 15 minutes", async () => {
    await createUser(f.db, { email: "late@example.com" });
    const { browser, token, code } = await signInEmail(f, "late@example.com");
    await f.db
      .update(magicLinkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(magicLinkTokens.tokenHash, hashToken(token)));
    const typed = await typeCode(f, "late@example.com", code, browser);
    expect({ status: typed.status, code: typed.body.code }).toEqual(INVALID);
  });

  it(`dies after ${SIGN_IN_CODE_MAX_WRONG} wrong tries: even the right code is refused then, while the link still works`, async () => {
    await createUser(f.db, { email: "guess@example.com" });
    const { browser, token, code } = await signInEmail(f, "guess@example.com");
    const answers: Array<{ status: number; code: string }> = [];
    for (let i = 0; i < SIGN_IN_CODE_MAX_WRONG; i++) {
      const typed = await typeCode(f, "guess@example.com", wrongFor(code), browser);
      answers.push({ status: typed.status, code: typed.body.code });
    }
    expect(answers).toEqual([
      ...Array.from({ length: SIGN_IN_CODE_MAX_WRONG - 1 }, () => INVALID),
      { status: 410, code: "SIGN_IN_CODE_EXHAUSTED" },
    ]);
    const right = await typeCode(f, "guess@example.com", code, browser);
    expect({ status: right.status, code: right.body.code }).toEqual({
      status: 410,
      code: "SIGN_IN_CODE_EXHAUSTED",
    });
    expect(cookieFrom(right.setCookies, SESSION_COOKIE)).toBeUndefined();
    const link = await f.server.request("POST", "/api/auth/verify-magic-link", {
      json: { token },
      cookie: browser,
    });
    expect(link.status).toBe(200);
  });

  it("answers a wrong code the same whether or not the address has an account, up to the code's death", async () => {
    await createUser(f.db, { email: "exists@example.com" });
    const known = await signInEmail(f, "exists@example.com");
    const unknownBrowser = await askInBrowser(f, "nobody-here@example.com");
    const strip = (r: { status: number; body: unknown; setCookies: string[]; headers: Headers }) => ({
      status: r.status,
      body: r.body,
      setCookies: r.setCookies,
      retryAfter: r.headers.get("retry-after"),
    });
    for (let i = 0; i < SIGN_IN_CODE_MAX_WRONG; i++) {
      const guess = wrongFor(known.code);
      const a = await typeCode(f, "exists@example.com", guess, known.browser);
      const b = await typeCode(f, "nobody-here@example.com", guess, unknownBrowser);
      expect(strip(b)).toEqual(strip(a));
    }
  });

  it(`refuses every code for an address after ${SIGN_IN_CODE_WRONG_PER_ADDRESS} wrong ones, with or without an account`, async () => {
    await createUser(f.db, { email: "target@example.com" });
    const target = await signInEmail(f, "target@example.com");
    const strangerBrowser = await askInBrowser(f, "no-account@example.com");
    // Wrong codes from elsewhere (other IPs, other requests) in the last day.
    for (const email of ["target@example.com", "no-account@example.com"]) {
      await f.db.insert(signInCodeFailures).values(
        Array.from({ length: SIGN_IN_CODE_WRONG_PER_ADDRESS }, (_, i) => ({
          email,
          ipKey: `198.51.100.${i}`,
          bindingHash: null,
        })),
      );
    }
    const right = await typeCode(f, "target@example.com", target.code, target.browser);
    const stranger = await typeCode(f, "no-account@example.com", "123456", strangerBrowser);
    for (const answer of [right, stranger]) {
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe("RATE_LIMITED");
      expect(answer.body.error).toMatch(
        /^Too many wrong codes\. Use the link in the email, or try again in 2[34] hours\.$/,
      );
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    }
    expect(right.body).toEqual(stranger.body);
    // Other addresses are not affected, and the link still works.
    const link = await f.server.request("POST", "/api/auth/verify-magic-link", {
      json: { token: target.token },
    });
    expect(link.status).toBe(200);
  });

  it(`refuses codes from an IP after ${SIGN_IN_CODE_WRONG_PER_IP} wrong ones in an hour`, async () => {
    await createUser(f.db, { email: "office@example.com" });
    const { browser, code } = await signInEmail(f, "office@example.com");
    const ip = "203.0.113.77";
    const inject = (email: string, typed: string) =>
      f.server.app.inject({
        method: "POST",
        url: "/api/auth/verify-code",
        remoteAddress: ip,
        headers: { cookie: browser, "content-type": "application/json" },
        payload: JSON.stringify({ email, code: typed }),
      });
    // The IP's count stands one short of the limit, as after 29 wrong codes (ADR 0076).
    for (let i = 0; i < SIGN_IN_CODE_WRONG_PER_IP - 1; i++) {
      await bumpAttempt(f.db, `sign-in-code-wrong-ip:${ipKey(ip)}`, SIGN_IN_CODE_IP_WINDOW_MS);
    }
    const last = await inject("spray-last@example.com", "000000");
    expect(last.json().code).toBe("SIGN_IN_CODE_INVALID");
    const refused = await inject("office@example.com", code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/try again in (59|60) minutes/);
    // The same right code from the office's usual address still signs in.
    const typed = await typeCode(f, "office@example.com", code, browser);
    expect(typed.status).toBe(200);
  });

  it(`compares at most ${SIGN_IN_CODE_WRONG_PER_IP} codes from one IP when ${SIGN_IN_CODE_WRONG_PER_IP + 10} wrong ones come at once for as many addresses`, async () => {
    const ip = "198.51.100.40";
    const attempts = SIGN_IN_CODE_WRONG_PER_IP + 10;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        f.server.app.inject({
          method: "POST",
          url: "/api/auth/verify-code",
          remoteAddress: ip,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ email: `burst-${i}@example.com`, code: "000000" }),
        }),
      ),
    );
    const codes = answers.map((answer) => `${answer.statusCode} ${answer.json().code}`);
    expect(codes.filter((code) => code === "400 SIGN_IN_CODE_INVALID")).toHaveLength(
      SIGN_IN_CODE_WRONG_PER_IP,
    );
    expect(codes.filter((code) => code === "429 RATE_LIMITED")).toHaveLength(10);
    const checked = await f.db.select().from(signInCodeFailures).where(eq(signInCodeFailures.ipKey, ip));
    expect(checked).toHaveLength(SIGN_IN_CODE_WRONG_PER_IP);
  });

  it("gives the IP's slot back for a right code: it counts no wrong code", async () => {
    const ip = "198.51.100.41";
    await createUser(f.db, { email: "right@example.com" });
    const { browser, code } = await signInEmail(f, "right@example.com");
    const typed = await f.server.app.inject({
      method: "POST",
      url: "/api/auth/verify-code",
      remoteAddress: ip,
      headers: { cookie: browser, "content-type": "application/json" },
      payload: JSON.stringify({ email: "right@example.com", code }),
    });
    expect(typed.statusCode).toBe(200);
    const [counter] = await f.db
      .select()
      .from(attemptCounters)
      .where(eq(attemptCounters.key, `sign-in-code-wrong-ip:${ip}`));
    expect(counter?.count).toBe(0);
  });

  it("has nothing to sign in to once the account is deactivated after the email went", async () => {
    const admin = await createActor(f.db, { email: "boss@example.com", role: "admin" });
    const user = await createUser(f.db, { email: "leaver@example.com" });
    const { browser, code } = await signInEmail(f, "leaver@example.com");
    const off = await f.server.request("POST", `/api/admin/users/${user.id}/deactivate`, {
      cookie: admin.cookie,
    });
    expect(off.status).toBe(200);
    const typed = await typeCode(f, "leaver@example.com", code, browser);
    expect({ status: typed.status, code: typed.body.code }).toEqual(INVALID);
    const [row] = await f.db
      .select({ lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.lastLoginAt).toBeNull();
  });

  it("answers 503 with Retry-After while the database is unreachable, counts no wrong try, and works after", async () => {
    await createUser(f.db, { email: "outage@example.com" });
    const { browser, code } = await signInEmail(f, "outage@example.com");
    const terminated = new DrizzleQueryError(
      "select pg_advisory_xact_lock($1, hashtext($2))",
      [],
      Object.assign(new Error("terminating connection due to administrator command"), {
        code: "57P01",
        severity: "FATAL",
      }),
    );
    const spy = vi.spyOn(f.db, "transaction").mockRejectedValue(terminated);
    try {
      const during = await typeCode(f, "outage@example.com", code, browser);
      expect(during.status).toBe(503);
      expect(during.body.code).toBe("SERVICE_UNAVAILABLE");
      expect(during.headers.get("retry-after")).toBe("5");
    } finally {
      spy.mockRestore();
    }
    const after = await waitFor(async () => {
      const typed = await typeCode(f, "outage@example.com", code, browser);
      return typed.status === 503 ? undefined : typed;
    });
    expect(after.status).toBe(200);
    const failures = await f.db
      .select()
      .from(signInCodeFailures)
      .where(eq(signInCodeFailures.email, "outage@example.com"));
    expect(failures).toEqual([]);
    // Leave no outage behind for the next test: the readiness check ends it once the database answers.
    await waitFor(async () => (await f.server.request("GET", "/api/ready")).status === 200);
  });

  it("leaves the sign-in email and each wrong code in the audit trail; an address without an account only masked", async () => {
    const company = await createCompanyRow(f.db, "Code Trail Foods");
    const admin = await createActor(f.db, { email: "trail-admin@example.com", role: "admin" });
    const manager = await createActor(f.db, {
      email: "trail-manager@example.com",
      role: "company_admin",
      companyId: company,
    });
    const user = await createUser(f.db, { email: "trail@example.com", companyId: company });
    // Typed from an address of its own, so this file's other wrong codes from 127.0.0.1 stay under the IP limit.
    const ip = "192.0.2.44";
    const typeFrom = (email: string, typed: string, cookie?: string) =>
      f.server.app.inject({
        method: "POST",
        url: "/api/auth/verify-code",
        remoteAddress: ip,
        headers: {
          "content-type": "application/json",
          "user-agent": FIREFOX_WINDOWS,
          ...(cookie ? { cookie } : {}),
        },
        payload: JSON.stringify({ email, code: typed }),
      });
    const { browser, code } = await signInEmail(f, "trail@example.com");
    const statuses: number[] = [];
    // Five wrong tries kill the code; the sixth is refused unchecked and leaves no entry.
    for (let i = 0; i <= SIGN_IN_CODE_MAX_WRONG; i++) {
      statuses.push((await typeFrom("trail@example.com", wrongFor(code), browser)).statusCode);
    }
    // A wrong code from a client without the binding cookie is no try of any one code.
    statuses.push((await typeFrom("trail@example.com", wrongFor(code))).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 410, 410, 400]);
    const strangerBrowser = await askInBrowser(f, "Nobody.Trail@example.com");
    expect((await typeFrom("nobody.trail@example.com", "000000", strangerBrowser)).statusCode).toBe(400);

    const trail = async (cookie: string, query: string) => {
      const answer = await f.server.request("GET", `/api/admin/users/audit?pageSize=100&${query}`, {
        cookie,
      });
      expect(answer.status).toBe(200);
      return answer.body.entries as UserAuditEntry[];
    };
    const hers = await trail(admin.cookie, `userId=${user.id}`);
    expect(hers.map((entry) => [entry.action, entry.detail])).toEqual([
      ["sign_in_code_wrong", null],
      ["sign_in_code_wrong", "5"],
      ["sign_in_code_wrong", "4"],
      ["sign_in_code_wrong", "3"],
      ["sign_in_code_wrong", "2"],
      ["sign_in_code_wrong", "1"],
      ["sign_in_email_sent", null],
    ]);
    expect(hers[1]).toMatchObject({
      actorId: null,
      targetUserId: user.id,
      targetEmail: "trail@example.com",
      ip,
      device: "Firefox 128 · Windows 10",
    });
    // Her company's admin sees them; an address without an account belongs to no company.
    expect(
      (await trail(manager.cookie, "action=sign_in_code_wrong")).map((entry) => entry.targetEmail),
    ).toEqual(Array.from({ length: 6 }, () => "trail@example.com"));
    // The address without an account: masked, found by its exact address, never stored in clear.
    const unknown = await trail(
      admin.cookie,
      `action=sign_in_code_wrong&q=${encodeURIComponent("NOBODY.TRAIL@example.com")}`,
    );
    expect(unknown).toEqual([
      expect.objectContaining({ targetEmail: "n•••@example.com", targetUserId: null, detail: "1", ip }),
    ]);
    const rows = await f.db.select().from(userAudit).where(eq(userAudit.action, "sign_in_code_wrong"));
    expect(JSON.stringify(rows)).not.toContain("nobody.trail");
    expect(rows.filter((row) => row.targetUserId === null).map((row) => row.emailDigest)).toContain(
      emailDigest("nobody.trail@example.com"),
    );
  });

  it("refuses malformed codes before any lookup", async () => {
    for (const code of ["12345", "1234567", "12a456", "", "１２３４５６"]) {
      const typed = await typeCode(f, "shape@example.com", code);
      expect(typed.status).toBe(400);
      expect(typed.body).toMatchObject({ code: "VALIDATION_ERROR", field: "code" });
    }
  });

  it("explains both ways in a Spanish email", async () => {
    const user = await createUser(f.db, { email: "lucia@example.com" });
    await f.db.update(users).set({ language: "es" }).where(eq(users.id, user.id));
    const { mail, code } = await signInEmail(f, "lucia@example.com");
    expect(mail.subject).toBe("Su enlace para entrar a AisleIQ");
    expect(mail.text).toContain(
      "En la página de inicio de sesión donde pidió este correo, escriba este código:",
    );
    expect(mail.text).toContain(code);
  });
});
