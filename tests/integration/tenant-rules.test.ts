import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { backgroundChecks, userInvitations } from "../../src/server/db/schema";
import { type Actor, createActor, createTwoTenants } from "../support/actors";
import { invitationTokenFrom, pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

/**
 * Tenant rules (ADR 0017): self-review refused, reopening a check clears its
 * decision, a check's email is the account's, and invitations stay within the inviter's scope.
 */
describe.each(testBackends())("tenant rules on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let admin: Actor;
  let caA: Actor;
  let caB: Actor;
  let userA: Actor;
  let userB: Actor;
  let companyA = 0;
  let companyB = 0;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}@example.com`;
  const as = (actor: Actor, method: string, url: string, json?: unknown) =>
    f.server.request(method, url, { cookie: actor.cookie, json });
  const submit = async (actor: Actor, email = "typed@elsewhere.example") => {
    const created = await submitCheck(f, actor.cookie, { fullName: actor.fullName, email }, [
      { name: "id.pdf", data: pdfBytes() },
    ]);
    expect(created.status).toBe(201);
    return created.body as { id: number; email: string };
  };
  const invite = (actor: Actor, body: Record<string, unknown>) =>
    as(actor, "POST", "/api/invitations/send", body);
  const invitationsTo = (email: string) =>
    f.db.select().from(userInvitations).where(eq(userInvitations.email, email)).orderBy(userInvitations.id);

  beforeAll(async () => {
    ({
      companyA,
      companyB,
      admin,
      companyAdminA: caA,
      companyAdminB: caB,
      userA,
    } = await createTwoTenants(f.db, {
      admin: "Ada Admin",
    }));
    userB = await createActor(f.db, { email: "user-b@example.com", role: "user", companyId: companyB });
  });

  describe("background checks", () => {
    it("refuses to let anyone review their own check with 403 SELF_REVIEW_FORBIDDEN", async () => {
      for (const reviewer of [admin, caA]) {
        const own = await submit(reviewer);
        const response = await as(reviewer, "PATCH", `/api/background-checks/${own.id}`, {
          status: "approved",
        });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          code: "SELF_REVIEW_FORBIDDEN",
          error: "You can't review your own background check. Another reviewer has to decide it.",
        });
        const [row] = await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.id, own.id));
        expect(row).toMatchObject({ status: "pending", passedCheck: null, reviewedBy: null });
      }
      // Another reviewer in scope may decide the company admin's check.
      const caCheck = (await as(caA, "GET", "/api/background-checks/my")).body[0].id;
      expect(
        (await as(admin, "PATCH", `/api/background-checks/${caCheck}`, { status: "approved" })).status,
      ).toBe(200);
    });

    it("stores the account's email, not the one typed in the form", async () => {
      const check = await submit(userA, "someone-else@example.com");
      expect(check.email).toBe("user-a@example.com");
      const detail = await as(caA, "GET", `/api/background-checks/${check.id}`);
      expect(detail.body.email).toBe("user-a@example.com");
    });

    it("clears reviewed date, reviewer, passedCheck and notes when a decided check is reopened; the audit keeps the notes", async () => {
      const check = await submit(userA);
      const url = `/api/background-checks/${check.id}`;
      const approved = await as(caA, "PATCH", url, { status: "approved", notes: "ID matches" });
      expect(approved.body).toMatchObject({ status: "approved", passedCheck: true, notes: "ID matches" });
      expect(approved.body.reviewedAt).not.toBeNull();
      for (const status of ["pending", "in_review"] as const) {
        await as(caA, "PATCH", url, { status: "approved", notes: "ID matches" });
        const reopened = await as(admin, "PATCH", url, { status });
        expect(reopened.status).toBe(200);
        expect(reopened.body).toMatchObject({ status, passedCheck: null, reviewedAt: null, notes: null });
        const detail = await as(userA, "GET", url);
        expect(detail.body.reviewedByName).toBeNull();
      }
      const rejected = await as(caA, "PATCH", url, { status: "rejected" });
      // "Rejected" starts the pre-adverse action (ADR 0083); moving on withdraws it.
      expect(rejected.body).toMatchObject({ status: "pre_adverse_action", passedCheck: null, notes: null });
      const withNote = await as(caA, "PATCH", url, {
        status: "in_review",
        notes: "Asked for a clearer scan",
      });
      expect(withNote.body).toMatchObject({ passedCheck: null, notes: "Asked for a clearer scan" });
      const audit = (await as(userA, "GET", url)).body.audit as Array<{
        toStatus: string;
        notes: string | null;
      }>;
      expect(audit.map((entry) => entry.toStatus)).toEqual([
        "pending",
        "pending",
        "approved",
        "approved",
        "pending",
        "approved",
        "in_review",
        "pre_adverse_action",
        "in_review",
      ]);
      expect(audit.filter((entry) => entry.notes === "ID matches")).toHaveLength(3);
    });
  });

  describe("invitations", () => {
    it("a company admin's invitation revokes only their own company's pending invitation to the address", async () => {
      const email = unique("shared");
      expect((await invite(caA, { email, role: "user" })).status).toBe(201);
      const again = await invite(caA, { email, role: "user" });
      expect(again.status).toBe(201);
      const rows = await invitationsTo(email);
      expect(rows.map((row) => row.revokedAt === null)).toEqual([false, true]);
    });

    it("neither blocks nor reveals another tenant's pending invitation, and leaves it alone (ADR 0033)", async () => {
      const email = unique("contested");
      const fresh = await invite(caA, { email: unique("fresh"), role: "user" });
      expect((await invite(caB, { email, role: "user" })).status).toBe(201);
      const response = await invite(caA, { email, role: "user" });
      // The same answer as for an address nobody invited: nothing says B invited it.
      expect(response.status).toBe(fresh.status);
      expect(Object.keys(response.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(response.body).toMatchObject({ status: "pending", companyId: companyA });
      expect(JSON.stringify(response.body)).not.toMatch(/Beta/i);
      const rows = await invitationsTo(email);
      expect(rows.map((row) => [row.companyId, row.revokedAt])).toEqual([
        [companyB, null],
        [companyA, null],
      ]);
      // Each tenant lists only its own.
      for (const [actor, company] of [
        [caA, companyA],
        [caB, companyB],
      ] as const) {
        const listed = (await as(actor, "GET", "/api/invitations")).body as Array<{
          email: string;
          companyId: number;
        }>;
        expect(listed.filter((row) => row.email === email).map((row) => row.companyId)).toEqual([company]);
      }
      // An admin sees every tenant, so their invitation replaces both.
      expect(
        (await invite(admin, { email, role: "user", companyId: companyA, replaceCompany: true })).status,
      ).toBe(201);
      expect((await invitationsTo(email)).map((row) => row.revokedAt === null)).toEqual([false, false, true]);
    });

    it("gives a company admin the same answer for another tenant's account as for a new address", async () => {
      const fresh = await invite(caA, { email: unique("nobody"), role: "user" });
      const elsewhere = await invite(caA, { email: userB.email, role: "user" });
      expect(elsewhere.status).toBe(fresh.status);
      expect(Object.keys(elsewhere.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(elsewhere.body).toMatchObject({ status: "pending", companyId: companyA });
      // The recipient, who knows their account, is told when they try to accept.
      const mail = await f.smtp.nextEmail(userB.email);
      const token = invitationTokenFrom(mail.text);
      const accept = await f.server.request("POST", "/api/invitations/accept", {
        json: { token, fullName: "B" },
      });
      expect(accept.status).toBe(409);
      expect(accept.body.code).toBe("EMAIL_TAKEN");
    });

    it("leaves exactly one pending invitation per tenant when two tenants invite the same address at once", async () => {
      const email = unique("race");
      const senders = [caA, caB, caA, caB, caA, caB];
      const responses = await Promise.all(senders.map((sender) => invite(sender, { email, role: "user" })));
      expect(responses.map((response) => response.status)).toEqual(senders.map(() => 201));
      const live = (await invitationsTo(email)).filter((row) => row.revokedAt === null);
      expect(live.map((row) => row.companyId).sort()).toEqual([companyA, companyB].sort());
    });

    it("answers 409 EMAIL_TAKEN for an account the inviter can see", async () => {
      const own = await invite(caA, { email: userA.email, role: "user" });
      expect(own.status).toBe(409);
      expect(own.body.code).toBe("EMAIL_TAKEN");
      const byAdmin = await invite(admin, { email: userB.email, role: "user" });
      expect(byAdmin.status).toBe(409);
      expect(byAdmin.body.code).toBe("EMAIL_TAKEN");
    });

    it("keeps the pending invitation's company on a re-invite without one, and replaces it only when asked", async () => {
      const email = unique("reinvite");
      const first = await invite(admin, { email, role: "user", companyId: companyA });
      expect(first.body).toMatchObject({ companyId: companyA, companyName: "Alpha Foods" });
      const kept = await invite(admin, { email, role: "user" });
      expect(kept.status).toBe(201);
      expect(kept.body).toMatchObject({ companyId: companyA, companyName: "Alpha Foods" });
      const keptNull = await invite(admin, { email, role: "user", companyId: null });
      expect(keptNull.body).toMatchObject({ companyId: companyA });
      const conflict = await invite(admin, { email, role: "user", companyId: companyB });
      expect(conflict.status).toBe(409);
      expect(conflict.body.code).toBe("INVITATION_COMPANY_CONFLICT");
      expect(conflict.body.error).toContain("Alpha Foods");
      const replaced = await invite(admin, {
        email,
        role: "user",
        companyId: companyB,
        replaceCompany: true,
      });
      expect(replaced.status).toBe(201);
      expect(replaced.body).toMatchObject({ companyId: companyB, companyName: "Beta Mart" });
      const dropped = await invite(admin, { email, role: "user", companyId: null, replaceCompany: true });
      expect(dropped.body).toMatchObject({ companyId: null, companyName: null });
      const live = await f.db
        .select()
        .from(userInvitations)
        .where(and(eq(userInvitations.email, email), eq(userInvitations.used, false)));
      expect(live.filter((row) => row.revokedAt === null)).toHaveLength(1);
    });
  });
});
