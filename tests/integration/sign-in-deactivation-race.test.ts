import { and, eq, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAGIC_LINK_TTL_MS } from "../../src/common/limits";
import { issueToken } from "../../src/server/core/tokens";
import { magicLinkTokens, sessions, users } from "../../src/server/db/schema";
import { type Actor, createActor, createUser } from "../support/actors";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

/**
 * Signing in while an admin deactivates the account (docs/product.md#6-roles user management;
 * ADR 0011: a request the database cannot serve answers 503, never 500). Both take the user row
 * before anything else, so they queue instead of deadlocking; the deactivation always wins in
 * the end: the user is inactive with no live session, whoever went first.
 */
describe.each(testBackends())("sign-in racing deactivation on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let admin: Actor;
  let counter = 0;

  beforeAll(async () => {
    admin = await createActor(f.db, { email: "race-admin@example.com", role: "admin" });
  });

  /** A user with an unused sign-in link, written straight into the table. */
  async function userWithLink() {
    const user = await createUser(f.db, { email: `racer-${++counter}@example.com` });
    const token = issueToken();
    await f.db.insert(magicLinkTokens).values({
      tokenHash: token.hash,
      userId: user.id,
      email: user.email,
      expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS),
    });
    return { user, token: token.raw };
  }

  it("answers every request of 20 rounds without a 5xx but 503, and leaves the user deactivated and signed out", async () => {
    const answers: number[] = [];
    for (let round = 0; round < 20; round++) {
      const { user, token } = await userWithLink();
      const [verify, deactivate] = await Promise.all([
        f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } }),
        f.server.request("POST", `/api/admin/users/${user.id}/deactivate`, { cookie: admin.cookie }),
      ]);
      answers.push(verify.status, deactivate.status);
      // Signed in before the deactivation (then signed out by it), refused as inactive, or the
      // link was already deleted by the deactivation.
      const expected = { 200: undefined, 403: "ACCOUNT_INACTIVE", 404: "TOKEN_INVALID" } as const;
      expect(Object.keys(expected), `round ${round} verify: ${JSON.stringify(verify.body)}`).toContain(
        String(verify.status),
      );
      expect(verify.body.code).toBe(expected[verify.status as keyof typeof expected]);
      expect(deactivate.status, `round ${round} deactivate: ${JSON.stringify(deactivate.body)}`).toBe(200);
      const [row] = await f.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, user.id));
      expect(row?.isActive).toBe(false);
      // Deactivation ends her sessions by expiring them (kept so the portal can say why, ADR 0038).
      const live = await f.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, sql`now()`)));
      expect(live, `round ${round}: a session outlived the deactivation`).toEqual([]);
      const unused = await f.db
        .select()
        .from(magicLinkTokens)
        .where(and(eq(magicLinkTokens.userId, user.id), eq(magicLinkTokens.used, false)));
      expect(unused).toEqual([]);
    }
    expect(answers.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  });
});
