import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { backgroundChecks, emailOutbox, users } from "../../src/server/db/schema";
import { type Actor, createTwoTenants } from "../support/actors";
import { pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";
import { TEST_PUBLIC_URL, waitFor } from "./support/test-app";

/**
 * The applicant hears the decision (docs/product.md#12-account-records): a move to Approved or
 * Rejected, and a move back from one, emails her once, in her language, through the outbox;
 * nothing else does. Exactly one email per change even when the database fails inside the
 * change or the mail server refuses the first try (the outbox tests' standard, ADR 0012).
 */
describe.each(testBackends())("decision emails on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let admin: Actor;
  let companyAdminA: Actor;
  let userA: Actor;

  /** Decision emails queued so far (sent or not), for "nothing else was queued". */
  const queued = async () =>
    (await f.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "check_decision"))).length;
  const review = (cookie: string, id: number, body: object) =>
    f.server.request("PATCH", `/api/background-checks/${id}`, { cookie, json: body });
  const submit = async (actor: Actor) => {
    const created = await submitCheck(f, actor.cookie, { fullName: actor.fullName, email: actor.email }, [
      { name: "id.pdf", data: pdfBytes() },
    ]);
    expect(created.status).toBe(201);
    // The signed authorization's receipt comes first (ADR 0084); the decisions' emails follow.
    const receipt = await f.smtp.nextEmail(actor.email);
    expect(receipt.subject).toMatch(/authorization|autorización/);
    return created.body.id as number;
  };
  /** Waits until the outbox has nothing left to send, then the emails `to` received. */
  const settledEmailsTo = async (to: string) => {
    await waitFor(async () => {
      const [row] = await f.db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, "pending"));
      return Number(row?.n) === 0;
    });
    await f.server.app.ctx.outbox.idle();
    return f.smtp.emailsTo(to);
  };

  beforeAll(async () => {
    ({ admin, companyAdminA, userA } = await createTwoTenants(f.db, {
      userA: "Ana Ruiz",
      companyAdminA: "Carla Admin",
    }));
    await f.db.update(users).set({ language: "es" }).where(eq(users.id, userA.id));
  });

  it("emails the applicant once per decision, in her language, with the notes and a dashboard link", async () => {
    const id = await submit(userA);
    const approved = await review(admin.cookie, id, { status: "approved", notes: "Todo <en> orden & listo" });
    expect(approved.status).toBe(200);
    const mail = await f.smtp.nextEmail(userA.email);
    expect(mail.subject).toBe("Su verificación de antecedentes en AisleIQ fue aprobada");
    expect(mail.text).toContain("Hola, Ana Ruiz:");
    expect(mail.text).toContain("Todo <en> orden & listo");
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/dashboard`);
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain("Todo &lt;en&gt; orden &amp; listo");
    expect(mail.html).not.toContain("<en>");

    // The same status again is no change: no second email.
    expect((await review(admin.cookie, id, { status: "approved", notes: "Otra nota" })).status).toBe(200);
    // Back to review: she is told the decision was withdrawn; In Review → Pending tells nothing.
    expect((await review(admin.cookie, id, { status: "in_review" })).status).toBe(200);
    const reopened = await f.smtp.nextEmail(userA.email);
    expect(reopened.subject).toBe("Su verificación de antecedentes en AisleIQ está otra vez en revisión");
    expect((await review(admin.cookie, id, { status: "pending" })).status).toBe(200);
    expect(await settledEmailsTo(userA.email)).toHaveLength(3);
    expect(await queued()).toBe(2);
  });

  it("emails a company admin about her own check, decided by an admin, in English", async () => {
    const id = await submit(companyAdminA);
    expect((await review(companyAdminA.cookie, id, { status: "approved" })).status).toBe(403);
    expect(
      (await review(admin.cookie, id, { status: "rejected", notes: "The scan is unreadable." })).status,
    ).toBe(200);
    // "Rejected" starts the pre-adverse action: its notice, not a decision (ADR 0083).
    const mail = await f.smtp.nextEmail(companyAdminA.email);
    expect(mail.subject).toBe("Pre-adverse action notice about your AisleIQ background check");
    expect(mail.text).toContain("Hi Carla Admin,");
    expect(mail.text).toContain("The reviewer's reasons:");
    expect(mail.text).toContain("The scan is unreadable.");
    expect(await settledEmailsTo(companyAdminA.email)).toHaveLength(2);
  });

  it("sends exactly one email when the mail server refuses the first try", async () => {
    const id = await submit(userA);
    const before = f.smtp.emailsTo(userA.email).length;
    const refusedBefore = f.smtp.refusedCount;
    f.smtp.refuseNext(1, 451);
    expect((await review(companyAdminA.cookie, id, { status: "rejected" })).status).toBe(200);
    const mail = await f.smtp.nextEmail(userA.email);
    expect(mail.subject).toBe(
      "Aviso previo a una acción adversa sobre su verificación de antecedentes en AisleIQ",
    );
    expect(f.smtp.refusedCount).toBe(refusedBefore + 1);
    expect(await settledEmailsTo(userA.email)).toHaveLength(before + 1);
  });

  it("sends nothing when the database fails inside the change, and exactly one email on the retry", async () => {
    const id = await submit(userA);
    // The outbox insert of a decision email fails like a lost connection while the flag is set:
    // the status change in the same transaction must roll back with it.
    await f.db.execute(sql.raw("create table decision_fault (down boolean not null)"));
    await f.db.execute(sql.raw("insert into decision_fault values (true)"));
    await f.db.execute(
      sql.raw(`create function decision_fault_check() returns trigger language plpgsql as $$
        begin
          if new.kind = 'check_decision' and (select down from decision_fault) then
            raise exception 'could not write to the database' using errcode = '08006';
          end if;
          return new;
        end $$`),
    );
    await f.db.execute(
      sql.raw(
        "create trigger decision_fault before insert on email_outbox for each row execute function decision_fault_check()",
      ),
    );
    try {
      const before = f.smtp.emailsTo(userA.email).length;
      const queuedBefore = await queued();
      const failed = await review(admin.cookie, id, { status: "approved" });
      expect(failed.status).toBe(503);
      const [row] = await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.id, id));
      expect(row?.status).toBe("pending");
      expect(await queued()).toBe(queuedBefore);

      await f.db.execute(sql.raw("update decision_fault set down = false"));
      expect((await review(admin.cookie, id, { status: "approved" })).status).toBe(200);
      const mail = await f.smtp.nextEmail(userA.email);
      expect(mail.subject).toBe("Su verificación de antecedentes en AisleIQ fue aprobada");
      expect(await settledEmailsTo(userA.email)).toHaveLength(before + 1);
      expect(await queued()).toBe(queuedBefore + 1);
    } finally {
      await f.db.execute(sql.raw("drop trigger if exists decision_fault on email_outbox"));
      await f.db.execute(sql.raw("drop function if exists decision_fault_check()"));
      await f.db.execute(sql.raw("drop table if exists decision_fault"));
    }
  });
});
