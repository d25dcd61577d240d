import { beforeAll, describe, expect, it } from "vitest";
import { CHANNEL_PARTNER_PASS_COOKIE } from "../../src/common/api/gates";
import { createSession } from "../../src/server/auth/sessions";
import type { RouteAccess } from "../../src/server/core/route-access";
import { emailOutbox, passkeys } from "../../src/server/db/schema";
import { gatePassword, issuePartnerPass } from "../../src/server/gates/service";
import { OUTBOX_PRIORITY } from "../../src/server/mail/outbox";
import { type Actor, createActor, createTwoTenants } from "../support/actors";
import { sessionCookieHeader } from "../support/cookies";
import { pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";
import { demoRegistrationBody, leadBody } from "./support/payloads";
import { type HttpResult, readResult } from "./support/test-app";

/**
 * Permission matrix over EVERY registered route: each route × anonymous, a
 * user of company A, the company admins of companies A and B, and an admin. The expected
 * status of each cell is derived from the route's declared access (`config.access`) and, for
 * routes on one company's resource, from tenant ownership (ADR 0009: out of scope is 404).
 * A route without a probe below fails the test, so a new route cannot skip the matrix.
 */
const ACTORS = ["anonymous", "user", "companyAdminA", "companyAdminB", "admin"] as const;
type Who = (typeof ACTORS)[number];

/** What one cell sends. */
interface Call {
  url: string;
  json?: unknown;
  /** A multipart background-check submission instead of JSON. */
  multipart?: boolean;
  /** A multipart dispute (a statement, no files) of a pending rejection instead of JSON (ADR 0083). */
  dispute?: boolean;
  /** Replaces the actor's cookie (e.g. a throw-away session for logout). */
  cookie?: string;
  /** Extra request headers (the metrics bearer token). */
  headers?: Record<string, string>;
}

interface Probe {
  /** The access this route is meant to declare (pinned, so a loosened declaration fails). */
  access: RouteAccess;
  /** Builds the request for one actor, creating fresh resources when the call changes state. */
  call: (who: Who) => Promise<Call> | Call;
  /** Status when access is granted (for public routes: whoever calls). */
  ok: number;
  /** The resource belongs to company A (a check of the company-A user, an invitation into A…). */
  companyA?: boolean;
  /** Only the resource's owner (the company-A user) may act on it; anyone else signed in gets 404. */
  ownerOnly?: boolean;
}

/** The status a cell must answer, from the declared access and the resource's tenant. */
function expectedStatus(access: RouteAccess, who: Who, probe: Probe): number {
  if (access !== "public") {
    if (who === "anonymous") return 401;
    if (access === "manager" && who === "user") return 403;
    if (access === "admin" && who !== "admin") return 403;
  }
  if (probe.companyA && who === "companyAdminB") return 404;
  if (probe.ownerOnly && who !== "user") return 404;
  return probe.ok;
}

/** Enables `GET /metrics`, so the matrix covers it. */
const METRICS_TOKEN = "matrix-metrics-token-0123456789";

describe.each(testBackends())("permission matrix of every route on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database, { env: { METRICS_TOKEN } });
  const actors = {} as Record<Exclude<Who, "anonymous">, Actor>;
  let companyA = 0;
  let checkA = 0;
  let fileA = 0;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}@example.com`;

  /** A fresh user of company A, as a target for user management. */
  const targetInA = async () =>
    (await createActor(f.db, { email: unique("target"), role: "user", companyId: companyA })).id;
  /** A fresh check of the company-A user whose rejection is pending (ADR 0083). */
  const pendingRejectionInA = async () => {
    const created = await submitCheck(
      f,
      actors.user.cookie,
      { fullName: "User A", email: "user-a@example.com" },
      [{ name: "a.pdf", data: pdfBytes() }],
    );
    const id = created.body.id as number;
    const rejected = await f.server.request("PATCH", `/api/background-checks/${id}`, {
      cookie: actors.admin.cookie,
      json: { status: "rejected" },
    });
    expect(rejected.body.status).toBe("pre_adverse_action");
    return id;
  };
  /** A fresh pending invitation into company A, sent by the admin. */
  const invitationInA = async () => {
    const sent = await f.server.request("POST", "/api/invitations/send", {
      cookie: actors.admin.cookie,
      json: { email: unique("invitee"), role: "user", companyId: companyA },
    });
    expect(sent.status).toBe(201);
    return sent.body.id as number;
  };

  /** A fresh passkey row of `who` (any id for the anonymous caller, who is refused first). */
  const passkeyOf = async (who: Who) => {
    if (who === "anonymous") return 1;
    const [row] = await f.db
      .insert(passkeys)
      .values({
        userId: actors[who].id,
        credentialId: `matrix-${++counter}`,
        publicKey: "AA",
        userHandle: "matrix",
        deviceType: "multiDevice",
        backedUp: true,
        name: "Matrix key",
      })
      .returning({ id: passkeys.id });
    if (!row) throw new Error("passkey insert returned no row");
    return row.id;
  };
  /** A well-formed passkey answer that belongs to no ceremony. */
  const strayPasskeyAnswer = {
    id: "AAAA",
    rawId: "AAAA",
    type: "public-key",
    clientExtensionResults: {},
    response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
  };
  /** A fresh CRM webhook delivery the outbox gave up on, to send again. */
  const failedDelivery = async () => {
    const [row] = await f.db
      .insert(emailOutbox)
      .values({
        kind: "lead_webhook",
        toAddress: "https://crm.example/hook",
        subject: "lead.created Lead 0: Matrix Cell (Matrix Foods)",
        html: "",
        text: "{}",
        priority: OUTBOX_PRIORITY.webhook,
        status: "failed",
        attempts: 15,
      })
      .returning({ id: emailOutbox.id });
    return row?.id ?? 0;
  };

  const probes: Record<string, Probe> = {
    "GET /metrics": {
      access: "public",
      // The bearer token is the route's own check (401 without it: tests/integration/metrics.test.ts).
      call: () => ({ url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
      ok: 200,
    },
    "GET /api/admin/webhook-deliveries": {
      access: "admin",
      call: () => ({ url: "/api/admin/webhook-deliveries" }),
      ok: 200,
    },
    "POST /api/admin/webhook-deliveries/:id/retry": {
      access: "admin",
      call: async () => ({ url: `/api/admin/webhook-deliveries/${await failedDelivery()}/retry` }),
      ok: 200,
    },
    "GET /api/health": {
      access: "public",
      call: () => ({ url: "/api/health" }),
      ok: 200,
    },
    "GET /api/ready": {
      access: "public",
      call: () => ({ url: "/api/ready" }),
      ok: 200,
    },
    "GET /api/docs": {
      access: "public",
      call: () => ({ url: "/api/docs" }),
      ok: 200,
    },
    // Swagger UI's page is also routed with a trailing slash (declared for HEAD only).
    "GET /api/docs/": {
      access: "public",
      call: () => ({ url: "/api/docs/" }),
      ok: 200,
    },
    "GET /api/openapi.json": {
      access: "public",
      call: () => ({ url: "/api/openapi.json" }),
      ok: 200,
    },
    "GET /api/docs/json": {
      access: "public",
      call: () => ({ url: "/api/docs/json" }),
      ok: 200,
    },
    "GET /api/docs/yaml": {
      access: "public",
      call: () => ({ url: "/api/docs/yaml" }),
      ok: 200,
    },
    "GET /api/docs/static/index.html": {
      access: "public",
      // Redirects to the page, /api/docs/ (followed).
      call: () => ({ url: "/api/docs/static/index.html" }),
      ok: 200,
    },
    "GET /api/docs/static/swagger-initializer.js": {
      access: "public",
      call: () => ({ url: "/api/docs/static/swagger-initializer.js" }),
      ok: 200,
    },
    "GET /api/docs/static/*": {
      access: "public",
      call: () => ({ url: "/api/docs/static/swagger-ui.css" }),
      ok: 200,
    },
    "GET /api/retailer-demos/:slug": {
      access: "public",
      call: () => ({ url: "/api/retailer-demos/schnucks" }),
      ok: 200,
    },
    "GET /api/admin/login-info": {
      access: "public",
      call: () => ({ url: "/api/admin/login-info" }),
      ok: 200,
    },
    "POST /api/admin/create-initial": {
      access: "public",
      call: () => ({ url: "/api/admin/create-initial", json: { email: unique("setup"), fullName: "Late" } }),
      ok: 409,
    },
    "POST /api/auth/send-magic-link": {
      access: "public",
      call: () => ({ url: "/api/auth/send-magic-link", json: { email: unique("link") } }),
      ok: 200,
    },
    "POST /api/auth/verify-magic-link": {
      access: "public",
      call: () => ({ url: "/api/auth/verify-magic-link", json: { token: "A".repeat(43) } }),
      ok: 404,
    },
    "POST /api/auth/magic-link/inspect": {
      access: "public",
      call: () => ({ url: "/api/auth/magic-link/inspect", json: { token: "A".repeat(43) } }),
      ok: 404,
    },
    "POST /api/auth/verify-code": {
      access: "public",
      call: () => ({ url: "/api/auth/verify-code", json: { email: unique("code"), code: "123456" } }),
      ok: 400,
    },
    "POST /api/auth/passkey/options": {
      access: "public",
      call: () => ({ url: "/api/auth/passkey/options" }),
      ok: 200,
    },
    "POST /api/auth/passkey/verify": {
      access: "public",
      call: () => ({ url: "/api/auth/passkey/verify", json: { response: strayPasskeyAnswer } }),
      ok: 400,
    },
    "GET /api/auth/passkeys": {
      access: "user",
      call: () => ({ url: "/api/auth/passkeys" }),
      ok: 200,
    },
    "POST /api/auth/passkeys/options": {
      access: "user",
      call: () => ({ url: "/api/auth/passkeys/options" }),
      ok: 200,
    },
    "POST /api/auth/passkeys": {
      access: "user",
      // No registration ceremony: refused after the access check.
      call: () => ({
        url: "/api/auth/passkeys",
        json: {
          response: {
            ...strayPasskeyAnswer,
            response: { clientDataJSON: "e30", attestationObject: "AAAA" },
          },
        },
      }),
      ok: 400,
    },
    "PATCH /api/auth/passkeys/:id": {
      access: "user",
      call: async (who) => ({ url: `/api/auth/passkeys/${await passkeyOf(who)}`, json: { name: "Renamed" } }),
      ok: 200,
    },
    "DELETE /api/auth/passkeys/:id": {
      access: "user",
      call: async (who) => ({ url: `/api/auth/passkeys/${await passkeyOf(who)}` }),
      ok: 204,
    },
    "POST /api/auth/step-up/send-code": {
      access: "user",
      call: () => ({ url: "/api/auth/step-up/send-code" }),
      ok: 200,
    },
    "POST /api/auth/step-up/verify-code": {
      access: "user",
      // No code sent for this session: refused after the access check.
      call: () => ({ url: "/api/auth/step-up/verify-code", json: { code: "123456" } }),
      ok: 400,
    },
    "GET /api/auth/me": {
      access: "user",
      call: () => ({ url: "/api/auth/me" }),
      ok: 200,
    },
    "PATCH /api/auth/me/language": {
      access: "user",
      call: () => ({ url: "/api/auth/me/language", json: { language: "en" } }),
      ok: 200,
    },
    "POST /api/auth/logout": {
      access: "public",
      call: async (who) => {
        if (who === "anonymous") return { url: "/api/auth/logout" };
        const session = await createSession(f.db, actors[who].id);
        return { url: "/api/auth/logout", cookie: sessionCookieHeader(session.token) };
      },
      ok: 200,
    },
    "GET /api/auth/sessions": {
      access: "user",
      call: () => ({ url: "/api/auth/sessions" }),
      ok: 200,
    },
    "POST /api/auth/sessions/end-others": {
      access: "user",
      // Ends the caller's other sessions: each actor has only the one it calls with.
      call: () => ({ url: "/api/auth/sessions/end-others" }),
      ok: 200,
    },
    "DELETE /api/auth/sessions/:sessionId": {
      access: "user",
      // A second session of the caller's, ended from the first.
      call: async (who) => {
        if (who === "anonymous") return { url: "/api/auth/sessions/1" };
        const spare = await createSession(f.db, actors[who].id);
        return { url: `/api/auth/sessions/${spare.id}` };
      },
      ok: 200,
    },
    "GET /api/invitations": {
      access: "manager",
      call: () => ({ url: "/api/invitations" }),
      ok: 200,
    },
    "POST /api/invitations/send": {
      access: "manager",
      call: () => ({ url: "/api/invitations/send", json: { email: unique("inv"), role: "user" } }),
      ok: 201,
    },
    "POST /api/invitations/inspect": {
      access: "public",
      call: () => ({ url: "/api/invitations/inspect", json: { token: "A".repeat(43) } }),
      ok: 404,
    },
    "POST /api/invitations/accept": {
      access: "public",
      call: () => ({ url: "/api/invitations/accept", json: { token: "A".repeat(43), fullName: "Nobody" } }),
      ok: 404,
    },
    "POST /api/invitations/:id/resend": {
      access: "manager",
      call: async () => ({ url: `/api/invitations/${await invitationInA()}/resend` }),
      ok: 200,
      companyA: true,
    },
    "DELETE /api/invitations/:id": {
      access: "manager",
      call: async () => ({ url: `/api/invitations/${await invitationInA()}` }),
      ok: 200,
      companyA: true,
    },
    "GET /api/companies": {
      access: "admin",
      call: () => ({ url: "/api/companies" }),
      ok: 200,
    },
    "POST /api/companies": {
      access: "admin",
      call: () => ({ url: "/api/companies", json: { name: `Co ${counter}`, email: unique("co") } }),
      ok: 201,
    },
    "GET /api/admin/stats": {
      access: "manager",
      call: () => ({ url: "/api/admin/stats" }),
      ok: 200,
    },
    "GET /api/background-checks": {
      access: "manager",
      call: () => ({ url: "/api/background-checks" }),
      ok: 200,
    },
    "POST /api/background-checks": {
      access: "user",
      call: () => ({ url: "/api/background-checks", multipart: true }),
      ok: 201,
    },
    "GET /api/background-checks/my": {
      access: "user",
      call: () => ({ url: "/api/background-checks/my" }),
      ok: 200,
    },
    "GET /api/background-checks/:id": {
      access: "user",
      call: () => ({ url: `/api/background-checks/${checkA}` }),
      ok: 200,
      companyA: true,
    },
    "PATCH /api/background-checks/:id": {
      access: "manager",
      call: () => ({ url: `/api/background-checks/${checkA}`, json: { status: "in_review" } }),
      ok: 200,
      companyA: true,
    },
    "GET /api/background-checks/:id/files/:fileId": {
      access: "user",
      call: () => ({ url: `/api/background-checks/${checkA}/files/${fileA}` }),
      ok: 200,
      companyA: true,
    },
    "GET /api/background-checks/disclosure": {
      access: "user",
      call: () => ({ url: "/api/background-checks/disclosure" }),
      ok: 200,
    },
    "GET /api/background-checks/:id/authorization.pdf": {
      access: "user",
      call: () => ({ url: `/api/background-checks/${checkA}/authorization.pdf` }),
      ok: 200,
      companyA: true,
    },
    "POST /api/background-checks/:id/dispute": {
      access: "user",
      // A fresh pending rejection per cell: the owner's answer closes the dispute.
      call: async () => ({
        url: `/api/background-checks/${await pendingRejectionInA()}/dispute`,
        dispute: true,
      }),
      ok: 200,
      ownerOnly: true,
    },
    "GET /api/background-checks/:id/files/:fileId/preview": {
      access: "user",
      call: () => ({ url: `/api/background-checks/${checkA}/files/${fileA}/preview` }),
      ok: 200,
      companyA: true,
    },
    "POST /api/send-schnucks-demo-email": {
      access: "public",
      call: () => ({ url: "/api/send-schnucks-demo-email", json: demoRegistrationBody() }),
      ok: 200,
    },
    "POST /api/demo-registrations/:slug": {
      access: "public",
      call: () => ({ url: "/api/demo-registrations/schnucks", json: demoRegistrationBody() }),
      ok: 200,
    },
    "GET /api/demo-registrations": {
      access: "admin",
      call: () => ({ url: "/api/demo-registrations" }),
      ok: 200,
    },
    "POST /api/gates/events": {
      access: "public",
      call: () => ({ url: "/api/gates/events", json: { password: gatePassword(f.server.config, "events") } }),
      ok: 200,
    },
    "POST /api/gates/channel-partner": {
      access: "public",
      call: () => ({
        url: "/api/gates/channel-partner",
        json: { password: gatePassword(f.server.config, "channel-partner") },
      }),
      ok: 200,
    },
    "GET /api/gates/channel-partner/content": {
      access: "public",
      call: () => ({
        url: "/api/gates/channel-partner/content",
        cookie: `${CHANNEL_PARTNER_PASS_COOKIE}=${issuePartnerPass(f.server.config)}`,
      }),
      ok: 200,
    },
    "POST /api/send-get-started-email": {
      access: "public",
      call: () => ({
        url: "/api/send-get-started-email",
        json: leadBody(),
      }),
      ok: 201,
    },
    "GET /api/leads": {
      access: "admin",
      call: () => ({ url: "/api/leads" }),
      ok: 200,
    },
    "GET /api/admin/users": {
      access: "manager",
      call: () => ({ url: "/api/admin/users" }),
      ok: 200,
    },
    "GET /api/admin/users/audit": {
      access: "manager",
      call: () => ({ url: "/api/admin/users/audit" }),
      ok: 200,
    },
    "PATCH /api/admin/users/:id": {
      access: "admin",
      call: async () => ({ url: `/api/admin/users/${await targetInA()}`, json: { role: "company_admin" } }),
      ok: 200,
      companyA: true,
    },
    "POST /api/admin/users/:id/deactivate": {
      access: "manager",
      call: async () => ({ url: `/api/admin/users/${await targetInA()}/deactivate` }),
      ok: 200,
      companyA: true,
    },
    "POST /api/admin/users/:id/reactivate": {
      access: "manager",
      call: async () => ({ url: `/api/admin/users/${await targetInA()}/reactivate` }),
      ok: 200,
      companyA: true,
    },
    "GET /api/admin/users/:id/sessions": {
      access: "manager",
      call: async () => ({ url: `/api/admin/users/${await targetInA()}/sessions` }),
      ok: 200,
      companyA: true,
    },
    "DELETE /api/admin/users/:id/sessions": {
      access: "manager",
      call: async () => ({ url: `/api/admin/users/${await targetInA()}/sessions` }),
      ok: 200,
      companyA: true,
    },
    "DELETE /api/admin/users/:id/sessions/:sessionId": {
      access: "manager",
      call: async () => {
        const target = await targetInA();
        const session = await createSession(f.db, target);
        return { url: `/api/admin/users/${target}/sessions/${session.id}` };
      },
      ok: 200,
      companyA: true,
    },
    "DELETE /api/admin/users/:id/passkeys": {
      access: "manager",
      call: async () => ({ url: `/api/admin/users/${await targetInA()}/passkeys` }),
      ok: 200,
      companyA: true,
    },
    "DELETE /api/admin/users/:id": {
      access: "admin",
      call: async () => ({ url: `/api/admin/users/${await targetInA()}` }),
      ok: 204,
      companyA: true,
    },
  };

  async function send(method: string, who: Who, call: Call): Promise<HttpResult> {
    const cookie = call.cookie ?? (who === "anonymous" ? undefined : actors[who].cookie);
    if (call.dispute) {
      const form = new FormData();
      form.append("statement", "The record is not mine.");
      return readResult(
        await fetch(`${f.server.baseUrl}${call.url}`, {
          method: "POST",
          headers: cookie ? { cookie } : {},
          body: form,
        }),
      );
    }
    if (call.multipart) {
      return submitCheck(f, cookie, { fullName: "Matrix Cell", email: "ignored@example.com" }, [
        { name: "a.pdf", data: pdfBytes() },
      ]);
    }
    return f.server.request(method, call.url, {
      cookie,
      json: call.json,
      ...(call.headers ? { headers: call.headers } : {}),
    });
  }

  beforeAll(async () => {
    const tenants = await createTwoTenants(f.db);
    companyA = tenants.companyA;
    actors.admin = tenants.admin;
    actors.companyAdminA = tenants.companyAdminA;
    actors.companyAdminB = tenants.companyAdminB;
    actors.user = tenants.userA;
    const created = await submitCheck(
      f,
      actors.user.cookie,
      { fullName: "User A", email: "user-a@example.com" },
      [{ name: "a.pdf", data: pdfBytes() }],
    );
    checkA = created.body.id;
    fileA = (await send("GET", "user", { url: `/api/background-checks/${checkA}` })).body.files[0].id;
  });

  it("answers every route × actor cell with the status its declaration and tenant imply", async () => {
    const routes = f.server.app.declaredRoutes;
    const withoutProbe = routes.filter(
      (route) => route.method !== "HEAD" && probes[`${route.method} ${route.url}`] === undefined,
    );
    expect(withoutProbe).toEqual([]);
    const misdeclared = routes
      .filter(
        (route) =>
          probes[`${route.method === "HEAD" ? "GET" : route.method} ${route.url}`]?.access !== route.access,
      )
      .map((route) => `${route.method} ${route.url}: ${route.access}`);
    expect(misdeclared).toEqual([]);
    const mismatches: string[] = [];
    let cells = 0;
    for (const route of routes) {
      const probe = probes[`${route.method === "HEAD" ? "GET" : route.method} ${route.url}`];
      if (!probe) continue;
      for (const who of ACTORS) {
        const call = await probe.call(who);
        const result = await send(route.method, who, call);
        const expected = expectedStatus(route.access, who, probe);
        cells++;
        if (result.status !== expected) {
          mismatches.push(
            `${route.method} ${route.url} as ${who}: ${result.status} (expected ${expected}) ${JSON.stringify(result.body).slice(0, 120)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(cells).toBe(routes.length * ACTORS.length);
    console.info(
      `permission matrix (${backend.name}): ${routes.length} routes (incl. HEAD) × ${ACTORS.length} actors = ${cells} cells checked`,
    );
    // Every cell over real HTTP, the dispute cells each with a fresh signed submission and review.
  }, 90_000);
});
