import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_PATTERN } from "../../src/common/validation";
import {
  refuseToken,
  TOKEN_ANSWERS,
  type TokenMessages,
  type VerificationTokens,
  verificationTokens,
} from "../../src/server/auth/verification-tokens";
import { hashToken } from "../../src/server/core/tokens";
import { createDb, type Database, type DbHandle } from "../../src/server/db/database";
import { magicLinkTokens, userInvitations, users } from "../../src/server/db/schema";

/** The shared verification-token mechanism (ADR 0024) on both of its tables, on PGlite. */

const MINUTE = 60_000;
const links = verificationTokens(magicLinkTokens);
const invitations = verificationTokens(userInvitations);

let handle: DbHandle;
let db: Database;
let userId = 0;

beforeAll(async () => {
  handle = await createDb({});
  await handle.migrate();
  db = handle.db;
  const [user] = await db.insert(users).values({ email: "owner@example.com", fullName: "Owner" }).returning();
  if (!user) throw new Error("no user");
  userId = user.id;
});
afterAll(async () => {
  await handle.close();
});

/** Issues a magic link for the owner, stored as the mechanism says, and returns the raw token. */
async function storeLink(values: { expiresInMs?: number; used?: boolean } = {}): Promise<string> {
  const token = links.issue();
  await db.insert(magicLinkTokens).values({
    tokenHash: token.hash,
    userId,
    email: "owner@example.com",
    expiresAt: new Date(Date.now() + (values.expiresInMs ?? 15 * MINUTE)),
    used: values.used ?? false,
  });
  return token.raw;
}

/** Issues an invitation (invited by the owner) and returns the raw token. */
async function storeInvitation(
  values: { expiresInMs?: number; used?: boolean; revoked?: boolean } = {},
): Promise<string> {
  const token = invitations.issue();
  await db.insert(userInvitations).values({
    email: `invitee-${token.hash.slice(0, 8)}@example.com`,
    invitedBy: userId,
    tokenHash: token.hash,
    expiresAt: new Date(Date.now() + (values.expiresInMs ?? 15 * MINUTE)),
    used: values.used ?? false,
    revokedAt: values.revoked ? new Date() : null,
  });
  return token.raw;
}

/** A refusal of a token that exists: it names its row (whose link it was, ADR 0057). */
const refused = (status: "used" | "expired" | "revoked") => ({
  status,
  row: expect.objectContaining({ tokenHash: expect.any(String) }),
});

describe("issue", () => {
  it("hands out a raw token of the one shape and stores only its SHA-256", async () => {
    const raw = await storeLink();
    expect(raw).toMatch(TOKEN_PATTERN);
    const [row] = await db
      .select()
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.tokenHash, hashToken(raw)));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(raw);
  });
});

describe("check", () => {
  it("returns the row of a usable token and changes nothing", async () => {
    const raw = await storeLink();
    const result = await links.check(db, raw);
    expect(result.status).toBe("ok");
    expect(result.status === "ok" && result.row.userId).toBe(userId);
    expect((await links.check(db, raw)).status).toBe("ok");
  });

  it("calls an unknown or malformed token invalid", async () => {
    const raw = await storeLink();
    const tampered = `${raw.slice(0, -1)}${raw.endsWith("A") ? "B" : "A"}`;
    for (const token of [
      tampered,
      "",
      "short",
      `${raw}A`,
      `${raw.slice(0, -1)}=`,
      `${raw.slice(0, -1)}\u0000`,
    ]) {
      expect(await links.check(db, token)).toEqual({ status: "invalid" });
      expect(await invitations.check(db, token)).toEqual({ status: "invalid" });
    }
  });

  it("tells used, revoked and expired apart, in that order of precedence", async () => {
    expect(await links.check(db, await storeLink({ used: true }))).toEqual(refused("used"));
    expect(await links.check(db, await storeLink({ expiresInMs: -MINUTE }))).toEqual(refused("expired"));
    expect(await links.check(db, await storeLink({ used: true, expiresInMs: -MINUTE }))).toEqual(
      refused("used"),
    );
    expect(await invitations.check(db, await storeInvitation({ revoked: true }))).toEqual(refused("revoked"));
    expect(await invitations.check(db, await storeInvitation({ used: true, revoked: true }))).toEqual(
      refused("used"),
    );
    expect(
      await invitations.check(db, await storeInvitation({ revoked: true, expiresInMs: -MINUTE })),
    ).toEqual(refused("revoked"));
  });
});

