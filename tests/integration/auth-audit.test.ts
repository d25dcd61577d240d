import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserAuditAction, UserAuditEntry } from "../../src/common/api/users";
import { AUDIT_CSV_COLUMNS } from "../../src/server/admin/service";
import { runRetention } from "../../src/server/background-checks/retention";
import { magicLinkTokens, userAudit, userInvitations } from "../../src/server/db/schema";
import { type Actor, createActor, createTwoTenants, type TwoTenants } from "../support/actors";
import { cookieFrom, sessionCookieHeader } from "../support/cookies";
import { parseCsv } from "../support/csv";
import { invitationTokenFrom, pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { requestMagicLink, useTestDatabase, useTestServer, verifyToken } from "./support/fixture";

const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

/**
 * The authentication audit trail (ADR 0057): every sign-in event, invitation, session ended by
 * someone else, deactivation, role and company change and purge leaves one entry; admins filter
 * by person, kind and date and export CSV; company admins see their company's; the table refuses
 * any change or deletion of an entry.
 */
describe.each(testBackends())("authentication audit trail on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database, { env: { DOCUMENT_RETENTION_DAYS: "30" } });
  let t: TwoTenants;
  let userB: Actor;
  const unknownAddress = "nobody.here@example.com";

  const audit = async (cookie: string, query = "") => {
    const response = await f.server.request("GET", `/api/admin/users/audit?pageSize=100${query}`, { cookie });
    expect(response.status).toBe(200);
    return response.body.entries as UserAuditEntry[];
  };
  const kinds = (entries: UserAuditEntry[]) => new Set(entries.map((entry) => entry.action));

  beforeAll(async () => {
    t = await createTwoTenants(f.db, { userA: "Ana Ruiz" });
    userB = await createActor(f.db, {
      email: "user-b@example.com",
      companyId: t.companyB,
      fullName: "Bea B",
    });
    const headers = { "user-agent": UA };

    // Sign-in and sign-out, then the same link again, then an expired one.
    const token = await requestMagicLink(f, t.userA.email);
    const verified = await f.server.request("POST", "/api/auth/verify-magic-link", {
      json: { token },
      headers,
    });
    expect(verified.status).toBe(200);
    const cookie = sessionCookieHeader(cookieFrom(verified.setCookies)?.value ?? "");
    expect((await f.server.request("POST", "/api/auth/logout", { cookie, headers })).status).toBe(200);
    expect(
      (await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token }, headers })).status,
    ).toBe(410);
    const late = await requestMagicLink(f, userB.email);
    await f.db
      .update(magicLinkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(magicLinkTokens.used, false));
    expect(
      (await f.server.request("POST", "/api/auth/verify-magic-link", { json: { token: late } })).status,
    ).toBe(410);
    await verifyToken(f, await requestMagicLink(f, userB.email));

    // Links asked for an address without an account, and for a deactivated one.
    expect(
      (
        await f.server.request("POST", `/api/admin/users/${userB.id}/deactivate`, {
          cookie: t.admin.cookie,
        })
      ).status,
    ).toBe(200);
    for (const email of [unknownAddress, userB.email]) {
      expect(
        (await f.server.request("POST", "/api/auth/send-magic-link", { json: { email }, headers })).status,
      ).toBe(200);
    }
    await f.server.app.ctx.tasks.idle();

    // Invitations: sent, resent, revoked; another sent and accepted.
    const sent = await f.server.request("POST", "/api/invitations/send", {
      cookie: t.companyAdminA.cookie,
      json: { email: "invitee@example.com", role: "user" },
    });
    expect(sent.status).toBe(201);
    expect(
      (await f.server.request("POST", `/api/invitations/${sent.body.id}/resend`, { cookie: t.admin.cookie }))
        .status,
    ).toBe(200);
    expect(
      (await f.server.request("DELETE", `/api/invitations/${sent.body.id}`, { cookie: t.admin.cookie }))
        .status,
    ).toBe(200);
    const accepted = await f.server.request("POST", "/api/invitations/send", {
      cookie: t.admin.cookie,
      json: { email: "joiner@example.com", role: "user", companyId: t.companyA },
    });
    const invitationToken = invitationTokenFrom((await f.smtp.nextEmail("joiner@example.com")).text);
    expect(
      (
        await f.server.request("POST", "/api/invitations/accept", {
          json: { token: invitationToken, fullName: "Joe Joiner" },
          headers,
        })
      ).status,
    ).toBe(201);
    expect(accepted.status).toBe(201);
    // An expired invitation presented at accept.
    const stale = await f.server.request("POST", "/api/invitations/send", {
      cookie: t.admin.cookie,
      json: { email: "stale@example.com", role: "user", companyId: t.companyB },
    });
    const staleToken = invitationTokenFrom((await f.smtp.nextEmail("stale@example.com")).text);
    await f.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userInvitations.id, stale.body.id));
    expect(
      (
        await f.server.request("POST", "/api/invitations/accept", {
          json: { token: staleToken, fullName: "Stale" },
        })
      ).status,
    ).toBe(410);

    // Someone else ends her sessions; an admin changes role and company.
    expect(
      (
        await f.server.request("DELETE", `/api/admin/users/${t.userA.id}/sessions`, {
          cookie: t.admin.cookie,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await f.server.request("PATCH", `/api/admin/users/${t.companyAdminB.id}`, {
          cookie: t.admin.cookie,
          json: { role: "user" },
        })
      ).status,
    ).toBe(200);
    const mover = await createActor(f.db, { email: "mover@example.com", companyId: t.companyA });
    expect(
      (
        await f.server.request("PATCH", `/api/admin/users/${mover.id}`, {
          cookie: t.admin.cookie,
          json: { companyId: t.companyB },
        })
      ).status,
    ).toBe(200);

    // A decided check whose retention ran out.
    const check = await submitCheck(f, t.companyAdminA.cookie, { fullName: "CA", email: "x@example.com" }, [
      { name: "id.pdf", data: pdfBytes() },
    ]);
    await f.server.request("PATCH", `/api/background-checks/${check.body.id}`, {
      cookie: t.admin.cookie,
      json: { status: "approved" },
    });
    const purged = await runRetention(f.db, f.server.app.ctx.storage, {
      retentionDays: 30,
      now: new Date(Date.now() + 31 * 24 * 60 * 60 * 1000),
    });
    expect(purged.purgedChecks).toBe(1);
  });

  it("records every authentication event, each once, with who, whom, where and which browser", async () => {
    const entries = await audit(t.admin.cookie);
    const expected: UserAuditAction[] = [
      "sign_in_email_sent",
      "signed_in",
      "signed_out",
      "link_reused",
      "link_expired",
      "link_requested_unknown",
      "link_requested_inactive",
      "invitation_sent",
      "invitation_resent",
      "invitation_revoked",
      "invitation_accepted",
      "session_ended",
      "deactivated",
      "role_changed",
      "company_changed",
      "files_purged",
    ];
    // (The last test of this file adds a `deleted` entry; the others add none.)
    expect([...kinds(entries)].filter((kind) => kind !== "deleted").sort()).toEqual([...expected].sort());
    const find = (action: UserAuditAction, targetEmail?: string) =>
      entries.filter(
        (entry) =>
          entry.action === action && (targetEmail === undefined || entry.targetEmail === targetEmail),
      );
    expect(find("signed_in", t.userA.email)).toEqual([
      expect.objectContaining({
        actorId: t.userA.id,
        detail: "magic_link",
        ip: "127.0.0.1",
        device: "Firefox 128 · Windows 10",
      }),
    ]);
    expect(find("signed_out", t.userA.email)).toHaveLength(1);
    // Each sign-in email (link and code) sent; none for the unknown or the deactivated address.
    expect(find("sign_in_email_sent", t.userA.email)).toEqual([
      expect.objectContaining({ actorId: null, targetUserId: t.userA.id, ip: "127.0.0.1" }),
    ]);
    expect(find("sign_in_email_sent", userB.email)).toHaveLength(2);
    expect(find("sign_in_email_sent")).toHaveLength(3);
    expect(find("link_reused", t.userA.email)).toEqual([
      expect.objectContaining({ detail: "magic_link", actorId: null }),
    ]);
    expect(find("link_expired", userB.email)).toEqual([expect.objectContaining({ detail: "magic_link" })]);
    expect(find("link_expired", "stale@example.com")).toEqual([
      expect.objectContaining({ detail: "invitation" }),
    ]);
    expect(find("link_requested_inactive", userB.email)).toHaveLength(1);
    expect(find("invitation_sent", "invitee@example.com")).toEqual([
      expect.objectContaining({ actorId: t.companyAdminA.id, detail: "user" }),
    ]);
    expect(find("invitation_resent", "invitee@example.com")).toEqual([
      expect.objectContaining({ actorId: t.admin.id }),
    ]);
    expect(find("invitation_revoked", "invitee@example.com")).toHaveLength(1);
    expect(find("invitation_accepted", "joiner@example.com")).toEqual([
      expect.objectContaining({ actorName: "Joe Joiner", device: "Firefox 128 · Windows 10" }),
    ]);
    expect(find("session_ended", t.userA.email)).toEqual([expect.objectContaining({ actorId: t.admin.id })]);
    expect(find("role_changed", t.companyAdminB.email)).toEqual([
      expect.objectContaining({ detail: "company_admin → user" }),
    ]);
    expect(find("company_changed", "mover@example.com")).toEqual([
      expect.objectContaining({ detail: "Alpha Foods → Beta Mart" }),
    ]);
    expect(find("files_purged", t.companyAdminA.email)).toEqual([
      expect.objectContaining({ actorId: null, detail: "1" }),
    ]);
  });

  it("keeps an address without an account only masked and as a digest, found by the exact address", async () => {
    const [unknown] = await audit(t.admin.cookie, "&action=link_requested_unknown");
    expect(unknown).toMatchObject({ targetEmail: "n•••@example.com", targetUserId: null, ip: "127.0.0.1" });
    const rows = (await f.db.execute(sql`select * from user_audit`)) as { rows: Record<string, unknown>[] };
    expect(JSON.stringify(rows.rows)).not.toContain("nobody.here");
    expect(await audit(t.admin.cookie, `&q=${encodeURIComponent(unknownAddress.toUpperCase())}`)).toEqual([
      expect.objectContaining({ id: unknown?.id }),
    ]);
    expect(await audit(t.admin.cookie, "&q=nobody.her")).toEqual([]);
  });

  it("filters by person, kind and date", async () => {
    const byName = await audit(t.admin.cookie, `&q=${encodeURIComponent("Ana Ruiz")}`);
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((entry) => entry.targetUserId === t.userA.id || entry.actorId === t.userA.id)).toBe(
      true,
    );
    const byId = await audit(t.admin.cookie, `&userId=${t.admin.id}`);
    expect(byId.every((entry) => entry.actorId === t.admin.id || entry.targetUserId === t.admin.id)).toBe(
      true,
    );
    expect([...kinds(byId)]).toEqual(
      expect.arrayContaining([
        "deactivated",
        "invitation_resent",
        "invitation_revoked",
        "invitation_sent",
        "session_ended",
        "role_changed",
        "company_changed",
      ]),
    );
    const kind = await audit(t.admin.cookie, "&action=signed_in");
    expect(kinds(kind)).toEqual(new Set(["signed_in"]));
    const all = await audit(t.admin.cookie);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      await audit(t.admin.cookie, `&from=${encodeURIComponent(hourAgo)}&to=${encodeURIComponent(inAnHour)}`),
    ).toHaveLength(all.length);
    expect(await audit(t.admin.cookie, `&from=${encodeURIComponent(inAnHour)}`)).toEqual([]);
    expect(await audit(t.admin.cookie, `&to=${encodeURIComponent(hourAgo)}`)).toEqual([]);
    const bad = await f.server.request("GET", "/api/admin/users/audit?from=yesterday", {
      cookie: t.admin.cookie,
    });
    expect(bad.status).toBe(400);
  });

  it("refuses a date outside 1970–9999 in the filter with 400, as JSON and as CSV, for every manager", async () => {
    // Year 0000 passes an ISO 8601 format check, but PostgreSQL has no year 0 (it answered 500).
    for (const cookie of [t.admin.cookie, t.companyAdminA.cookie]) {
      for (const query of [
        "from=0000-01-01T00:00:00Z",
        "to=0000-01-01T00:00:00Z",
        "from=1969-12-31T23:59:59Z",
        "from=0000-01-01T00:00:00Z&format=csv",
      ]) {
        const refused = await f.server.request("GET", `/api/admin/users/audit?${query}`, { cookie });
        expect(refused.status, query).toBe(400);
        expect(refused.body, query).toMatchObject({
          code: "VALIDATION_ERROR",
          field: query.slice(0, query.indexOf("=")),
          error: expect.stringMatching(/1970.*9999/),
        });
      }
    }
    const edges = await audit(
      t.admin.cookie,
      `&from=${encodeURIComponent("1970-01-01T00:00:00Z")}&to=${encodeURIComponent("9999-12-31T23:59:59.999Z")}`,
    );
    expect(edges).toHaveLength((await audit(t.admin.cookie)).length);
  });

  it("shows a company admin her company's entries only", async () => {
    const mine = await audit(t.companyAdminA.cookie);
    expect(mine.length).toBeGreaterThan(0);
    const emails = new Set(mine.map((entry) => entry.targetEmail));
    expect(emails).toContain(t.userA.email);
    expect(emails).toContain("invitee@example.com");
    expect(emails).toContain("mover@example.com"); // moved out of her company: the change is hers to see
    for (const other of [userB.email, "stale@example.com", "n•••@example.com", t.companyAdminB.email]) {
      expect(emails).not.toContain(other);
    }
    const csv = await f.server.request("GET", "/api/admin/users/audit?format=csv", {
      cookie: t.companyAdminA.cookie,
    });
    expect(parseCsv(String(csv.body))).toHaveLength(mine.length + 1);
    expect((await f.server.request("GET", "/api/admin/users/audit", { cookie: t.userA.cookie })).status).toBe(
      401,
    );
  });

  it("exports CSV that reads back as the same entries", async () => {
    const entries = await audit(t.admin.cookie);
    const csv = await f.server.request("GET", "/api/admin/users/audit?format=csv", {
      cookie: t.admin.cookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="aisleiq-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(String(csv.body));
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    const back = rows.map((row) =>
      Object.fromEntries(AUDIT_CSV_COLUMNS.map((column, index) => [column, row[index] ?? ""])),
    );
    const asCells = entries.map((entry) =>
      Object.fromEntries(
        AUDIT_CSV_COLUMNS.map((column) => [column, entry[column] === null ? "" : String(entry[column])]),
      ),
    );
    expect(back).toEqual(asCells);
    const filtered = await f.server.request("GET", "/api/admin/users/audit?format=csv&action=signed_out", {
      cookie: t.admin.cookie,
    });
    expect(parseCsv(String(filtered.body))).toHaveLength(2);
  });

  it("refuses to change or delete an entry, and still lets a user be deleted", async () => {
    const [entry] = await f.db.select().from(userAudit).limit(1);
    await expect(
      f.db
        .update(userAudit)
        .set({ detail: "edited" })
        .where(eq(userAudit.id, entry?.id ?? 0)),
    ).rejects.toThrow();
    await expect(f.db.delete(userAudit).where(eq(userAudit.id, entry?.id ?? 0))).rejects.toThrow();
    const [still] = await f.db
      .select()
      .from(userAudit)
      .where(eq(userAudit.id, entry?.id ?? 0));
    expect(still).toEqual(entry);
    const before = (await f.db.select().from(userAudit).where(eq(userAudit.targetUserId, userB.id))).length;
    const deleted = await f.server.request("DELETE", `/api/admin/users/${userB.id}`, {
      cookie: t.admin.cookie,
    });
    expect(deleted.status).toBe(204);
    expect((await f.db.select().from(userAudit).where(eq(userAudit.targetUserId, userB.id))).length).toBe(
      before,
    );
  });
});
