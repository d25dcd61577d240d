import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../src/server/core/tokens";
import { userInvitations, users } from "../../src/server/db/schema";
import { type Actor, createActor, createCompanyRow } from "../support/actors";
import { cookieFrom, SESSION_COOKIE } from "../support/cookies";
import { invitationTokenFrom } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";
import { TEST_PUBLIC_URL } from "./support/test-app";

describe.each(testBackends())("invitations and companies on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let admin: Actor;
  let companyA = 0;

  beforeAll(async () => {
    companyA = await createCompanyRow(f.db, "Alpha Foods");
    admin = await createActor(f.db, { email: "admin@example.com", role: "admin", fullName: "Ada Admin" });
  });

  const invite = (cookie: string, body: unknown) =>
    f.server.request("POST", "/api/invitations/send", { cookie, json: body });

  it("emails an accept link that states the 7-day expiry, and stores only the token's hash", async () => {
    const sent = await invite(admin.cookie, {
      email: "  New.Boss@Example.com ",
      role: "company_admin",
      companyId: companyA,
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      email: "new.boss@example.com",
      status: "pending",
      invitedByName: "Ada Admin",
    });
    const mail = await f.smtp.nextEmail("new.boss@example.com");
    expect(mail.text).toContain("expires in 7 days");
    expect(mail.text).toContain("Alpha Foods");
    const token = invitationTokenFrom(mail.text);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/accept-invitation/${token}`);
    const [row] = await f.db
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.email, "new.boss@example.com"));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("previews, accepts once, signs the new user in with the invited role and company", async () => {
    await invite(admin.cookie, { email: "cara@example.com", role: "company_admin", companyId: companyA });
    const token = invitationTokenFrom((await f.smtp.nextEmail("cara@example.com")).text);
    const preview = await f.server.request("POST", "/api/invitations/inspect", { json: { token } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      email: "cara@example.com",
      role: "company_admin",
      companyName: "Alpha Foods",
    });

    const blank = await f.server.request("POST", "/api/invitations/accept", {
      json: { token, fullName: "   " },
    });
    expect(blank.status).toBe(400);

    const accepted = await f.server.request("POST", "/api/invitations/accept", {
      json: { token, fullName: " Cara Company " },
    });
    expect(accepted.status).toBe(201);
    const cookie = cookieFrom(accepted.setCookies, SESSION_COOKIE);
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
    const me = await f.server.request("GET", "/api/auth/me", { cookie: `${cookie?.name}=${cookie?.value}` });
    expect(me.body.user).toMatchObject({
      email: "cara@example.com",
      fullName: "Cara Company",
      role: "company_admin",
      companyId: companyA,
      isEmailVerified: true,
    });
    expect(me.body.company).toEqual({ id: companyA, name: "Alpha Foods" });

    const again = await f.server.request("POST", "/api/invitations/accept", {
      json: { token, fullName: "Cara" },
    });
    expect(again.status).toBe(410);
    expect((await f.server.request("POST", "/api/invitations/inspect", { json: { token } })).status).toBe(
      410,
    );
    const list = await f.server.request("GET", "/api/invitations", { cookie: admin.cookie });
    expect(list.body.find((i: { email: string }) => i.email === "cara@example.com").status).toBe("accepted");
  });

  it("answers 404 for unknown tokens, 400 for malformed ones and 410 for expired ones", async () => {
    const unknown = await f.server.request("POST", "/api/invitations/inspect", {
      json: { token: "x".repeat(43) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("TOKEN_INVALID");
    const malformed = await f.server.request("POST", "/api/invitations/inspect", {
      json: { token: "short" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: "VALIDATION_ERROR", field: "token" });
    await invite(admin.cookie, { email: "late@example.com", role: "user" });
    const token = invitationTokenFrom((await f.smtp.nextEmail("late@example.com")).text);
    await f.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userInvitations.email, "late@example.com"));
    const preview = await f.server.request("POST", "/api/invitations/inspect", { json: { token } });
    expect(preview.status).toBe(410);
    expect(preview.body.code).toBe("TOKEN_EXPIRED");
    const accept = await f.server.request("POST", "/api/invitations/accept", {
      json: { token, fullName: "Late" },
    });
    expect(accept.status).toBe(410);
    expect(await f.db.select().from(users).where(eq(users.email, "late@example.com"))).toHaveLength(0);
    const list = await f.server.request("GET", "/api/invitations", { cookie: admin.cookie });
    expect(list.body.find((i: { email: string }) => i.email === "late@example.com").status).toBe("expired");
  });

  it("refuses an address that already has an account with 409, on send and on accept", async () => {
    const taken = await invite(admin.cookie, { email: "admin@example.com", role: "user" });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("EMAIL_TAKEN");
    await invite(admin.cookie, { email: "dup@example.com", role: "user" });
    const token = invitationTokenFrom((await f.smtp.nextEmail("dup@example.com")).text);
    await createActor(f.db, { email: "dup@example.com", role: "user" });
    const accept = await f.server.request("POST", "/api/invitations/accept", {
      json: { token, fullName: "Dup" },
    });
    expect(accept.status).toBe(409);
    expect(accept.body.code).toBe("EMAIL_TAKEN");
  });

  it("resend mails a new link and retires the old one; revoke stops the link", async () => {
    const sent = await invite(admin.cookie, { email: "rita@example.com", role: "user", companyId: companyA });
    const first = invitationTokenFrom((await f.smtp.nextEmail("rita@example.com")).text);
    const resent = await f.server.request("POST", `/api/invitations/${sent.body.id}/resend`, {
      cookie: admin.cookie,
    });
    expect(resent.status).toBe(200);
    const second = invitationTokenFrom((await f.smtp.nextEmail("rita@example.com")).text);
    expect(second).not.toBe(first);
    expect(
      (await f.server.request("POST", "/api/invitations/inspect", { json: { token: first } })).status,
    ).toBe(404);
    expect(
      (await f.server.request("POST", "/api/invitations/inspect", { json: { token: second } })).status,
    ).toBe(200);

    const revoked = await f.server.request("DELETE", `/api/invitations/${sent.body.id}`, {
      cookie: admin.cookie,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe("revoked");
    const preview = await f.server.request("POST", "/api/invitations/inspect", { json: { token: second } });
    expect(preview.status).toBe(410);
    expect(preview.body.code).toBe("INVITATION_REVOKED");
    expect(
      (await f.server.request("POST", `/api/invitations/${sent.body.id}/resend`, { cookie: admin.cookie }))
        .status,
    ).toBe(409);
  });

  it("a company admin needs a company; a company_admin invitee needs a company", async () => {
    const orphan = await createActor(f.db, { email: "orphan@example.com", role: "company_admin" });
    expect((await invite(orphan.cookie, { email: "o1@example.com", role: "user" })).status).toBe(403);
    const noCompany = await invite(admin.cookie, { email: "o2@example.com", role: "company_admin" });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.code).toBe("COMPANY_REQUIRED");
    const missing = await invite(admin.cookie, { email: "o3@example.com", role: "user", companyId: 99999 });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("COMPANY_NOT_FOUND");
  });

  it("creates and lists companies; a duplicate email gets 409; name and email are required", async () => {
    const created = await f.server.request("POST", "/api/companies", {
      cookie: admin.cookie,
      json: { name: " Gamma Grocers ", email: "Ops@Gamma.com", phone: "+1 555 0100", address: "" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Gamma Grocers",
      email: "ops@gamma.com",
      phone: "+1 555 0100",
      address: null,
    });
    const duplicate = await f.server.request("POST", "/api/companies", {
      cookie: admin.cookie,
      json: { name: "Other", email: "ops@gamma.com" },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe("COMPANY_EMAIL_TAKEN");
    const missing = await f.server.request("POST", "/api/companies", {
      cookie: admin.cookie,
      json: { name: "", email: "x@y.co" },
    });
    expect(missing.status).toBe(400);
    const list = await f.server.request("GET", "/api/companies", { cookie: admin.cookie });
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(["Alpha Foods", "Gamma Grocers"]);
  });
});