describe("consume", () => {
  it("uses a token once: ok with the row marked used, then used", async () => {
    const raw = await storeInvitation();
    const first = await invitations.consume(db, raw);
    expect(first.status).toBe("ok");
    expect(first.status === "ok" && first.row.used).toBe(true);
    expect(await invitations.consume(db, raw)).toEqual(refused("used"));
    expect(await invitations.check(db, raw)).toEqual(refused("used"));
  });

  it("refuses expired, revoked, unknown and malformed tokens without marking anything used", async () => {
    const expired = await storeLink({ expiresInMs: -MINUTE });
    expect(await links.consume(db, expired)).toEqual(refused("expired"));
    const [row] = await db
      .select({ used: magicLinkTokens.used })
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.tokenHash, hashToken(expired)));
    expect(row?.used).toBe(false);
    const revoked = await storeInvitation({ revoked: true });
    expect(await invitations.consume(db, revoked)).toEqual(refused("revoked"));
    expect(await invitations.consume(db, links.issue().raw)).toEqual({ status: "invalid" });
    expect(await invitations.consume(db, "not-a-token")).toEqual({ status: "invalid" });
  });

  it("is undone with the transaction it ran in", async () => {
    const raw = await storeLink();
    await expect(
      db.transaction(async (tx) => {
        expect((await links.consume(tx, raw)).status).toBe("ok");
        throw new Error("refused later (an inactive account, a taken email)");
      }),
    ).rejects.toThrow("refused later");
    expect((await links.check(db, raw)).status).toBe("ok");
  });

  /** Statuses of 8 concurrent consumptions of `raw`, each in its own transaction. */
  const race = async (store: VerificationTokens<unknown>, raw: string) => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => db.transaction((tx) => store.consume(tx, raw))),
    );
    return results.map((result) => result.status).sort();
  };

  it("lets exactly one of many concurrent consumptions win", async () => {
    const expected = ["ok", ...Array(7).fill("used")];
    expect(await race(links, await storeLink())).toEqual(expected);
    expect(await race(invitations, await storeInvitation())).toEqual(expected);
  });
});

describe("refuseToken", () => {
  const messages: TokenMessages = { invalid: "Bad link.", used: "Used link.", expired: "Old link." };

  it("gives every refusal its one status and code, with the caller's words", () => {
    expect(TOKEN_ANSWERS).toEqual({
      invalid: { status: 404, code: "TOKEN_INVALID" },
      used: { status: 410, code: "TOKEN_USED" },
      revoked: { status: 410, code: "INVITATION_REVOKED" },
      expired: { status: 410, code: "TOKEN_EXPIRED" },
    });
    const used = refuseToken("used", messages);
    expect([used.statusCode, used.code, used.message]).toEqual([410, "TOKEN_USED", "Used link."]);
    const invalid = refuseToken("invalid", messages);
    expect([invalid.statusCode, invalid.code, invalid.message]).toEqual([404, "TOKEN_INVALID", "Bad link."]);
  });

  it("falls back to the invalid message for a refusal the link kind has no words for", () => {
    const revoked = refuseToken("revoked", messages);
    expect([revoked.statusCode, revoked.code, revoked.message]).toEqual([
      410,
      "INVITATION_REVOKED",
      "Bad link.",
    ]);
    expect(refuseToken("revoked", { ...messages, revoked: "Withdrawn." }).message).toBe("Withdrawn.");
  });
});
