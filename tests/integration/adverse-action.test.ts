import { and, eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_CONFIG } from "../../src/common/site-config";
import { businessDaysBetween } from "../../src/server/background-checks/business-days";
import { DISCLOSURE_VERSION } from "../../src/server/background-checks/disclosure";
import { finalizeDueAdverseActions } from "../../src/server/background-checks/service";
import { backgroundCheckAudit, backgroundChecks, emailOutbox, users } from "../../src/server/db/schema";
import { type Actor, createTwoTenants } from "../support/actors";
import { type ReceivedEmail, startSmtpSink } from "../support/smtp-sink";
import { pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";
import { startTestServer, TEST_PUBLIC_URL, waitFor } from "./support/test-app";

/**
 * Signed consent before the first upload and the two-step adverse action (ADR 0083, ADR 0084):
 * no submission without a signature; one PDF receipt, downloaded by her and a reviewer and
 * emailed once; "Rejected" sends the pre-adverse notice and waits; a dispute holds the check for
 * a reviewer; the final notice goes out exactly once, even across a failed attempt and a restart.
 */
describe.each(testBackends())("signed consent and adverse action on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let admin: Actor;
  let companyAdminA: Actor;
  let userA: Actor;
  const DAY = 24 * 60 * 60 * 1000;

  const review = (cookie: string, id: number, body: object) =>
    f.server.request("PATCH", `/api/background-checks/${id}`, { cookie, json: body });
  const submit = async (actor: Actor, language?: "en" | "es") => {
    const created = await submitCheck(
      f,
      actor.cookie,
      { fullName: actor.fullName, email: actor.email, language },
      [{ name: "id.pdf", data: pdfBytes() }],
    );
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const outboxOf = async (kind: string, to: string) =>
    f.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)));
  const checkRow = async (id: number) =>
    (await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.id, id)))[0];
  const events = async (id: number) =>
    (
      await f.db
        .select({ event: backgroundCheckAudit.event })
        .from(backgroundCheckAudit)
        .where(eq(backgroundCheckAudit.backgroundCheckId, id))
        .orderBy(backgroundCheckAudit.id)
    )
      .map((row) => row.event)
      .filter(Boolean);
  const dispute = (
    cookie: string,
    id: number,
    statement: string,
    files: Array<{ name: string; data: Uint8Array }>,
  ) => {
    const form = new FormData();
    form.append("statement", statement);
    for (const file of files)
      form.append("files", new Blob([new Uint8Array(file.data)], { type: "application/pdf" }), file.name);
    return fetch(`${f.server.baseUrl}/api/background-checks/${id}/dispute`, {
      method: "POST",
      headers: { cookie },
      body: form,
    });
  };

  /** The latest email to `to` with `subject` once it arrived at `sink` (other emails to her may come between). */
  const mailWithSubject = async (to: string, subject: string, sink = f.smtp) => {
    await waitFor(() => sink.emailsTo(to).some((mail) => mail.subject === subject));
    return sink
      .emailsTo(to)
      .filter((mail) => mail.subject === subject)
      .at(-1) as ReceivedEmail;
  };

  beforeAll(async () => {
    ({ admin, companyAdminA, userA } = await createTwoTenants(f.db, {
      userA: "Ana Ruiz",
      companyAdminA: "Carla Admin",
    }));
    await f.db.update(users).set({ language: "es" }).where(eq(users.id, userA.id));
  });

  it("refuses a submission without a valid signature for the current disclosure", async () => {
    const file = [{ name: "id.pdf", data: pdfBytes() }];
    const fields = { fullName: "Ana Ruiz", email: userA.email };
    const unsigned = await submitCheck(f, userA.cookie, { ...fields, signatureName: null }, file);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe("AUTHORIZATION_REQUIRED");
    const otherName = await submitCheck(f, userA.cookie, { ...fields, signatureName: "Someone Else" }, file);
    expect(otherName.body.code).toBe("AUTHORIZATION_REQUIRED");
    const stale = await submitCheck(f, userA.cookie, { ...fields, disclosureVersion: "2020-01-01" }, file);
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe("DISCLOSURE_OUTDATED");
    const mine = await f.server.request("GET", "/api/background-checks/my", { cookie: userA.cookie });
    expect(mine.body).toHaveLength(0);
  });

  it("shows the disclosure in her language, and the signed receipt is one PDF for her, a reviewer and her inbox", async () => {
    const disclosure = await f.server.request("GET", "/api/background-checks/disclosure", {
      cookie: userA.cookie,
    });
    expect(disclosure.status).toBe(200);
    expect(disclosure.body).toMatchObject({ version: DISCLOSURE_VERSION, language: "es" });
    expect(disclosure.body.text).toContain("Autorización");
    const english = await f.server.request("GET", "/api/background-checks/disclosure", {
      cookie: `${userA.cookie}; lang=en`,
    });
    expect(english.body.text).toContain("Authorization");

    const id = await submit(userA);
    const url = `${f.server.baseUrl}/api/background-checks/${id}/authorization.pdf`;
    const hers = await fetch(url, { headers: { cookie: userA.cookie } });
    expect(hers.status).toBe(200);
    expect(hers.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await hers.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const reviewers = await fetch(url, { headers: { cookie: companyAdminA.cookie } });
    expect(Buffer.from(await reviewers.arrayBuffer()).equals(bytes)).toBe(true);
    // Another tenant's admin may not see the check, nor its receipt.
    const detail = await f.server.request("GET", `/api/background-checks/${id}`, { cookie: admin.cookie });
    expect(detail.body.authorization).toMatchObject({ signatureName: "Ana Ruiz", language: "es" });
    expect(detail.body.audit.map((entry: { event: string | null }) => entry.event)).toContain(
      "authorization_signed",
    );

    const mail = await mailWithSubject(
      userA.email,
      "Su autorización firmada para la verificación de antecedentes",
    );
    const parsed = await simpleParser(mail.raw);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.contentType).toBe("application/pdf");
    expect(Buffer.from(parsed.attachments[0]?.content ?? []).equals(bytes)).toBe(true);
    await waitFor(async () =>
      (await outboxOf("check_authorization_receipt", userA.email)).every((row) => row.status === "sent"),
    );
    await f.server.app.ctx.outbox.idle();
    expect(f.smtp.emailsTo(userA.email).filter((m) => m.subject === mail.subject)).toHaveLength(1);
  });

  it("sends the pre-adverse notice once, waits, and makes the rejection final once when the period ends", async () => {
    const id = await submit(userA);
    const started = await review(companyAdminA.cookie, id, {
      status: "rejected",
      notes: "Documento ilegible",
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: "pre_adverse_action", businessDaysLeft: 5 });
    const notice = await mailWithSubject(
      userA.email,
      "Aviso previo a una acción adversa sobre su verificación de antecedentes en AisleIQ",
    );
    expect(notice.text).toContain("Documento ilegible");
    expect(notice.text).toContain(SITE_CONFIG.fcraRightsSummaryUrl);
    expect(notice.text).toContain(`${TEST_PUBLIC_URL}/dashboard`);
    const row = await checkRow(id);
    const finalAt = row?.finalAt as Date;
    expect(businessDaysBetween(row?.preAdverseAt as Date, finalAt)).toBe(5);

    // Not final before its time, and a reviewer cannot cut her time short.
    expect(
      await finalizeDueAdverseActions(f.db, {
        publicUrl: TEST_PUBLIC_URL,
        now: new Date(finalAt.getTime() - 1000),
      }),
    ).not.toContain(id);
    const early = await review(admin.cookie, id, { status: "rejected" });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("ADVERSE_ACTION_STAGE");
    expect((await checkRow(id))?.status).toBe("pre_adverse_action");

    // Two sweeps at once (two processes) after the end: one final notice.
    const after = new Date(finalAt.getTime() + 1000);
    const [a, b] = await Promise.all([
      finalizeDueAdverseActions(f.db, { publicUrl: TEST_PUBLIC_URL, now: after }),
      finalizeDueAdverseActions(f.db, { publicUrl: TEST_PUBLIC_URL, now: after }),
    ]);
    expect([...a, ...b].filter((x) => x === id)).toHaveLength(1);
    const final = await checkRow(id);
    expect(final).toMatchObject({ status: "rejected", passedCheck: false });
    // Retention counts from the final rejection.
    expect(final?.reviewedAt?.getTime()).toBe(after.getTime());
    const finalMail = await mailWithSubject(
      userA.email,
      "Aviso final: su verificación de antecedentes en AisleIQ no fue aprobada",
    );
    expect(finalMail.text).toContain(SITE_CONFIG.fcraRightsSummaryUrl);
    expect(
      await finalizeDueAdverseActions(f.db, {
        publicUrl: TEST_PUBLIC_URL,
        now: new Date(after.getTime() + DAY),
      }),
    ).not.toContain(id);
    expect(await outboxOf("check_pre_adverse_notice", userA.email)).toHaveLength(1);
    expect((await outboxOf("check_final_notice", userA.email)).length).toBe(1);
    expect(await events(id)).toEqual([
      "authorization_signed",
      "pre_adverse_notice_sent",
      "final_notice_sent",
    ]);
  });

  it("a dispute reaches the reviewer and holds the check until a reviewer confirms it", async () => {
    const id = await submit(userA);
    expect(
      (await review(companyAdminA.cookie, id, { status: "rejected", notes: "Fecha vencida" })).status,
    ).toBe(200);
    const answered = await dispute(userA.cookie, id, "El documento fue renovado; adjunto el nuevo.", [
      { name: "renewed.pdf", data: pdfBytes() },
    ]);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ status: "pre_adverse_action", fileCount: 2 });
    const toReviewer = await mailWithSubject(companyAdminA.email, "Ana Ruiz disputed a pending rejection");
    expect(toReviewer.text).toContain(`${TEST_PUBLIC_URL}/admin/dashboard`);
    // A second answer, or one from someone else, is refused.
    expect((await dispute(userA.cookie, id, "Otra vez", [])).status).toBe(409);
    expect((await dispute(companyAdminA.cookie, id, "Not mine", [])).status).toBe(404);

    const finalAt = (await checkRow(id))?.finalAt as Date;
    await finalizeDueAdverseActions(f.db, {
      publicUrl: TEST_PUBLIC_URL,
      now: new Date(finalAt.getTime() + 10 * DAY),
    });
    expect((await checkRow(id))?.status).toBe("pre_adverse_action");
    const detail = await f.server.request("GET", `/api/background-checks/${id}`, {
      cookie: companyAdminA.cookie,
    });
    expect(detail.body.disputeStatement).toBe("El documento fue renovado; adjunto el nuevo.");
    expect(detail.body.files.map((file: { purpose: string }) => file.purpose)).toEqual([
      "submission",
      "dispute",
    ]);

    const confirmed = await review(companyAdminA.cookie, id, { status: "rejected" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("rejected");
    expect(await outboxOf("check_final_notice", userA.email)).toHaveLength(2);
    expect(await events(id)).toEqual([
      "authorization_signed",
      "pre_adverse_notice_sent",
      "dispute_filed",
      "adverse_action_confirmed",
      "final_notice_sent",
    ]);
  });

  it("a reviewer withdraws a pending rejection: back to review, no final notice", async () => {
    const id = await submit(userA);
    expect((await review(companyAdminA.cookie, id, { status: "rejected" })).status).toBe(200);
    const finalsBefore = (await outboxOf("check_final_notice", userA.email)).length;
    const withdrawn = await review(companyAdminA.cookie, id, { status: "in_review" });
    expect(withdrawn.body).toMatchObject({ status: "in_review", finalAt: null, businessDaysLeft: null });
    await finalizeDueAdverseActions(f.db, {
      publicUrl: TEST_PUBLIC_URL,
      now: new Date(Date.now() + 30 * DAY),
    });
    expect((await checkRow(id))?.status).toBe("in_review");
    expect((await outboxOf("check_final_notice", userA.email)).length).toBe(finalsBefore);
    expect(await events(id)).toContain("adverse_action_withdrawn");
  });

  describe("a crash between the end of the period and the sending", () => {
    let sink: Awaited<ReturnType<typeof startSmtpSink>>;
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(async () => {
      await sink.close();
      await f.db.execute(sql.raw("drop trigger if exists final_fault on email_outbox"));
      await f.db.execute(sql.raw("drop function if exists final_fault_check()"));
    });

    it("sends nothing while the database fails, then exactly one final notice after a restart", async () => {
      const id = await submit(userA);
      expect((await review(companyAdminA.cookie, id, { status: "rejected" })).status).toBe(200);
      // The period is over; the database fails the notice's insert like a lost connection.
      await f.db
        .update(backgroundChecks)
        .set({ finalAt: new Date(Date.now() - 1000) })
        .where(eq(backgroundChecks.id, id));
      await f.db.execute(
        sql.raw(`create function final_fault_check() returns trigger language plpgsql as $$
          begin
            if new.kind = 'check_final_notice' then
              raise exception 'could not write to the database' using errcode = '08006';
            end if;
            return new;
          end $$`),
      );
      await f.db.execute(
        sql.raw(
          "create trigger final_fault before insert on email_outbox for each row execute function final_fault_check()",
        ),
      );
      const finalsBefore = (await outboxOf("check_final_notice", userA.email)).length;
      const finalSubject = "Aviso final: su verificación de antecedentes en AisleIQ no fue aprobada";
      const mailedBefore = f.smtp.emailsTo(userA.email).filter((m) => m.subject === finalSubject).length;
      await expect(finalizeDueAdverseActions(f.db, { publicUrl: TEST_PUBLIC_URL })).rejects.toThrow();
      expect((await checkRow(id))?.status).toBe("pre_adverse_action");
      await f.db.execute(sql.raw("drop trigger final_fault on email_outbox"));

      // A fresh process (its start-up sweep) finds the due rejection and sends its notice once.
      const restarted = await startTestServer({ db: f.handle, env: { SMTP_URL: sink.url } });
      try {
        await waitFor(async () => (await checkRow(id))?.status === "rejected");
        expect((await checkRow(id))?.status).toBe("rejected");
        await waitFor(async () =>
          (await outboxOf("check_final_notice", userA.email)).every((row) => row.status === "sent"),
        );
        await restarted.app.ctx.outbox.idle();
        await f.server.app.ctx.outbox.idle();
        // Exactly one final notice row for this check's owner was queued since the failure, and
        // it reached one SMTP server once (whichever process sent it).
        const rows = await outboxOf("check_final_notice", userA.email);
        expect(rows).toHaveLength(finalsBefore + 1);
        const latest = rows.sort((x, y) => x.id - y.id).at(-1);
        const sent = [...sink.emailsTo(userA.email), ...f.smtp.emailsTo(userA.email)].filter((m) =>
          latest ? m.messageId.startsWith(`<${latest.messageId}@`) : false,
        );
        expect(sent).toHaveLength(1);
        expect(sent[0]?.subject).toBe(finalSubject);
        const mailedAfter = [...sink.emailsTo(userA.email), ...f.smtp.emailsTo(userA.email)].filter(
          (m) => m.subject === finalSubject,
        );
        expect(mailedAfter).toHaveLength(mailedBefore + 1);
        expect((await events(id)).filter((event) => event === "final_notice_sent")).toHaveLength(1);
      } finally {
        await restarted.close();
      }
    });
  });
});
