import { and, asc, count, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GATE_RATE_PER_IP,
  IPV6_SITE_RATE_MULTIPLIER,
  LEAD_CONFIRMATIONS_PER_RECIPIENT,
  MAGIC_LINK_EMAILS_PER_ADDRESS,
  REGISTRATION_CONFIRMATIONS_PER_RECIPIENT,
} from "../../src/common/limits";
import { hashToken } from "../../src/server/core/tokens";
import { demoRegistrations, emailOutbox, leads, magicLinkTokens } from "../../src/server/db/schema";
import { createUser } from "../support/actors";
import { verifyTokenFrom } from "../support/smtp-sink";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer, verifyToken } from "./support/fixture";
import { demoRegistrationBody, leadBody } from "./support/payloads";
import { waitFor } from "./support/test-app";

/**
 * ADR 0034: flooding one address from many clients neither locks its owner out of sign-in nor
 * fills its mailbox; an IPv6 site's /48 counts beside each /64. Every client has its own
 * X-Forwarded-For address (one trusted hop).
 */

const SALES = "sales-floor@example.com";
const DEMO_DESK = "demo-floor@example.com";
const FLOOD = 30;

/** Client `n` (1-based) of a flood, each on its own IPv4 address. */
const client = (n: number) => ({ "x-forwarded-for": `198.51.100.${n}` });

describe.each(testBackends())("mail bombing and lockout on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database, {
    env: { TRUST_PROXY: "1", SALES_EMAIL: SALES, DEMO_REGISTRATION_EMAIL: DEMO_DESK },
  });

  /** Outbox rows of `kind` queued for `to`, oldest first. */
  const queued = (kind: string, to: string) =>
    f.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)))
      .orderBy(asc(emailOutbox.id));

  it("30 sign-in requests from 30 IPs never refuse the owner, send at most the cap, and the last link works", async () => {
    const email = "flooded@example.com";
    await createUser(f.db, { email });
    const send = (headers: Record<string, string>) =>
      f.server.request("POST", "/api/auth/send-magic-link", { json: { email }, headers });

    const first = await send(client(1));
    for (let n = 2; n <= FLOOD; n++) {
      const response = await send(client(n));
      expect(response.status, `request from client ${n}`).toBe(200);
      // Past the cap the answer is the very same: nothing tells that no email went out.
      expect(response.body).toEqual(first.body);
      // The same cookies by name (each browser gets its own binding value).
      const names = (cookies: string[]) => cookies.map((cookie) => cookie.split("=")[0]);
      expect(names(response.setCookies)).toEqual(names(first.setCookies));
    }
    const owner = await send({ "x-forwarded-for": "203.0.113.10" });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("retry-after")).toBeNull();
    expect(owner.body).toEqual(first.body);

    await f.server.app.ctx.tasks.idle();
    expect(await queued("magic_link", email)).toHaveLength(MAGIC_LINK_EMAILS_PER_ADDRESS);
    await waitFor(() => f.smtp.emailsTo(email).length === MAGIC_LINK_EMAILS_PER_ADDRESS);
    // The last link issued was not replaced by the requests past the cap: it still signs in.
    const [last] = await f.db
      .select({ tokenHash: magicLinkTokens.tokenHash })
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.email, email))
      .orderBy(desc(magicLinkTokens.id))
      .limit(1);
    const tokens = f.smtp.emailsTo(email).map((mail) => verifyTokenFrom(mail, f.server.config.PUBLIC_URL));
    const lastToken = tokens.find((token) => hashToken(token) === last?.tokenHash);
    if (!lastToken) throw new Error("the last link issued was not emailed");
    await expect(verifyToken(f, lastToken)).resolves.toContain("=");
  });

  it("30 Get Started requests for one address store 30 leads and notify sales 30 times, but confirm at most the cap", async () => {
    const email = "lead-victim@example.com";
    for (let n = 1; n <= FLOOD; n++) {
      const response = await f.server.request("POST", "/api/send-get-started-email", {
        json: leadBody({ email, firstName: `Visitor${n}` }),
        headers: client(n),
      });
      expect(response.status, `lead ${n}`).toBe(201);
    }
    const [stored] = await f.db.select({ n: count() }).from(leads).where(eq(leads.email, email));
    expect(stored?.n).toBe(FLOOD);
    const notices = await queued("lead", SALES);
    expect(notices).toHaveLength(FLOOD);
    expect(await queued("lead_confirmation", email)).toHaveLength(LEAD_CONFIRMATIONS_PER_RECIPIENT);
    // Another visitor's confirmation is unaffected by the flooded address.
    const other = await f.server.request("POST", "/api/send-get-started-email", {
      json: leadBody({ email: "someone-else@example.com" }),
      headers: client(FLOOD + 1),
    });
    expect(other.status).toBe(201);
    expect(await queued("lead_confirmation", "someone-else@example.com")).toHaveLength(1);
  });

  it("30 store-demo registrations for one address are all stored and notified, but confirm at most the cap", async () => {
    const email = "flood.victim@schnucks.com";
    for (let n = 1; n <= FLOOD; n++) {
      const response = await f.server.request("POST", "/api/send-schnucks-demo-email", {
        json: demoRegistrationBody({ email, timestamp: new Date().toISOString() }),
        headers: client(n),
      });
      expect(response.status, `registration ${n}`).toBe(200);
    }
    const [stored] = await f.db
      .select({ n: count() })
      .from(demoRegistrations)
      .where(eq(demoRegistrations.email, email));
    expect(stored?.n).toBe(FLOOD);
    expect(await queued("demo_registration", DEMO_DESK)).toHaveLength(FLOOD);
    expect(await queued("demo_registration_confirmation", email)).toHaveLength(
      REGISTRATION_CONFIRMATIONS_PER_RECIPIENT,
    );
  });

  it("a per-IP limit also counts the IPv6 /48 across different /64s", async () => {
    const attempt = (ip: string) =>
      f.server.request("POST", "/api/gates/events", {
        json: { password: "wrong" },
        headers: { "x-forwarded-for": ip },
      });
    const siteMax = GATE_RATE_PER_IP * IPV6_SITE_RATE_MULTIPLIER;
    // Each request from a new /64 of one /48: no /64 comes near its own limit.
    for (let subnet = 1; subnet <= siteMax; subnet++) {
      const response = await attempt(`2001:db8:48:${subnet.toString(16)}::1`);
      expect(response.status, `request from /64 number ${subnet}`).toBe(401);
    }
    const limited = await attempt("2001:db8:48:ffff::1");
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another /48 has its own count.
    expect((await attempt("2001:db8:49:1::1")).status).toBe(401);
  });
});
