import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../src/server/db/schema";
import { OUTBOX_PRIORITY } from "../../src/server/mail/outbox";
import { verifyWebhookSignature } from "../../src/server/webhooks/signature";
import { createActor } from "../support/actors";
import {
  startWebhookReceiver,
  type WebhookDelivery,
  type WebhookReceiver,
} from "../support/webhook-receiver";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";
import { demoRegistrationBody, leadBody } from "./support/payloads";
import { closedPort, waitFor } from "./support/test-app";

const SECRET = "whsec-test-0123456789abcdef";
const SALES = "sales-webhook@example.com";

/**
 * Checks a delivery exactly as docs/operations.md#crm-webhook tells a receiver to, written here
 * from the documentation rather than with the server's own code: `AisleIQ-Signature` is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`, and
 * `AisleIQ-Timestamp` repeats `t`.
 */
function verifiesAsDocumented(delivery: WebhookDelivery, secret: string): boolean {
  const header = String(delivery.headers["aisleiq-signature"] ?? "");
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const [, t, v1] = match as unknown as [string, string, string];
  if (delivery.headers["aisleiq-timestamp"] !== t) return false;
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${delivery.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, "hex"));
}

/** The webhook's outbox rows (priority ≥ webhook). */
const webhookRows = (f: { db: import("../../src/server/db/database").Database }) =>
  f.db.select().from(emailOutbox).where(gte(emailOutbox.priority, OUTBOX_PRIORITY.webhook));

