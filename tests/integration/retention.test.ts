import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkFilePreviewUrl, checkFileUrl } from "../../src/common/api/background-checks";
import { runRetention } from "../../src/server/background-checks/retention";
import { deleteUserWithChecks, finalizeDueAdverseActions } from "../../src/server/background-checks/service";
import { backgroundChecks, fileDeletions, userAudit } from "../../src/server/db/schema";
import type { FileStorage } from "../../src/server/files/storage";
import { type Actor, createActor, createTwoTenants } from "../support/actors";
import { lazyS3Env, type S3TestServer, startS3rver } from "../support/s3rver";
import { PNG_BYTES, pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { type ServerFixture, useTestDatabase, useTestServer } from "./support/fixture";
import { TEST_PUBLIC_URL } from "./support/test-app";

/**
 * Document retention (ADR 0058): the files of a decided check leave storage
 * DOCUMENT_RETENTION_DAYS after the decision, through the storage interface (local disk and S3);
 * the check stays with a "files purged on …" mark. The clock is the test's: the retention step
 * takes `now`, so nothing waits for days (or seconds).
 */

const DAY = 24 * 60 * 60 * 1000;
const RETENTION_DAYS = 90;

/** Storage that counts deletions per key and fails the first `failFirst` tries of each key. */
function watchedStorage(inner: FileStorage, failFirst = 0) {
  const deletes = new Map<string, number>();
  const failures = new Map<string, number>();
  const storage: FileStorage = {
    kind: inner.kind,
    put: (source, extension) => inner.put(source, extension),
    get: (key) => inner.get(key),
    async delete(key) {
      const failed = failures.get(key) ?? 0;
      if (failed < failFirst) {
        failures.set(key, failed + 1);
        throw new Error("storage is unavailable");
      }
      deletes.set(key, (deletes.get(key) ?? 0) + 1);
      await inner.delete(key);
    },
  };
  return { storage, deletes };
}

/** A check of `owner` with two files, decided by `reviewer`; its row as stored. */
async function decidedCheck(f: ServerFixture, owner: Actor, reviewer: Actor, status = "approved") {
  const created = await submitCheck(f, owner.cookie, { fullName: owner.fullName, email: owner.email }, [
    { name: "passport.pdf", data: pdfBytes() },
    { name: "photo.png", data: PNG_BYTES },
  ]);
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const reviewed = await f.server.request("PATCH", `/api/background-checks/${id}`, {
    cookie: reviewer.cookie,
    json: { status },
  });
  expect(reviewed.status).toBe(200);
  if (status === "rejected") {
    // "Rejected" waits out the adverse-action period; retention counts from the final rejection (ADR 0083).
    const [pending] = await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.id, id));
    const end = new Date((pending?.finalAt?.getTime() ?? 0) + 1000);
    expect(await finalizeDueAdverseActions(f.db, { publicUrl: TEST_PUBLIC_URL, now: end })).toContain(id);
  }
  const [row] = await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.id, id));
  if (!row?.reviewedAt) throw new Error("the check was not decided");
  const detail = await f.server.request("GET", `/api/background-checks/${id}`, { cookie: reviewer.cookie });
  return { id, row, reviewedAt: row.reviewedAt, files: detail.body.files as Array<{ id: number }> };
}

const run = (
  f: ServerFixture,
  now: Date,
  storage = f.server.app.ctx.storage,
  retentionDays = RETENTION_DAYS,
) => runRetention(f.db, storage, { retentionDays, now });

