import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hashToken, issueToken } from "../../src/server/core/tokens";
import {
  backgroundCheckFiles,
  backgroundChecks,
  magicLinkTokens,
  sessions,
  userAudit,
  users,
} from "../../src/server/db/schema";
import { createStorage } from "../../src/server/files/storage";
import { type Actor, createActor, createTwoTenants } from "../support/actors";
import { pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

/** User management (ADR 0017): list, search, role and company, (de)activation, deletion, audit. */
describe.each(testBackends())("user management on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let admin: Actor;
  let admin2: Actor;
  let caA: Actor;
  let caB: Actor;
  let userA: Actor;
  let companyA = 0;
  let companyB = 0;
  let counter = 0;
  const as = (actor: Actor, method: string, url: string, json?: unknown) =>
    f.server.request(method, url, { cookie: actor.cookie, json });
  const newUser = (companyId: number | null, fullName?: string, role: "user" | "company_admin" = "user") =>
    createActor(f.db, { email: `member-${++counter}@example.com`, role, companyId, fullName });

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
      companyAdminA: "Carl Alpha",
      companyAdminB: "Cora Beta",
      userA: "Uma Alpha",
    }));
    admin2 = await createActor(f.db, { email: "admin2@example.com", role: "admin", fullName: "Bea Admin" });
  });

  describe("listing", () => {
    it("lists the users in scope with company, status and last login; Total Users counts the same rows", async () => {
      const mine = await as(caA, "GET", "/api/admin/users");
      expect(mine.status).toBe(200);
      expect(mine.body.users.map((user: { email: string }) => user.email).sort()).toEqual([
        "ca-a@example.com",
        "user-a@example.com",
      ]);
      expect(mine.body.users[0]).toMatchObject({
        companyId: companyA,
        companyName: "Alpha Foods",
        isActive: true,
        lastLoginAt: null,
      });
      expect((await as(caA, "GET", "/api/admin/stats")).body.totalUsers).toBe(mine.body.total);
      const all = await as(admin, "GET", "/api/admin/users");
      expect(all.body.total).toBe(5);
      expect((await as(admin, "GET", "/api/admin/stats")).body.totalUsers).toBe(all.body.total);
    });

    it("searches name and email case-insensitively, with % and _ taken literally", async () => {
      await newUser(companyA, "Percy 100% Sure");
      await newUser(companyA, "Under_Score");
      await newUser(companyA, "UnderXScore");
      const search = async (q: string) =>
        (await as(caA, "GET", `/api/admin/users?q=${encodeURIComponent(q)}`)).body.users.map(
          (user: { fullName: string }) => user.fullName,
        );
      expect(await search("UMA ALPHA")).toEqual(["Uma Alpha"]);
      expect(await search("USER-A@EXAMPLE")).toEqual(["Uma Alpha"]);
      expect(await search("%")).toEqual(["Percy 100% Sure"]);
      expect(await search("der_sc")).toEqual(["Under_Score"]);
      expect(await search("nobody-like-this")).toEqual([]);
      // Company B's admin does not find company A's users.
      expect((await as(caB, "GET", "/api/admin/users?q=Uma")).body.users).toEqual([]);
    });

    it("pages by name, and refuses an oversized page or search with 400", async () => {
      const first = await as(admin, "GET", "/api/admin/users?page=1&pageSize=3");
      const second = await as(admin, "GET", "/api/admin/users?page=2&pageSize=3");
      expect(first.body).toMatchObject({ page: 1, pageSize: 3 });
      expect(first.body.users).toHaveLength(3);
      const names = [...first.body.users, ...second.body.users].map(
        (user: { fullName: string }) => user.fullName,
      );
      expect(new Set(names).size).toBe(names.length);
      expect(names.slice(0, 3)).toEqual([...names.slice(0, 3)].sort((a, b) => a.localeCompare(b)));
      const far = await as(admin, "GET", "/api/admin/users?page=1000");
      expect(far.body.users).toEqual([]);
      expect(far.body.total).toBe(first.body.total);
      expect((await as(admin, "GET", "/api/admin/users?pageSize=101")).status).toBe(400);
      expect((await as(admin, "GET", `/api/admin/users?q=${"x".repeat(201)}`)).status).toBe(400);
    });
  });

  describe("role and company (admins)", () => {
    it("changes role and company, audits each change, and requires a company for a company admin", async () => {
      const member = await newUser(null, "Role Target");
      const noCompany = await as(admin, "PATCH", `/api/admin/users/${member.id}`, { role: "company_admin" });
      expect(noCompany.status).toBe(400);
      expect(noCompany.body.code).toBe("COMPANY_REQUIRED");
      const changed = await as(admin, "PATCH", `/api/admin/users/${member.id}`, {
        role: "company_admin",
        companyId: companyA,
      });
      expect(changed.status).toBe(200);
      expect(changed.body.user).toMatchObject({
        role: "company_admin",
        companyId: companyA,
        companyName: "Alpha Foods",
      });
      const missing = await as(admin, "PATCH", `/api/admin/users/${member.id}`, { companyId: 999_999 });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe("COMPANY_NOT_FOUND");
      const audit = await as(admin, "GET", "/api/admin/users/audit");
      expect(audit.body.entries.slice(0, 2)).toEqual([
        expect.objectContaining({
          action: "company_changed",
          detail: "none → Alpha Foods",
          targetEmail: member.email,
          actorName: "Ada Admin",
          actorEmail: "admin@example.com",
        }),
        expect.objectContaining({ action: "role_changed", detail: "user → company_admin" }),
      ]);
      // The new role applies to the member's very next request.
      expect((await as(member, "GET", "/api/admin/stats")).status).toBe(200);
      const back = await as(admin, "PATCH", `/api/admin/users/${member.id}`, {
        role: "user",
        companyId: null,
      });
      expect(back.body.user).toMatchObject({ role: "user", companyId: null });
      expect((await as(member, "GET", "/api/admin/stats")).status).toBe(403);
      expect((await as(admin, "PATCH", `/api/admin/users/${member.id}`, {})).status).toBe(400);
    });

    it("refuses an admin's change of their own account, and company admins altogether", async () => {
      const self = await as(admin, "PATCH", `/api/admin/users/${admin.id}`, { role: "user" });
      expect(self.status).toBe(403);
      expect(self.body.code).toBe("SELF_MANAGEMENT_FORBIDDEN");
      expect((await as(caA, "PATCH", `/api/admin/users/${userA.id}`, { role: "company_admin" })).status).toBe(
        403,
      );
      expect((await as(admin, "PATCH", "/api/admin/users/999999", { role: "user" })).status).toBe(404);
    });
  });

  describe("deactivation", () => {
    it("signs the user out at once (sessions ended and told why, unused magic links deleted); reactivation revives none", async () => {
      const member = await newUser(companyA, "Soon Inactive");
      const link = issueToken();
      await f.db.insert(magicLinkTokens).values({
        tokenHash: link.hash,
        userId: member.id,
        email: member.email,
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect((await as(member, "GET", "/api/auth/me")).status).toBe(200);
      const off = await as(caA, "POST", `/api/admin/users/${member.id}/deactivate`);
      expect(off.status).toBe(200);
      expect(off.body.user.isActive).toBe(false);
      // Her sessions are ended for good (kept, expired, so her browser can be told why: ADR 0038).
      const ended = await f.db.select().from(sessions).where(eq(sessions.userId, member.id));
      expect(ended.every((session) => session.expiresAt.getTime() <= Date.now())).toBe(true);
      expect(
        await f.db
          .select()
          .from(magicLinkTokens)
          .where(eq(magicLinkTokens.tokenHash, hashToken(link.raw))),
      ).toEqual([]);
      const me = await as(member, "GET", "/api/auth/me");
      expect(me.status).toBe(401);
      expect(me.body.code).toBe("ACCOUNT_DEACTIVATED");
      const verify = await f.server.request("POST", "/api/auth/verify-magic-link", {
        json: { token: link.raw },
      });
      expect(verify.status).not.toBe(200);
      const on = await as(caA, "POST", `/api/admin/users/${member.id}/reactivate`);
      expect(on.body.user.isActive).toBe(true);
      const afterReactivation = await as(member, "GET", "/api/auth/me");
      expect(afterReactivation.status).toBe(401);
      expect(afterReactivation.body.code).toBe("UNAUTHENTICATED");
      const actions = (await as(caA, "GET", "/api/admin/users/audit")).body.entries
        .filter((entry: { targetEmail: string }) => entry.targetEmail === member.email)
        .map((entry: { action: string }) => entry.action);
      expect(actions).toEqual(["reactivated", "deactivated"]);
    });

    it("lets a company admin act only in their company, never on admins or themselves", async () => {
      const member = await newUser(companyA);
      expect((await as(caB, "POST", `/api/admin/users/${member.id}/deactivate`)).status).toBe(404);
      const adminInA = await createActor(f.db, {
        email: "admin-in-a@example.com",
        role: "admin",
        companyId: companyA,
      });
      const onAdmin = await as(caA, "POST", `/api/admin/users/${adminInA.id}/deactivate`);
      expect(onAdmin.status).toBe(403);
      expect(onAdmin.body.code).toBe("FORBIDDEN");
      const self = await as(caA, "POST", `/api/admin/users/${caA.id}/deactivate`);
      expect(self.status).toBe(403);
      expect(self.body.code).toBe("SELF_MANAGEMENT_FORBIDDEN");
      // An admin may deactivate another admin, but not themselves.
      expect((await as(admin, "POST", `/api/admin/users/${adminInA.id}/deactivate`)).status).toBe(200);
      expect((await as(admin, "POST", `/api/admin/users/${admin.id}/deactivate`)).status).toBe(403);
      const [row] = await f.db.select().from(users).where(eq(users.id, admin.id));
      expect(row?.isActive).toBe(true);
    });

    it("writes no audit row when the state does not change", async () => {
      const member = await newUser(companyB);
      await as(admin, "POST", `/api/admin/users/${member.id}/deactivate`);
      await as(admin, "POST", `/api/admin/users/${member.id}/deactivate`);
      const rows = await f.db.select().from(userAudit).where(eq(userAudit.targetEmail, member.email));
      expect(rows.map((row) => row.action)).toEqual(["deactivated"]);
    });
  });

  describe("deletion (admins)", () => {
    it("deletes the user with their checks and stored files, and audits it", async () => {
      const member = await newUser(companyA, "Gone Soon");
      const check = await submitCheck(f, member.cookie, { fullName: "Gone Soon", email: member.email }, [
        { name: "a.pdf", data: pdfBytes() },
        { name: "b.pdf", data: pdfBytes() },
      ]);
      expect(check.status).toBe(201);
      const files = await f.db
        .select()
        .from(backgroundCheckFiles)
        .where(eq(backgroundCheckFiles.backgroundCheckId, check.body.id));
      const storage = createStorage(f.server.config);
      await storage.get(files[0]?.filePath ?? "");
      expect((await as(caA, "DELETE", `/api/admin/users/${member.id}`)).status).toBe(403);
      const deleted = await as(admin, "DELETE", `/api/admin/users/${member.id}`);
      expect(deleted.status).toBe(204);
      expect(await f.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
      expect(
        await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.userId, member.id)),
      ).toEqual([]);
      for (const file of files) await expect(storage.get(file.filePath)).rejects.toThrow();
      const [entry] = (await as(admin, "GET", "/api/admin/users/audit")).body.entries;
      expect(entry).toMatchObject({
        action: "deleted",
        targetEmail: member.email,
        detail: "1 background check removed",
      });
      // Company A's admin sees the entry about their former user.
      expect((await as(caA, "GET", "/api/admin/users/audit")).body.entries[0]).toMatchObject({
        action: "deleted",
      });
      expect((await as(admin, "DELETE", `/api/admin/users/${member.id}`)).status).toBe(404);
    });

    it("refuses an admin's deletion of themselves", async () => {
      const response = await as(admin2, "DELETE", `/api/admin/users/${admin2.id}`);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("SELF_MANAGEMENT_FORBIDDEN");
    });
  });

  it("shows each company admin only their company's audit entries", async () => {
    const entries = (await as(caB, "GET", "/api/admin/users/audit")).body.entries as Array<{
      targetEmail: string;
    }>;
    expect(entries.length).toBeGreaterThan(0);
    const emailsInB = new Set(
      (await f.db.select().from(users).where(eq(users.companyId, companyB))).map((user) => user.email),
    );
    expect(entries.every((entry) => emailsInB.has(entry.targetEmail))).toBe(true);
    const paged = await as(admin, "GET", "/api/admin/users/audit?page=1&pageSize=2");
    expect(paged.body.entries).toHaveLength(2);
    expect(paged.body.total).toBeGreaterThan(2);
  });
});
