import { beforeAll, describe, expect, it } from "vitest";
import { type Actor, createActor, createTwoTenants } from "../support/actors";
import { pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

/**
 * Permission matrix of every portal endpoint (ADR 0009): anonymous, a user of
 * company A, the company admins of companies A and B, and an admin; plus user B for IDOR.
 */
type Who = "anonymous" | "userA" | "companyAdminA" | "companyAdminB" | "admin";
const WHO: Who[] = ["anonymous", "userA", "companyAdminA", "companyAdminB", "admin"];

describe.each(testBackends())("portal permission matrix on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  const actors = {} as Record<Exclude<Who, "anonymous">, Actor> & { userB: Actor };
  let companyA = 0;
  let companyB = 0;
  let checkA = 0;
  let fileA = 0;
  let counter = 0;
  const cookieOf = (who: Who | "userB") => (who === "anonymous" ? undefined : actors[who].cookie);
  const call = (who: Who | "userB", method: string, url: string, json?: unknown) =>
    f.server.request(method, url, { cookie: cookieOf(who), json });
  const unique = (prefix: string) => `${prefix}-${++counter}@example.com`;

  /** Runs `request` as each actor and returns the statuses in WHO order. */
  async function statuses(request: (who: Who) => Promise<{ status: number }>): Promise<Record<Who, number>> {
    const result = {} as Record<Who, number>;
    for (const who of WHO) result[who] = (await request(who)).status;
    return result;
  }

  beforeAll(async () => {
    const tenants = await createTwoTenants(f.db);
    ({ companyA, companyB } = tenants);
    actors.admin = tenants.admin;
    actors.companyAdminA = tenants.companyAdminA;
    actors.companyAdminB = tenants.companyAdminB;
    actors.userA = tenants.userA;
    actors.userB = await createActor(f.db, {
      email: "user-b@example.com",
      role: "user",
      companyId: companyB,
    });
    const created = await submitCheck(
      f,
      actors.userA.cookie,
      { fullName: "User A", email: "user-a@example.com" },
      [{ name: "a.pdf", data: pdfBytes() }],
    );
    checkA = created.body.id;
    const detail = await call("userA", "GET", `/api/background-checks/${checkA}`);
    fileA = detail.body.files[0].id;
  });

  it("GET /api/companies: admin only", async () => {
    expect(await statuses((who) => call(who, "GET", "/api/companies"))).toEqual({
      anonymous: 401,
      userA: 403,
      companyAdminA: 403,
      companyAdminB: 403,
      admin: 200,
    });
  });

  it("POST /api/companies: admin only", async () => {
    expect(
      await statuses((who) =>
        call(who, "POST", "/api/companies", { name: `Co ${counter}`, email: unique("co") }),
      ),
    ).toEqual({ anonymous: 401, userA: 403, companyAdminA: 403, companyAdminB: 403, admin: 201 });
  });

  it("GET /api/admin/stats: managers only, scoped to the company admin's company", async () => {
    expect(await statuses((who) => call(who, "GET", "/api/admin/stats"))).toEqual({
      anonymous: 401,
      userA: 403,
      companyAdminA: 200,
      companyAdminB: 200,
      admin: 200,
    });
    expect((await call("companyAdminA", "GET", "/api/admin/stats")).body).toEqual({
      totalUsers: 2,
      companies: 1,
      pendingChecks: 1,
      approved: 0,
    });
    expect((await call("companyAdminB", "GET", "/api/admin/stats")).body).toMatchObject({
      totalUsers: 2,
      pendingChecks: 0,
    });
    const all = (await call("admin", "GET", "/api/admin/stats")).body;
    expect(all).toMatchObject({ totalUsers: 5, pendingChecks: 1, approved: 0 });
    expect(all.companies).toBeGreaterThanOrEqual(2);
  });

  it("POST /api/invitations/send: managers only; role and company rules", async () => {
    expect(
      await statuses((who) =>
        call(who, "POST", "/api/invitations/send", { email: unique("inv"), role: "user" }),
      ),
    ).toEqual({ anonymous: 401, userA: 403, companyAdminA: 201, companyAdminB: 201, admin: 201 });
    expect(
      await statuses((who) =>
        call(who, "POST", "/api/invitations/send", { email: unique("adm"), role: "admin" }),
      ),
    ).toEqual({ anonymous: 401, userA: 403, companyAdminA: 403, companyAdminB: 403, admin: 201 });
    // A company admin invites into their own company, never another.
    const own = await call("companyAdminA", "POST", "/api/invitations/send", {
      email: unique("own"),
      role: "company_admin",
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      role: "company_admin",
      companyId: companyA,
      companyName: "Alpha Foods",
    });
    const other = await call("companyAdminA", "POST", "/api/invitations/send", {
      email: unique("x"),
      role: "user",
      companyId: companyB,
    });
    expect(other.status).toBe(403);
    const adminAnywhere = await call("admin", "POST", "/api/invitations/send", {
      email: unique("y"),
      role: "company_admin",
      companyId: companyB,
    });
    expect(adminAnywhere.status).toBe(201);
  });

  it("GET /api/invitations: managers only, company admins see only their company's", async () => {
    expect(await statuses((who) => call(who, "GET", "/api/invitations"))).toEqual({
      anonymous: 401,
      userA: 403,
      companyAdminA: 200,
      companyAdminB: 200,
      admin: 200,
    });
    const mine = (await call("companyAdminA", "GET", "/api/invitations")).body as Array<{
      companyId: number;
    }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((invitation) => invitation.companyId === companyA)).toBe(true);
    const all = (await call("admin", "GET", "/api/invitations")).body as Array<{ companyId: number | null }>;
    expect(all.length).toBeGreaterThan(mine.length);
  });

  it("resend and revoke: only within the manager's company (others get 404)", async () => {
    const invite = async () =>
      (await call("companyAdminA", "POST", "/api/invitations/send", { email: unique("r"), role: "user" }))
        .body.id as number;
    const id = await invite();
    expect(await statuses((who) => call(who, "POST", `/api/invitations/${id}/resend`))).toEqual({
      anonymous: 401,
      userA: 403,
      companyAdminA: 200,
      companyAdminB: 404,
      admin: 200,
    });
    const order: Who[] = ["anonymous", "userA", "companyAdminB", "companyAdminA"];
    const got: Record<string, number> = {};
    for (const who of order) got[who] = (await call(who, "DELETE", `/api/invitations/${id}`)).status;
    got.admin = (await call("admin", "DELETE", `/api/invitations/${await invite()}`)).status;
    expect(got).toEqual({ anonymous: 401, userA: 403, companyAdminB: 404, companyAdminA: 200, admin: 200 });
    // An admin's invitation of an admin cannot be touched by a company admin, even unscoped ones.
    const adminInvite = (
      await call("admin", "POST", "/api/invitations/send", { email: unique("z"), role: "admin" })
    ).body.id;
    expect((await call("companyAdminA", "DELETE", `/api/invitations/${adminInvite}`)).status).toBe(404);
  });

  it("GET /api/background-checks: managers only; company admins see their company's checks", async () => {
    expect(await statuses((who) => call(who, "GET", "/api/background-checks"))).toEqual({
      anonymous: 401,
      userA: 403,
      companyAdminA: 200,
      companyAdminB: 200,
      admin: 200,
    });
    const ids = async (who: Who) =>
      ((await call(who, "GET", "/api/background-checks")).body as Array<{ id: number }>).map((c) => c.id);
    expect(await ids("companyAdminA")).toContain(checkA);
    expect(await ids("companyAdminB")).not.toContain(checkA);
    expect(await ids("admin")).toContain(checkA);
  });

  it("GET /api/background-checks/my: any signed-in user, own checks only", async () => {
    expect(await statuses((who) => call(who, "GET", "/api/background-checks/my"))).toEqual({
      anonymous: 401,
      userA: 200,
      companyAdminA: 200,
      companyAdminB: 200,
      admin: 200,
    });
    expect(
      (await call("userA", "GET", "/api/background-checks/my")).body.map((c: { id: number }) => c.id),
    ).toEqual([checkA]);
    expect((await call("userB", "GET", "/api/background-checks/my")).body).toEqual([]);
  });

  it("POST /api/background-checks: any signed-in user", async () => {
    const result: Record<string, number> = {};
    for (const who of WHO) {
      result[who] = (
        await submitCheck(f, cookieOf(who), { fullName: "Someone", email: "someone@example.com" }, [
          { name: "a.pdf", data: pdfBytes() },
        ])
      ).status;
    }
    expect(result).toEqual({
      anonymous: 401,
      userA: 201,
      companyAdminA: 201,
      companyAdminB: 201,
      admin: 201,
    });
  });

  it("GET /api/background-checks/{id}: owner and reviewers in scope; others 404 (IDOR)", async () => {
    expect(await statuses((who) => call(who, "GET", `/api/background-checks/${checkA}`))).toEqual({
      anonymous: 401,
      userA: 200,
      companyAdminA: 200,
      companyAdminB: 404,
      admin: 200,
    });
    expect((await call("userB", "GET", `/api/background-checks/${checkA}`)).status).toBe(404);
    expect((await call("admin", "GET", "/api/background-checks/999999")).status).toBe(404);
  });

  it("GET /api/background-checks/{id}/files/{fileId}: owner and reviewers in scope; others 404 (IDOR)", async () => {
    const url = `/api/background-checks/${checkA}/files/${fileA}`;
    expect(await statuses((who) => call(who, "GET", url))).toEqual({
      anonymous: 401,
      userA: 200,
      companyAdminA: 200,
      companyAdminB: 404,
      admin: 200,
    });
    const stolen = await call("userB", "GET", url);
    expect(stolen.status).toBe(404);
    expect(JSON.stringify(stolen.body)).not.toContain("%PDF");
    // A file id paired with a check the caller owns does not leak another check's file.
    const own = await submitCheck(
      f,
      actors.userB.cookie,
      { fullName: "User B", email: "user-b@example.com" },
      [{ name: "b.pdf", data: pdfBytes() }],
    );
    expect((await call("userB", "GET", `/api/background-checks/${own.body.id}/files/${fileA}`)).status).toBe(
      404,
    );
  });

  it("PATCH /api/background-checks/{id}: reviewers in scope only", async () => {
    const order: Array<Who | "userB"> = [
      "anonymous",
      "userA",
      "userB",
      "companyAdminB",
      "companyAdminA",
      "admin",
    ];
    const got: Record<string, number> = {};
    for (const who of order) {
      got[who] = (
        await call(who, "PATCH", `/api/background-checks/${checkA}`, { status: "in_review", notes: who })
      ).status;
    }
    expect(got).toEqual({
      anonymous: 401,
      userA: 403,
      userB: 403,
      companyAdminB: 404,
      companyAdminA: 200,
      admin: 200,
    });
    const detail = await call("userA", "GET", `/api/background-checks/${checkA}`);
    // Submitted, then its signed authorization (ADR 0084), then the two reviews in scope.
    expect(detail.body.audit.map((entry: { notes: string | null }) => entry.notes)).toEqual([
      null,
      null,
      "companyAdminA",
      "admin",
    ]);
  });

  it("public invitation endpoints answer everyone, with 404 for unknown tokens", async () => {
    const token = "A".repeat(43);
    expect(await statuses((who) => call(who, "POST", "/api/invitations/inspect", { token }))).toEqual({
      anonymous: 404,
      userA: 404,
      companyAdminA: 404,
      companyAdminB: 404,
      admin: 404,
    });
    const accept = await call("anonymous", "POST", "/api/invitations/accept", { token, fullName: "Nobody" });
    expect(accept.status).toBe(404);
  });
});
