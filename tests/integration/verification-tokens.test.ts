import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hashToken, issueToken } from "../../src/server/core/tokens";
import { magicLinkTokens, sessions, userInvitations, users } from "../../src/server/db/schema";
import { type Actor, createActor, createUser } from "../support/actors";
import { invitationTokenFrom } from "./portal/helpers";
import { testBackends } from "./support/database";
import { requestMagicLink, useTestDatabase, useTestServer } from "./support/fixture";
import type { HttpResult } from "./support/test-app";

/**
 * One verification-token mechanism (ADR 0024): magic links and invitations
 * answer the same for the same situation, on each of their four token calls: unknown 404
 * TOKEN_INVALID, malformed 400 VALIDATION_ERROR on `token`, expired 410 TOKEN_EXPIRED, used 410
 * TOKEN_USED; and of concurrent consumptions exactly one wins.
 */

type Call = "magic-link inspect" | "magic-link verify" | "invitation preview" | "invitation accept";

/** The part of an answer that must agree across the calls: status, code and field. */
const answerOf = (response: HttpResult) => ({
  status: response.status,
  code: response.body?.code,
  field: response.body?.field,
});

describe.each(testBackends())("one token mechanism for magic links and invitations on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let admin: Actor;
  let people = 0;

  beforeAll(async () => {
    admin = await createActor(f.db, { email: "admin@example.com", role: "admin", fullName: "Ada Admin" });
  });

  const nextEmail = (kind: string) => `${kind}${++people}@example.com`;

  /** A fresh magic link for a new account. */
  const newMagicLink = async () => {
    const email = nextEmail("link");
    await createUser(f.db, { email });
    return requestMagicLink(f, email);
  };

  /** A fresh invitation for a new address. */
  const newInvitation = async () => {
    const email = nextEmail("invitee");
    const sent = await f.server.request("POST", "/api/invitations/send", {
      cookie: admin.cookie,
      json: { email, role: "user" },
    });
    expect(sent.status).toBe(201);
    return invitationTokenFrom((await f.smtp.nextEmail(email)).text);
  };

  const calls: Record<Call, (token: string) => Promise<HttpResult>> = {
    "magic-link inspect": (token) =>
      f.server.request("POST", "/api/auth/magic-link/inspect", { json: { token } }),
    "magic-link verify": (token) =>
      f.server.request("POST", "/api/auth/verify-magic-link", { json: { token } }),
    "invitation preview": (token) =>
      f.server.request("POST", "/api/invitations/inspect", { json: { token } }),
    "invitation accept": (token) =>
      f.server.request("POST", "/api/invitations/accept", { json: { token, fullName: "Nora New" } }),
  };

  /** Each call's answer for `tokenFor(call)`, keyed by call. */
  const answers = async (tokenFor: (call: Call) => string) => {
    const result: Partial<Record<Call, ReturnType<typeof answerOf>>> = {};
    for (const [call, run] of Object.entries(calls) as [Call, (token: string) => Promise<HttpResult>][]) {
      result[call] = answerOf(await run(tokenFor(call)));
    }
    return result;
  };

  const everyCall = (answer: ReturnType<typeof answerOf>) =>
    Object.fromEntries(Object.keys(calls).map((call) => [call, answer]));

  it("answers an unknown (well-formed) token 404 TOKEN_INVALID on every call", async () => {
    const unknown = issueToken().raw;
    expect(await answers(() => unknown)).toEqual(
      everyCall({ status: 404, code: "TOKEN_INVALID", field: undefined }),
    );
  });

  it.each([
    ["too short", "A".repeat(42)],
    ["too long", "A".repeat(44)],
    ["padded", `${"A".repeat(42)}=`],
    ["standard base64", `${"A".repeat(42)}+`],
  ])("answers a malformed (%s) token 400 VALIDATION_ERROR on `token` on every call", async (_label, bad) => {
    expect(await answers(() => bad)).toEqual(
      everyCall({ status: 400, code: "VALIDATION_ERROR", field: "token" }),
    );
  });

  it("answers an expired token 410 TOKEN_EXPIRED on every call, and uses nothing", async () => {
    const link = await newMagicLink();
    const invitation = await newInvitation();
    const past = sql`now() - interval '1 minute'`;
    await f.db
      .update(magicLinkTokens)
      .set({ expiresAt: past })
      .where(eq(magicLinkTokens.tokenHash, hashToken(link)));
    await f.db
      .update(userInvitations)
      .set({ expiresAt: past })
      .where(eq(userInvitations.tokenHash, hashToken(invitation)));
    expect(await answers((call) => (call.startsWith("magic") ? link : invitation))).toEqual(
      everyCall({ status: 410, code: "TOKEN_EXPIRED", field: undefined }),
    );
    const [linkRow] = await f.db
      .select({ used: magicLinkTokens.used })
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.tokenHash, hashToken(link)));
    expect(linkRow?.used).toBe(false);
  });

  it("answers a used token 410 TOKEN_USED on every call", async () => {
    const link = await newMagicLink();
    const invitation = await newInvitation();
    expect((await calls["magic-link verify"](link)).status).toBe(200);
    expect((await calls["invitation accept"](invitation)).status).toBe(201);
    expect(await answers((call) => (call.startsWith("magic") ? link : invitation))).toEqual(
      everyCall({ status: 410, code: "TOKEN_USED", field: undefined }),
    );
  });

  /**
   * Sends `call` 10 times at once with `token`: exactly one answers `winner`, the other nine 410
   * TOKEN_USED. Returns the one session's user id.
   */
  const race = async (call: Call, token: string, winner: number) => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => calls[call](token)));
    const won = responses.filter((r) => r.status === winner);
    expect(won).toHaveLength(1);
    expect(responses.filter((r) => r.status !== winner).map(answerOf)).toEqual(
      Array.from({ length: 9 }, () => ({ status: 410, code: "TOKEN_USED", field: undefined })),
    );
    return won[0]?.body.user.id as number;
  };

  const sessionsOf = (userId: number) => f.db.select().from(sessions).where(eq(sessions.userId, userId));

  it("lets exactly one of 10 concurrent magic-link verifications win; the rest hear TOKEN_USED", async () => {
    const userId = await race("magic-link verify", await newMagicLink(), 200);
    expect(await sessionsOf(userId)).toHaveLength(1);
  });

  it("lets exactly one of 10 concurrent invitation accepts win; the rest hear TOKEN_USED", async () => {
    const invitation = await newInvitation();
    const userId = await race("invitation accept", invitation, 201);
    const [row] = await f.db
      .select({ email: userInvitations.email })
      .from(userInvitations)
      .where(eq(userInvitations.tokenHash, hashToken(invitation)));
    expect(
      await f.db
        .select()
        .from(users)
        .where(eq(users.email, row?.email ?? "")),
    ).toEqual([expect.objectContaining({ id: userId })]);
    expect(await sessionsOf(userId)).toHaveLength(1);
  });

  it("documents the shared answers on the four token routes of the OpenAPI document", async () => {
    const document = (await f.server.request("GET", "/api/openapi.json")).body;
    const operations = [
      document.paths["/api/auth/magic-link/inspect"].post,
      document.paths["/api/auth/verify-magic-link"].post,
      document.paths["/api/invitations/inspect"].post,
      document.paths["/api/invitations/accept"].post,
    ];
    for (const operation of operations) {
      expect(operation.responses["400"].description).toContain("VALIDATION_ERROR");
      expect(operation.responses["404"].description).toContain("TOKEN_INVALID");
      expect(operation.responses["410"].description).toMatch(/TOKEN_USED.*TOKEN_EXPIRED.*INVITATION_REVOKED/);
    }
  });
});
