import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_TTL_MS, SESSION_SLIDE_AFTER_MS, SESSION_TTL_MS } from "../../src/common/limits";
import { createSession, deleteSession, resolveSession } from "../../src/server/auth/sessions";
import { isSecure, sessionCookieOptions } from "../../src/server/core/session-cookie";
import { hashToken } from "../../src/server/core/tokens";
import { createDb, type Database, type DbHandle } from "../../src/server/db/database";
import { companies, sessions, users } from "../../src/server/db/schema";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date("2030-01-01T00:00:00Z");
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

let handle: DbHandle;
let db: Database;
let userCount = 0;

beforeAll(async () => {
  handle = await createDb({});
  await handle.migrate();
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
});

async function newUser(values: { isActive?: boolean; companyId?: number } = {}) {
  userCount++;
  const [user] = await db
    .insert(users)
    .values({ email: `user${userCount}@example.com`, fullName: `User ${userCount}`, ...values })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}

const storedExpiry = async (raw: string) => {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(raw)));
  return row?.expiresAt;
};

describe("session lifetime constants (docs/product.md#9-constants)", () => {
  it("are 30 days, sliding at most once a day", () => {
    expect(SESSION_TTL_MS).toBe(30 * DAY);
    expect(SESSION_SLIDE_AFTER_MS).toBe(DAY);
    expect(SESSION_ABSOLUTE_TTL_MS).toBe(90 * DAY);
  });
});

describe("createSession", () => {
  it("stores only the digest and expires 30 days after creation", async () => {
    const user = await newUser();
    const session = await createSession(db, user.id, T0);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt).toEqual(at(30 * DAY));
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(session.token));
    expect(JSON.stringify(rows)).not.toContain(session.token);
  });
});

describe("resolveSession", () => {
  it("resolves a fresh session without renewing it", async () => {
    const user = await newUser();
    const { token } = await createSession(db, user.id, T0);
    const resolved = await resolveSession(db, token, at(HOUR));
    expect(resolved?.user.id).toBe(user.id);
    expect(resolved?.company).toBeNull();
    expect(resolved?.renewedUntil).toBeNull();
    expect(await storedExpiry(token)).toEqual(at(30 * DAY));
  });

  it("does not renew a session up to a day old", async () => {
    const user = await newUser();
    const { token } = await createSession(db, user.id, T0);
    expect((await resolveSession(db, token, at(23 * HOUR)))?.renewedUntil).toBeNull();
    expect((await resolveSession(db, token, at(DAY)))?.renewedUntil).toBeNull();
    expect(await storedExpiry(token)).toEqual(at(30 * DAY));
  });

  it("slides a session older than a day to 30 days from now, once", async () => {
    const user = await newUser();
    const { token } = await createSession(db, user.id, T0);
    const now = at(DAY + 1000);
    const resolved = await resolveSession(db, token, now);
    expect(resolved?.renewedUntil).toEqual(at(DAY + 1000 + 30 * DAY));
    expect(await storedExpiry(token)).toEqual(resolved?.renewedUntil);
    // Right after sliding, the next request is a pure read again.
    expect((await resolveSession(db, token, at(DAY + 2000)))?.renewedUntil).toBeNull();
  });

  it("keeps a regularly used session alive past its first expiry", async () => {
    const user = await newUser();
    const { token } = await createSession(db, user.id, T0);
    await resolveSession(db, token, at(20 * DAY));
    const later = await resolveSession(db, token, at(45 * DAY));
    expect(later?.user.id).toBe(user.id);
    expect(later?.renewedUntil).toEqual(at(75 * DAY));
  });

  it("never slides past 90 days after sign-in, and ends then however often it is used", async () => {
    const user = await newUser();
    const { token } = await createSession(db, user.id, T0);
    for (const day of [20, 40]) {
      expect((await resolveSession(db, token, at(day * DAY)))?.renewedUntil).toEqual(at((day + 30) * DAY));
    }
    // Day 65 would slide to day 95: capped at day 90.
    expect((await resolveSession(db, token, at(65 * DAY)))?.renewedUntil).toEqual(
      at(SESSION_ABSOLUTE_TTL_MS),
    );
    const late = await resolveSession(db, token, at(85 * DAY));
    expect(late?.renewedUntil).toBeNull();
    expect(late?.expiresAt).toEqual(at(90 * DAY));
    expect(await resolveSession(db, token, at(90 * DAY - 1000))).not.toBeNull();
    expect(await resolveSession(db, token, at(90 * DAY))).toBeNull();
  });

  it("returns null for an expired session", async () => {
    const user = await newUser();
    const { token } = await createSession(db, user.id, T0);
    expect(await resolveSession(db, token, at(30 * DAY))).toBeNull();
    expect(await resolveSession(db, token, at(31 * DAY))).toBeNull();
    // An expired session is not revived by the attempt.
    expect(await storedExpiry(token)).toEqual(at(30 * DAY));
  });

  it("returns null for an inactive user", async () => {
    const user = await newUser({ isActive: false });
    const { token } = await createSession(db, user.id, T0);
    expect(await resolveSession(db, token, at(HOUR))).toBeNull();
    expect(await resolveSession(db, token, at(2 * DAY))).toBeNull();
  });

  it("returns null for an unknown token", async () => {
    expect(await resolveSession(db, "A".repeat(43), T0)).toBeNull();
    expect(await resolveSession(db, "", T0)).toBeNull();
  });

  it("includes the user's company", async () => {
    const [company] = await db
      .insert(companies)
      .values({ name: "Acme Grocers", email: "hq@acme.example" })
      .returning();
    if (!company) throw new Error("no company");
    const user = await newUser({ companyId: company.id });
    const { token } = await createSession(db, user.id, T0);
    expect((await resolveSession(db, token, at(HOUR)))?.company).toEqual({
      id: company.id,
      name: "Acme Grocers",
    });
  });
});

describe("deleteSession", () => {
  it("ends only the given session", async () => {
    const user = await newUser();
    const first = await createSession(db, user.id, T0);
    const second = await createSession(db, user.id, T0);
    await deleteSession(db, first.token);
    expect(await resolveSession(db, first.token, at(HOUR))).toBeNull();
    expect(await resolveSession(db, second.token, at(HOUR))).not.toBeNull();
    await expect(deleteSession(db, first.token)).resolves.toBeUndefined();
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and Secure only when asked", () => {
    const expires = at(30 * DAY);
    expect(sessionCookieOptions(false, expires)).toEqual({
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: false,
      expires,
    });
    expect(sessionCookieOptions(true, expires).secure).toBe(true);
  });

  it("is Secure in production and behind an HTTPS public URL", () => {
    expect(isSecure({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" })).toBe(true);
    expect(isSecure({ NODE_ENV: "development", PUBLIC_URL: "https://aisleiq.example" })).toBe(true);
    expect(isSecure({ NODE_ENV: "development", PUBLIC_URL: "http://localhost:3000" })).toBe(false);
    expect(isSecure({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" })).toBe(false);
  });
});
