import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../src/server/db/schema";
import { createUser } from "../support/actors";
import { startSmtpSink, verifyTokenFrom } from "../support/smtp-sink";
import { testBackends } from "./support/database";
import { resetDatabase, useTestDatabase, useTestServer } from "./support/fixture";
import { startTestServer, TEST_PUBLIC_URL, waitFor } from "./support/test-app";

/**
 * The email outbox over real SMTP (docs/architecture.md#data-and-reliability-rules): SMTP being
 * down delays mail, never loses it, and each message is delivered once.
 */
describe.each(testBackends())("email outbox on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("with a refusing SMTP server", () => {
    const f = useTestServer(database);

    const outboxRowsTo = (to: string) => f.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

    it("retries a refused message with backoff until it is delivered exactly once", async () => {
      await createUser(f.db, { email: "retry@example.com" });
      f.smtp.refuseNext(2);
      const started = Date.now();
      const response = await f.server.request("POST", "/api/auth/send-magic-link", {
        json: { email: "retry@example.com" },
      });
      // The request does not wait for SMTP.
      expect(response.status).toBe(200);

      const mail = await f.smtp.nextEmail("retry@example.com");
      // Two refusals, then waits of 50 and 100 ms (OUTBOX_RETRY_BASE_MS=50, doubling).
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(f.smtp.refusedCount).toBe(2);
      expect(verifyTokenFrom(mail, TEST_PUBLIC_URL)).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const [row] = await waitFor(async () => {
        const rows = await outboxRowsTo("retry@example.com");
        return rows[0]?.status === "sent" && rows;
      });
      expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null, lockedUntil: null });
      expect(row?.sentAt).toBeInstanceOf(Date);
      await f.server.app.ctx.outbox.idle();
      expect(f.smtp.emailsTo("retry@example.com")).toHaveLength(1);
    });

    it("loses none of several messages queued while SMTP refuses them", async () => {
      const emails = ["one@example.com", "two@example.com", "three@example.com"];
      for (const email of emails) await createUser(f.db, { email });
      const refusedBefore = f.smtp.refusedCount;
      f.smtp.refuseNext(4);
      const responses = await Promise.all(
        emails.map((email) => f.server.request("POST", "/api/auth/send-magic-link", { json: { email } })),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);

      for (const email of emails) await f.smtp.nextEmail(email);
      const rows = await waitFor(async () => {
        const all = await Promise.all(emails.map((email) => outboxRowsTo(email)));
        const flat = all.flat();
        return flat.length === 3 && flat.every((row) => row.status === "sent") && flat;
      });
      expect(f.smtp.refusedCount - refusedBefore).toBe(4);
      expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(3 + 4);
      await f.server.app.ctx.outbox.idle();
      for (const email of emails) expect(f.smtp.emailsTo(email)).toHaveLength(1);
    });
  });

  describe("with the SMTP server down", () => {
    it("keeps the message and delivers it once the server is back", async () => {
      await resetDatabase(database.db);
      // Find a free port, then leave it closed: connections are refused.
      const probe = await startSmtpSink();
      const port = probe.port;
      await probe.close();
      const server = await startTestServer({
        db: database.handle,
        env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      });
      let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
      try {
        await createUser(database.db, { email: "later@example.com" });
        const response = await server.request("POST", "/api/auth/send-magic-link", {
          json: { email: "later@example.com" },
        });
        expect(response.status).toBe(200);
        const [failing] = await waitFor(async () => {
          const rows = await database.db.select().from(emailOutbox);
          // Two attempts made and the second one over (no longer leased).
          return (rows[0]?.attempts ?? 0) >= 2 && rows[0]?.lockedUntil === null && rows;
        });
        expect(failing).toMatchObject({ status: "pending" });
        expect(failing?.lastError).toMatch(/ECONNREFUSED|connect/i);

        sink = await startSmtpSink(port);
        const mail = await sink.nextEmail("later@example.com");
        expect(verifyTokenFrom(mail, TEST_PUBLIC_URL)).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const [sent] = await waitFor(async () => {
          const rows = await database.db.select().from(emailOutbox);
          return rows[0]?.status === "sent" && rows;
        });
        expect(sent?.attempts).toBeGreaterThan(2);
        await server.app.ctx.outbox.idle();
        expect(sink.received).toHaveLength(1);
      } finally {
        await server.close();
        await sink?.close();
      }
    });
  });
});
