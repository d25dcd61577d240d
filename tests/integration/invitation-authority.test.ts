import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { type Actor, createActor, createCompanyRow } from "../support/actors";
import { invitationTokenFrom } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

/**
 * Invitations rest on their inviter's current authority, and who may undo a deactivation
 * (ADR 0032); several tenants' pending invitations to one address, the first accepted wins
 * (ADR 0033).
 */
describe.each(testBackends())("invitation authority on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let admin: Actor;
  let companyA = 0;
  let companyB = 0;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}@example.com`;
  const as = (actor: Actor, method: string, url: string, json?: unknown) =>
    f.server.request(method, url, { cookie: actor.cookie, json });
  const companyAdmin = (companyId: number) =>
    createActor(f.db, { email: unique("ca"), role: "company_admin", companyId });

  /** Sends an invitation as `inviter` and returns its id and the emailed token. */
  async function invite(inviter: Actor, body: { email: string; role: string; companyId?: number }) {
    const sent = await as(inviter, "POST", "/api/invitations/send", body);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const token = invitationTokenFrom((await f.smtp.nextEmail(body.email)).text);
    return { id: sent.body.id as number, token };
  }
  const accept = (token: string) =>
    f.server.request("POST", "/api/invitations/accept", { json: { token, fullName: "New Person" } });
  const statusIn = async (viewer: Actor, id: number) => {
    const list = (await as(viewer, "GET", "/api/invitations")).body as Array<{ id: number; status: string }>;
    return list.find((row) => row.id === id)?.status;
  };
  const accountOf = async (email: string) =>
    (await f.db.select().from(users).where(eq(users.email, email)))[0];

  beforeAll(async () => {
    companyA = await createCompanyRow(f.db, "Alpha Foods");
    companyB = await createCompanyRow(f.db, "Beta Mart");
    admin = await createActor(f.db, { email: "admin@example.com", role: "admin", fullName: "Ada Admin" });
  });

  describe("the inviter's authority (ADR 0032)", () => {
    it("withdraws a company admin's invitations when she is deactivated: the link answers 410 and creates no account", async () => {
      const inviter = await companyAdmin(companyA);
      const email = unique("invitee");
      const { id, token } = await invite(inviter, { email, role: "company_admin" });
      expect((await as(admin, "POST", `/api/admin/users/${inviter.id}/deactivate`)).status).toBe(200);
      expect(await statusIn(admin, id)).toBe("revoked");
      const preview = await f.server.request("POST", "/api/invitations/inspect", { json: { token } });
      expect(preview.status).toBe(410);
      expect(preview.body.code).toBe("INVITATION_REVOKED");
      const accepted = await accept(token);
      expect(accepted.status).toBe(410);
      expect(accepted.body.code).toBe("INVITATION_REVOKED");
      expect(await accountOf(email)).toBeUndefined();
      // Reactivating her revives nothing.
      expect((await as(admin, "POST", `/api/admin/users/${inviter.id}/reactivate`)).status).toBe(200);
      expect((await accept(token)).status).toBe(410);
    });

    it("withdraws on demotion exactly the invitations the new role may not send", async () => {
      const inviter = await createActor(f.db, { email: unique("admin"), role: "admin" });
      const intoA = await invite(inviter, { email: unique("a"), role: "company_admin", companyId: companyA });
      const intoB = await invite(inviter, { email: unique("b"), role: "user", companyId: companyB });
      const anAdmin = await invite(inviter, { email: unique("boss"), role: "admin" });
      const demoted = await as(admin, "PATCH", `/api/admin/users/${inviter.id}`, {
        role: "company_admin",
        companyId: companyA,
      });
      expect(demoted.status).toBe(200);
      expect(await statusIn(admin, intoA.id)).toBe("pending");
      expect(await statusIn(admin, intoB.id)).toBe("revoked");
      expect(await statusIn(admin, anAdmin.id)).toBe("revoked");
      expect((await accept(anAdmin.token)).body.code).toBe("INVITATION_REVOKED");
      const kept = await accept(intoA.token);
      expect(kept.status).toBe(201);
      expect(kept.body.user).toMatchObject({ role: "company_admin", companyId: companyA });
    });

    it("takes a deleted inviter's invitations with her: the link no longer works", async () => {
      const inviter = await companyAdmin(companyA);
      const email = unique("orphan");
      const { token } = await invite(inviter, { email, role: "user" });
      expect((await as(admin, "DELETE", `/api/admin/users/${inviter.id}`)).status).toBe(204);
      const accepted = await accept(token);
      expect(accepted.status).toBe(404);
      expect(accepted.body.code).toBe("TOKEN_INVALID");
      expect(await accountOf(email)).toBeUndefined();
    });

    it("re-checks the inviter at acceptance, and withdraws the invitation when she lost the authority some other way", async () => {
      const inviter = await companyAdmin(companyA);
      const email = unique("late");
      const { id, token } = await invite(inviter, { email, role: "company_admin" });
      // Changed behind the service's back (an operator's SQL): no sweep ran.
      await f.db.update(users).set({ role: "user" }).where(eq(users.id, inviter.id));
      const accepted = await accept(token);
      expect(accepted.status).toBe(410);
      expect(accepted.body.code).toBe("INVITATION_REVOKED");
      expect(await accountOf(email)).toBeUndefined();
      expect(await statusIn(admin, id)).toBe("revoked");
    });

    it("never lets an invitation outlive its inviter when her deactivation races its acceptance", async () => {
      for (let round = 0; round < 5; round++) {
        const inviter = await companyAdmin(companyA);
        const email = unique("racing");
        const { token } = await invite(inviter, { email, role: "company_admin" });
        const [accepted, deactivated] = await Promise.all([
          accept(token),
          as(admin, "POST", `/api/admin/users/${inviter.id}/deactivate`),
        ]);
        expect(deactivated.status).toBe(200);
        // Either accepted before the deactivation, or withdrawn by it: never a 5xx.
        expect([201, 410], JSON.stringify(accepted.body)).toContain(accepted.status);
        expect(Boolean(await accountOf(email))).toBe(accepted.status === 201);
      }
    });

    it("lets a company admin undo only a deactivation a company admin made", async () => {
      const ca = await companyAdmin(companyA);
      const byAdmin = await createActor(f.db, { email: unique("member"), companyId: companyA });
      expect((await as(admin, "POST", `/api/admin/users/${byAdmin.id}/deactivate`)).status).toBe(200);
      const refused = await as(ca, "POST", `/api/admin/users/${byAdmin.id}/reactivate`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: "FORBIDDEN",
        error: "An admin deactivated this user. Only an admin can reactivate them.",
      });
      expect((await accountOf(byAdmin.email))?.isActive).toBe(false);
      expect((await as(admin, "POST", `/api/admin/users/${byAdmin.id}/reactivate`)).status).toBe(200);

      const byCompanyAdmin = await createActor(f.db, { email: unique("member"), companyId: companyA });
      expect((await as(ca, "POST", `/api/admin/users/${byCompanyAdmin.id}/deactivate`)).status).toBe(200);
      const undone = await as(ca, "POST", `/api/admin/users/${byCompanyAdmin.id}/reactivate`);
      expect(undone.status).toBe(200);
      expect(undone.body.user.isActive).toBe(true);
    });
  });

  describe("pending invitations of several tenants (ADR 0033)", () => {
    it("lets the first accepted win and revokes the others, which their inviters see as revoked", async () => {
      const [caA, caB] = [await companyAdmin(companyA), await companyAdmin(companyB)];
      const email = unique("wanted");
      const fromA = await invite(caA, { email, role: "user" });
      const fromB = await invite(caB, { email, role: "company_admin" });
      // Neither tenant sees the other's invitation.
      expect(await statusIn(caA, fromB.id)).toBeUndefined();
      expect(await statusIn(caB, fromA.id)).toBeUndefined();
      const accepted = await accept(fromB.token);
      expect(accepted.status).toBe(201);
      expect(accepted.body.user).toMatchObject({ role: "company_admin", companyId: companyB });
      expect(await statusIn(caB, fromB.id)).toBe("accepted");
      expect(await statusIn(caA, fromA.id)).toBe("revoked");
      const late = await accept(fromA.token);
      expect(late.status).toBe(410);
      expect(late.body.code).toBe("INVITATION_REVOKED");
      expect(JSON.stringify(late.body)).not.toMatch(/Beta/i);
      expect((await accountOf(email))?.companyId).toBe(companyB);
    });

    it("creates exactly one account when two tenants' invitations are accepted at once", async () => {
      const [caA, caB] = [await companyAdmin(companyA), await companyAdmin(companyB)];
      const email = unique("both");
      const fromA = await invite(caA, { email, role: "user" });
      const fromB = await invite(caB, { email, role: "user" });
      const answers = await Promise.all([accept(fromA.token), accept(fromB.token)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(201);
      expect([409, 410]).toContain(statuses[1]);
      const account = await accountOf(email);
      const winner = answers.find((answer) => answer.status === 201)?.body.user.companyId;
      expect(account?.companyId).toBe(winner);
      const loser = winner === companyA ? { viewer: caB, id: fromB.id } : { viewer: caA, id: fromA.id };
      expect(await statusIn(loser.viewer, loser.id)).toBe("revoked");
    });
  });
});