describe.each(testBackends())("document retention on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("on local disk", () => {
    const f = useTestServer(database, { env: { DOCUMENT_RETENTION_DAYS: String(RETENTION_DAYS) } });
    let admin: Actor;
    let userA: Actor;
    const stored = async () =>
      readdir(path.join(f.server.config.DATA_DIR, "uploads")).catch(() => [] as string[]);
    const queued = async () => f.db.select().from(fileDeletions);

    beforeAll(async () => {
      ({ admin, userA } = await createTwoTenants(f.db));
    });
    // Each test starts with nothing due and nothing queued, whatever ran before it: an earlier
    // test's decided checks are purged a century ahead.
    beforeEach(async () => {
      await run(f, new Date(Date.now() + 36_500 * DAY));
      expect(await queued()).toEqual([]);
    });

    it("deletes a decided check's files after N days and keeps the check, marked, for owner and reviewer", async () => {
      const pending = await submitCheck(f, userA.cookie, { fullName: "User A", email: userA.email }, [
        { name: "pending.pdf", data: pdfBytes() },
      ]);
      const check = await decidedCheck(f, userA, admin);
      const filesBefore = (await stored()).length;
      const due = new Date(check.reviewedAt.getTime() + RETENTION_DAYS * DAY);

      const list = await f.server.request("GET", "/api/background-checks", { cookie: admin.cookie });
      const listed = list.body.find((row: { id: number }) => row.id === check.id);
      expect(listed).toMatchObject({ filesPurgeDueAt: due.toISOString(), filesPurgedAt: null });
      const undecided = list.body.find((row: { id: number }) => row.id === pending.body.id);
      expect(undecided).toMatchObject({ filesPurgeDueAt: null, filesPurgedAt: null });

      // A second short of the period: nothing happens.
      expect(await run(f, new Date(due.getTime() - 1000))).toEqual({
        purgedChecks: 0,
        deletedFiles: 0,
        failedFiles: 0,
      });
      expect(await stored()).toHaveLength(filesBefore);

      const now = new Date(due.getTime() + 1000);
      expect(await run(f, now)).toEqual({ purgedChecks: 1, deletedFiles: 2, failedFiles: 0 });
      expect(await stored()).toHaveLength(filesBefore - 2);
      expect(await queued()).toEqual([]);

      const [row] = await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.id, check.id));
      expect(row).toMatchObject({
        status: "approved",
        passedCheck: true,
        submittedAt: check.row.submittedAt,
        reviewedAt: check.reviewedAt,
        filesPurgedAt: now,
      });
      for (const cookie of [userA.cookie, admin.cookie]) {
        const detail = await f.server.request("GET", `/api/background-checks/${check.id}`, { cookie });
        expect(detail.body).toMatchObject({
          filesPurgedAt: now.toISOString(),
          filesPurgeDueAt: null,
          fileCount: 2,
        });
        for (const url of [
          checkFileUrl(check.id, check.files[0]?.id ?? 0),
          checkFilePreviewUrl(check.id, check.files[0]?.id ?? 0),
        ]) {
          const gone = await f.server.request("GET", url, { cookie });
          expect(gone.status).toBe(410);
          expect(gone.body).toMatchObject({
            code: "GONE",
            error: expect.stringMatching(
              /^The files of this background check were deleted on \d{4}-\d{2}-\d{2}, after the retention period\.$/,
            ),
          });
        }
      }
      const mine = await f.server.request("GET", "/api/background-checks/my", { cookie: userA.cookie });
      expect(mine.body.find((c: { id: number }) => c.id === check.id)).toMatchObject({
        filesPurgedAt: now.toISOString(),
      });
      const entries = await f.db
        .select()
        .from(userAudit)
        .where(and(eq(userAudit.action, "files_purged"), eq(userAudit.targetUserId, userA.id)));
      expect(entries).toEqual([
        expect.objectContaining({ actorId: null, detail: "2", targetEmail: userA.email }),
      ]);

      // Nothing is purged twice, and an undecided check is never purged however old.
      expect(await run(f, new Date(now.getTime() + 400 * DAY))).toEqual({
        purgedChecks: 0,
        deletedFiles: 0,
        failedFiles: 0,
      });
    });

    it("deletes the files in the same pass that purges their check, at that pass's clock", async () => {
      const check = await decidedCheck(f, userA, admin);
      const filesBefore = (await stored()).length;
      // A clock the database's own does not reach: the pass's queue entries must be due at this
      // clock, not at the database's time of the insert.
      const reviewedAt = new Date("2020-03-01T09:00:00.000Z");
      await f.db.update(backgroundChecks).set({ reviewedAt }).where(eq(backgroundChecks.id, check.id));
      const now = new Date(reviewedAt.getTime() + RETENTION_DAYS * DAY);
      expect(await run(f, now)).toEqual({ purgedChecks: 1, deletedFiles: 2, failedFiles: 0 });
      expect(await stored()).toHaveLength(filesBefore - 2);
      expect(await queued()).toEqual([]);
    });

    it("purges nothing with DOCUMENT_RETENTION_DAYS=0", async () => {
      const check = await decidedCheck(f, userA, admin, "rejected");
      const result = await run(f, new Date(check.reviewedAt.getTime() + 10_000 * DAY), undefined, 0);
      expect(result.purgedChecks).toBe(0);
      const [row] = await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.id, check.id));
      expect(row?.filesPurgedAt).toBeNull();
    });

    it("keeps a failed deletion queued and retries it until storage confirms", async () => {
      const check = await decidedCheck(f, userA, admin);
      const filesBefore = (await stored()).length;
      const { storage, deletes } = watchedStorage(f.server.app.ctx.storage, 1);
      const now = new Date(check.reviewedAt.getTime() + (RETENTION_DAYS + 1) * DAY);
      expect(await run(f, now, storage)).toEqual({ purgedChecks: 1, deletedFiles: 0, failedFiles: 2 });
      // The check is marked at once; its files wait in the queue, with the error, still on disk.
      const [row] = await f.db.select().from(backgroundChecks).where(eq(backgroundChecks.id, check.id));
      expect(row?.filesPurgedAt).toEqual(now);
      const waiting = await queued();
      expect(waiting).toHaveLength(2);
      for (const entry of waiting) {
        expect(entry).toMatchObject({ attempts: 1, lastError: "storage is unavailable", lockedUntil: null });
        expect(entry.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
      }
      expect(await stored()).toHaveLength(filesBefore);
      // Not due yet at the same instant; due a minute later, and then deleted once each.
      expect((await run(f, now, storage)).deletedFiles).toBe(0);
      const later = new Date(now.getTime() + 61_000);
      expect(await run(f, later, storage)).toEqual({ purgedChecks: 0, deletedFiles: 2, failedFiles: 0 });
      expect(await queued()).toEqual([]);
      expect(await stored()).toHaveLength(filesBefore - 2);
      expect([...deletes.values()]).toEqual([1, 1]);
    });

    it("purges each check and deletes each file once when two processes run at the same time", async () => {
      const checks = [
        await decidedCheck(f, userA, admin),
        await decidedCheck(f, userA, admin, "rejected"),
        await decidedCheck(f, userA, admin),
      ];
      const latest = Math.max(...checks.map((check) => check.reviewedAt.getTime()));
      const now = new Date(latest + (RETENTION_DAYS + 1) * DAY);
      const { storage, deletes } = watchedStorage(f.server.app.ctx.storage);
      const purgedBefore = (await f.db.select().from(userAudit).where(eq(userAudit.action, "files_purged")))
        .length;
      const [first, second] = await Promise.all([run(f, now, storage), run(f, now, storage)]);
      expect((first?.purgedChecks ?? 0) + (second?.purgedChecks ?? 0)).toBe(3);
      expect((first?.deletedFiles ?? 0) + (second?.deletedFiles ?? 0)).toBe(6);
      expect(deletes.size).toBe(6);
      expect([...deletes.values()].every((count) => count === 1)).toBe(true);
      const purged = await f.db.select().from(userAudit).where(eq(userAudit.action, "files_purged"));
      expect(purged.length - purgedBefore).toBe(3);
    });

    it("queues the files of a deleted user whose storage fails, and deletes them on the next run", async () => {
      const leaving = await createActor(f.db, { email: "leaving@example.com" });
      const created = await submitCheck(f, leaving.cookie, { fullName: "Leaving", email: leaving.email }, [
        { name: "id.pdf", data: pdfBytes() },
      ]);
      expect(created.status).toBe(201);
      const filesBefore = (await stored()).length;
      const { storage } = watchedStorage(f.server.app.ctx.storage, 1);
      expect(await deleteUserWithChecks(f.db, storage, leaving.id)).toBe(true);
      expect(await stored()).toHaveLength(filesBefore);
      // Its file and its signed authorization receipt (ADR 0084).
      expect(await queued()).toHaveLength(2);
      expect((await run(f, new Date(Date.now() + 61_000), storage)).deletedFiles).toBe(2);
      expect(await stored()).toHaveLength(filesBefore - 2);
    });
  });

  describe("on S3-compatible storage (s3rver)", () => {
    let s3: S3TestServer | undefined;
    beforeAll(async () => {
      s3 = await startS3rver();
    });
    afterAll(async () => {
      await s3?.close();
    });
    const f = useTestServer(database, { env: lazyS3Env(() => s3) });
    const bucket = () => {
      if (!s3) throw new Error("s3rver is not running");
      return s3;
    };

    it("deletes the objects of a check whose retention ran out, retrying a DELETE the store refused", async () => {
      const { admin, userA } = await createTwoTenants(f.db);
      const kept = await submitCheck(f, userA.cookie, { fullName: "User A", email: userA.email }, [
        { name: "kept.pdf", data: pdfBytes() },
      ]);
      expect(kept.status).toBe(201);
      const check = await decidedCheck(f, userA, admin);
      // Three uploads and the two checks' signed receipts, which the purge keeps (ADR 0084).
      expect(await bucket().listKeys()).toHaveLength(5);
      const now = new Date(check.reviewedAt.getTime() + (RETENTION_DAYS + 1) * DAY);

      // The object store fails every DELETE: the check is marked, its objects stay queued.
      bucket().faults.fail.add("DELETE");
      try {
        expect(await run(f, now)).toEqual({ purgedChecks: 1, deletedFiles: 0, failedFiles: 2 });
      } finally {
        bucket().faults.fail.clear();
      }
      expect(await bucket().listKeys()).toHaveLength(5);
      expect(await f.db.select().from(fileDeletions)).toHaveLength(2);

      expect(await run(f, new Date(now.getTime() + 61_000))).toEqual({
        purgedChecks: 0,
        deletedFiles: 2,
        failedFiles: 0,
      });
      expect(await bucket().listKeys()).toHaveLength(3);
      expect(await f.db.select().from(fileDeletions)).toEqual([]);
      const detail = await f.server.request("GET", `/api/background-checks/${kept.body.id}`, {
        cookie: userA.cookie,
      });
      const file = await f.server.request("GET", checkFileUrl(kept.body.id, detail.body.files[0].id), {
        cookie: userA.cookie,
      });
      expect(file.status).toBe(200);
    });
  });
});