describe.each(testBackends())("CRM webhook on $name", (backend) => {
  const database = useTestDatabase(backend);
  // The receiver's port is chosen before the server starts, with nothing listening on it yet:
  // the CRM is down when the first leads arrive.
  const env: Record<string, string> = { LEAD_WEBHOOK_SECRET: SECRET, SALES_EMAIL: SALES };
  let port = 0;
  beforeAll(async () => {
    port = await closedPort();
    env.LEAD_WEBHOOK_URL = `http://127.0.0.1:${port}/crm/hook`;
  });
  const f = useTestServer(database, { env });
  let receiver: WebhookReceiver | undefined;
  /** An admin's session cookie, made on first use (the server starts in the hooks above). */
  let adminCookie = "";
  const admin = async () => {
    adminCookie ||= (await createActor(f.db, { email: "webhook-admin@example.com", role: "admin" })).cookie;
    return adminCookie;
  };
  afterAll(async () => {
    receiver?.dropConnections();
    await receiver?.close();
  });

  /** Deliveries the receiver accepted for the lead (or registration) `id`. */
  const acceptedFor = (id: number | string) =>
    (receiver?.accepted ?? []).filter((delivery) => {
      const data = JSON.parse(delivery.body).data;
      return data.id === id;
    });

  it("keeps every lead's delivery while the CRM is down, then delivers each exactly once, signed", async () => {
    const leadIds: number[] = [];
    for (const [index, company] of ["Down Foods", "Outage Mart", "Retry Grocers"].entries()) {
      const started = Date.now();
      const response = await f.server.request("POST", "/api/send-get-started-email", {
        json: leadBody({ company, email: `down-${index}@example.com`, utmSource: "webinar" }),
      });
      expect(response.status).toBe(201);
      // The form never waits for the CRM: it answers well before one connection attempt could time out.
      expect(Date.now() - started).toBeLessThan(5000);
      leadIds.push(response.body.id);
    }
    const registration = demoRegistrationBody();
    expect(
      (await f.server.request("POST", "/api/send-schnucks-demo-email", { json: registration })).status,
    ).toBe(200);

    // Down "for a while": every delivery has failed at least twice, and says why.
    const waiting = await waitFor(async () => {
      const rows = await webhookRows(f);
      return rows.length === 4 && rows.every((row) => row.attempts >= 2 && row.status === "pending") && rows;
    });
    expect(waiting.map((row) => row.lastError)).toEqual(
      Array(4).fill(expect.stringMatching(/^could not connect/)),
    );
    const log = await f.server.request("GET", "/api/admin/webhook-deliveries", { cookie: await admin() });
    expect(log.status).toBe(200);
    expect(log.body.endpoint).toBe(`http://127.0.0.1:${port}/crm/hook`);
    expect(log.body.total).toBe(4);
    expect(log.body.deliveries.map((d: { status: string }) => d.status)).toEqual(Array(4).fill("pending"));
    expect(log.body.deliveries[0]).toMatchObject({
      event: "demo_registration.created",
      lastError: expect.stringMatching(/^could not connect/),
      nextAttemptAt: expect.any(String),
    });
    // The sales notices went out meanwhile.
    for (let i = 0; i < 3; i++) await f.smtp.nextEmail(SALES);

    receiver = await startWebhookReceiver(port);
    await waitFor(async () => (await webhookRows(f)).every((row) => row.status === "sent"), {
      timeoutMs: 20_000,
    });
    await f.server.app.ctx.outbox.idle();

    for (const id of leadIds) {
      const deliveries = acceptedFor(id);
      expect(deliveries).toHaveLength(1);
      const [delivery] = deliveries as [WebhookDelivery];
      expect(verifiesAsDocumented(delivery, SECRET)).toBe(true);
      expect(
        verifyWebhookSignature(SECRET, String(delivery.headers["aisleiq-signature"]), delivery.body),
      ).toBe(true);
      expect(verifiesAsDocumented(delivery, "another-secret-0123456789")).toBe(false);
      expect(
        verifiesAsDocumented({ ...delivery, body: delivery.body.replace("webinar", "webinaR") }, SECRET),
      ).toBe(false);
      const body = JSON.parse(delivery.body);
      expect(delivery.headers["idempotency-key"]).toBe(body.id);
      expect(delivery.headers["aisleiq-event"]).toBe("lead.created");
      expect(delivery.headers["content-type"]).toBe("application/json");
      expect(body).toMatchObject({
        type: "lead.created",
        createdAt: expect.any(String),
        data: { id, firstName: "Grace", lastName: "Hopper", utmSource: "webinar", email: expect.any(String) },
      });
    }
    const [registered] = acceptedFor(registration.registrationId);
    expect(registered && JSON.parse(registered.body)).toMatchObject({
      type: "demo_registration.created",
      data: { id: registration.registrationId, email: registration.email, retailerSlug: "schnucks" },
    });
    expect(registered && verifiesAsDocumented(registered, SECRET)).toBe(true);
    const keys = receiver.accepted.map((delivery) => delivery.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(keys.length);

    const delivered = await f.server.request("GET", "/api/admin/webhook-deliveries?status=delivered", {
      cookie: await admin(),
    });
    expect(delivered.body.total).toBe(4);
    expect(delivered.body.deliveries[0]).toMatchObject({ status: "delivered", lastError: null });
    expect(delivered.body.deliveries[0].deliveredAt).toEqual(expect.any(String));
  });

  it("a CRM that hangs holds up neither the form nor the lead emails", async () => {
    receiver ??= await startWebhookReceiver(port);
    receiver.mode = "hang";
    const seen = receiver.all.length;
    const response = await f.server.request("POST", "/api/send-get-started-email", {
      json: leadBody({ company: "Hang Foods", email: "hang@example.com" }),
    });
    expect(response.status).toBe(201);
    const notice = await f.smtp.nextEmail(SALES);
    expect(notice.text).toContain("Hang Foods");
    await waitFor(() => receiver && receiver.all.length > seen);
    // The CRM comes back: the hanging request is cut, and the retry is accepted once.
    receiver.mode = "accept";
    receiver.dropConnections();
    await waitFor(() => acceptedFor(response.body.id).length === 1, { timeoutMs: 20_000 });
  });

  it("an admin sends a given-up delivery again; its idempotency key stays the same", async () => {
    receiver ??= await startWebhookReceiver(port);
    receiver.mode = "refuse";
    const response = await f.server.request("POST", "/api/send-get-started-email", {
      json: leadBody({ company: "Given Up Foods", email: "given-up@example.com" }),
    });
    const id = response.body.id as number;
    const [row] = await waitFor(async () => {
      const rows = (await webhookRows(f)).filter(
        (r) => r.subject.includes("Given Up Foods") && r.attempts >= 1,
      );
      return rows.length === 1 && rows[0]?.lastError?.startsWith("HTTP 503") && rows;
    });
    if (!row) throw new Error("no delivery row");
    // As after its last attempt: given up (15 attempts take hours with the real backoff).
    await f.db
      .update(emailOutbox)
      .set({ status: "failed", lockedUntil: null })
      .where(eq(emailOutbox.id, row.id));
    const failed = await f.server.request("GET", "/api/admin/webhook-deliveries?status=failed", {
      cookie: await admin(),
    });
    expect(failed.body.deliveries).toEqual([
      expect.objectContaining({
        id: row.id,
        status: "failed",
        lastError: "HTTP 503: CRM is under maintenance",
        summary: expect.stringContaining("Given Up Foods"),
      }),
    ]);

    receiver.mode = "accept";
    const retried = await f.server.request("POST", `/api/admin/webhook-deliveries/${row.id}/retry`, {
      cookie: await admin(),
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: row.id, status: "pending", attempts: 0 });
    await waitFor(() => acceptedFor(id).length === 1);
    expect(acceptedFor(id)[0]?.headers["idempotency-key"]).toBe(row.messageId);
    await waitFor(async () => (await webhookRows(f)).find((r) => r.id === row.id)?.status === "sent");

    const again = await f.server.request("POST", `/api/admin/webhook-deliveries/${row.id}/retry`, {
      cookie: await admin(),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");
    const unknown = await f.server.request("POST", "/api/admin/webhook-deliveries/999999/retry", {
      cookie: await admin(),
    });
    expect(unknown.status).toBe(404);
  });
});
