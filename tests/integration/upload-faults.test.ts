// Hostile and broken background-check uploads (ADR 0014): every one is
// answered (or its connection closed) within 5 s, never leaves a stored file without a row, and
// an oversize part is refused before the rest of the body is read. Over real sockets, since
// aborts and truncation are the point.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import fastifyMultipart from "@fastify/multipart";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FILE_DELETION_MAX_DELAY_MS, MAX_FILE_BYTES } from "../../src/common/limits";
import { deleteQueuedFiles, discardFiles } from "../../src/server/background-checks/file-deletions";
import { receiveSubmission } from "../../src/server/background-checks/upload";
import { backgroundChecks, fileDeletions } from "../../src/server/db/schema";
import { createLocalStorage, type FileStorage } from "../../src/server/files/storage";
import { installErrorHandler } from "../../src/server/http/errors";
import { type Actor, createActor } from "../support/actors";
import { lazyS3Env, type S3TestServer, startS3rver } from "../support/s3rver";
import { pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { type ServerFixture, useTestDatabase, useTestServer } from "./support/fixture";
import { waitFor } from "./support/test-app";

const BOUNDARY = "----aisleiqFaultBoundary7MA4YWxk";
const PERSON = { fullName: "Fay Fault", email: "fay@example.com" };
/** Every failure must be answered or closed within this. */
const ANSWER_WITHIN_MS = 5000;

/** The multipart bytes of the text fields. */
function fieldsPart(fields: Record<string, string> = PERSON): Buffer {
  return Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join(""),
  );
}

/** The headers of one file part; its bytes follow, then `\r\n`. */
function fileHead(name: string, type = "application/pdf"): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
}

const CLOSE = Buffer.from(`--${BOUNDARY}--\r\n`);

/** A whole file part. */
function filePart(name: string, data: Uint8Array): Buffer {
  return Buffer.concat([fileHead(name), data, Buffer.from("\r\n")]);
}

/** What a raw client saw. */
interface RawOutcome {
  status: number | undefined;
  headers: string;
  body: string;
  /** Milliseconds from connecting to the first response byte, or to the close without one. */
  elapsedMs: number;
}

/**
 * One raw HTTP/1.1 request on its own socket: `send` writes the body (as it likes: whole,
 * truncated, slowly); `response` resolves when the server has answered and closed, or closed.
 */
function rawRequest(
  baseUrl: string,
  head: Record<string, string>,
): { socket: Socket; firstByte: Promise<void>; response: Promise<RawOutcome> } {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  const started = Date.now();
  const chunks: Buffer[] = [];
  let firstByteAt: number | undefined;
  let onFirstByte: () => void = () => {};
  const firstByte = new Promise<void>((resolve) => {
    onFirstByte = resolve;
  });
  socket.on("data", (chunk: Buffer) => {
    firstByteAt ??= Date.now();
    onFirstByte();
    chunks.push(chunk);
  });
  const response = new Promise<RawOutcome>((resolve) => {
    socket.on("error", () => {});
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [headers = "", body = ""] = text.split("\r\n\r\n", 2);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        headers: headers.toLowerCase(),
        body: decodeChunked(body, headers),
        elapsedMs: (firstByteAt ?? Date.now()) - started,
      });
    });
  });
  const lines = [`POST /api/background-checks HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(head)) lines.push(`${name}: ${value}`);
  socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  return { socket, firstByte, response };
}

function decodeChunked(body: string, headers: string): string {
  if (!/transfer-encoding: chunked/i.test(headers)) return body;
  let out = "";
  let rest = body;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
}

/** Sends a complete request with a known length and waits for the answer and the close. */
async function sendWhole(
  baseUrl: string,
  cookie: string,
  body: Buffer,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  halfClose = false,
): Promise<RawOutcome> {
  const request = rawRequest(baseUrl, {
    Cookie: cookie,
    "Content-Type": contentType,
    "Content-Length": String(body.length),
    Connection: "close",
  });
  if (halfClose) request.socket.end(body);
  else request.socket.write(body);
  return within(request.response);
}

/** `promise`, or a rejection once {@link ANSWER_WITHIN_MS} has passed. */
async function within<T>(promise: Promise<T>, ms = ANSWER_WITHIN_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer and no close within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const json = (outcome: RawOutcome) => JSON.parse(outcome.body) as { error: string; code: string };

/** An S3 request silent this long fails (S3_TIMEOUT_MS): short, so a hanging bucket costs little. */
const S3_TIMEOUT_MS = 2000;
const storageCases = [
  { storage: "local disk", env: () => ({}) },
  // s3rver (signature checking on) through the AWS SDK, as in production (ADR 0050).
  { storage: "S3", env: () => lazyS3Env(() => s3, { S3_TIMEOUT_MS: String(S3_TIMEOUT_MS) }) },
];
let s3: S3TestServer | undefined;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.close();
});

describe.each(testBackends())("hostile uploads on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe.each(storageCases)("with files on $storage", (storageCase) => {
    const f: ServerFixture = useTestServer(database, { env: storageCase.env() });
    let user: Actor;
    const local = (dir: string) =>
      readdir(path.join(f.server.config.DATA_DIR, dir)).catch(() => [] as string[]);
    /** Every stored upload: files under DATA_DIR/uploads and the spool, objects in the bucket. */
    const leftovers = async () => [
      ...(await local("uploads")),
      ...(await local("upload-spool")),
      ...(storageCase.storage === "S3" ? ((await s3?.listKeys()) ?? []) : []),
    ];
    const checkCount = async () => (await f.db.select().from(backgroundChecks)).length;
    /** Nothing stored, no row: what every failure must leave (a stored file always has a row). */
    const expectNothingKept = async () => {
      expect(await checkCount()).toBe(0);
      await waitFor(async () => (await leftovers()).length === 0, { timeoutMs: ANSWER_WITHIN_MS }).catch(
        () => {},
      );
      expect(await leftovers()).toEqual([]);
    };

    beforeAll(async () => {
      user = await createActor(f.db, { email: PERSON.email, role: "user", fullName: PERSON.fullName });
    });

    it("refuses an empty file part with 400 EMPTY_FILE within 5 s and keeps the file before it", async () => {
      const started = Date.now();
      const response = await within(
        submitCheck(f, user.cookie, PERSON, [
          { name: "good.pdf", data: pdfBytes(), type: "application/pdf" },
          { name: "empty.pdf", data: new Uint8Array(0), type: "application/pdf" },
        ]),
      );
      expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: "empty.pdf is empty", code: "EMPTY_FILE" });
      expect(await leftovers()).toEqual([]);
      expect(await checkCount()).toBe(0);
    });

    it.each(["end", "destroy"] as const)(
      "a body cut (%s) while the second file is being sniffed is settled: no file, no row",
      async (how) => {
        const first = filePart("first.pdf", pdfBytes(200_000));
        const body = Buffer.concat([fieldsPart(), first, fileHead("cut.pdf"), pdfBytes(200_000)]);
        const request = rawRequest(f.server.baseUrl, {
          Cookie: user.cookie,
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length": String(body.length + 100_000),
        });
        // Everything up to 10 KB into the second file: the first is stored by then.
        const cut = fieldsPart().length + first.length + fileHead("cut.pdf").length + 10_000;
        request.socket.write(body.subarray(0, cut));
        await waitFor(async () => (await leftovers()).length >= 1, { timeoutMs: ANSWER_WITHIN_MS });
        if (how === "end") {
          request.socket.end();
          const outcome = await within(request.response);
          if (outcome.status !== undefined) expect(outcome.status).toBeGreaterThanOrEqual(400);
          if (outcome.status !== undefined) expect(outcome.status).toBeLessThan(500);
        } else {
          request.socket.destroy();
        }
        await expectNothingKept();
      },
    );

    it("refuses an oversize part with 413 as soon as the limit is crossed, then closes", async () => {
      const total = 100 * 1024 * 1024;
      const request = rawRequest(f.server.baseUrl, {
        Cookie: user.cookie,
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Transfer-Encoding": "chunked",
      });
      const writeChunk = (data: Buffer) => {
        request.socket.write(`${data.length.toString(16)}\r\n`);
        request.socket.write(data);
        return request.socket.write("\r\n");
      };
      let sent = 0;
      let answeredAfter: number | undefined;
      void request.firstByte.then(() => {
        answeredAfter = sent;
      });
      writeChunk(Buffer.concat([fieldsPart(), fileHead("huge.pdf"), pdfBytes()]));
      const block = Buffer.alloc(64 * 1024, 0x20);
      while (sent < total && answeredAfter === undefined && !request.socket.destroyed) {
        if (!writeChunk(block)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              request.socket.off("drain", done);
              request.socket.off("close", done);
              resolve();
            };
            request.socket.on("drain", done);
            request.socket.on("close", done);
          });
        }
        sent += block.length;
      }
      const outcome = await within(request.response);
      expect(outcome.status).toBe(413);
      expect(json(outcome)).toEqual({
        error: "huge.pdf exceeds the 10MB size limit",
        code: "FILE_TOO_LARGE",
        file: "huge.pdf",
      });
      expect(outcome.headers).toContain("connection: close");
      // Answered after about 10 MB (plus what socket buffers took), far from the 100 MB the client
      // had: the server stopped reading at the limit instead of reading the body to its end.
      expect(answeredAfter).toBeGreaterThan(MAX_FILE_BYTES - 1024 * 1024);
      expect(answeredAfter).toBeLessThan(40 * 1024 * 1024);
      await expectNothingKept();
    });

    it("a client abort mid-file after a first complete file leaves no file and no row", async () => {
      const first = filePart("first.pdf", pdfBytes(300_000));
      const request = rawRequest(f.server.baseUrl, {
        Cookie: user.cookie,
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(20 * 1024 * 1024),
      });
      request.socket.write(Buffer.concat([fieldsPart(), first, fileHead("second.pdf"), pdfBytes(2_000_000)]));
      // The first file is stored and the second one is being written when the client goes away.
      await waitFor(async () => (await leftovers()).length >= 2, { timeoutMs: ANSWER_WITHIN_MS });
      request.socket.destroy();
      await expectNothingKept();
    });

    it("answers 503 STORAGE_UNAVAILABLE when storage fails, keeping nothing", async () => {
      if (storageCase.storage === "S3") {
        if (!s3) throw new Error("s3rver is not running");
        s3.faults.fail.add("PUT");
      } else {
        // A plain file where the uploads directory should be: every write fails.
        await rm(path.join(f.server.config.DATA_DIR, "uploads"), { recursive: true, force: true });
        const { writeFile } = await import("node:fs/promises");
        await writeFile(path.join(f.server.config.DATA_DIR, "uploads"), "not a directory");
      }
      try {
        const response = await within(
          submitCheck(f, user.cookie, PERSON, [
            { name: "id.pdf", data: pdfBytes(), type: "application/pdf" },
          ]),
        );
        expect(response.status).toBe(503);
        expect(response.body.code).toBe("STORAGE_UNAVAILABLE");
        expect(response.headers.get("retry-after")).toBe("30");
        expect(await checkCount()).toBe(0);
        expect(await local("upload-spool")).toEqual([]);
        expect(await leftovers()).toEqual([]);
      } finally {
        s3?.faults.fail.clear();
        await rm(path.join(f.server.config.DATA_DIR, "uploads"), { recursive: true, force: true });
      }
    });

    if (storageCase.storage === "S3") {
      it("answers 503 STORAGE_UNAVAILABLE when the bucket never answers a PUT, after S3_TIMEOUT_MS, keeping nothing", async () => {
        if (!s3) throw new Error("s3rver is not running");
        s3.faults.hang.add("PUT");
        try {
          const started = Date.now();
          const response = await within(
            submitCheck(f, user.cookie, PERSON, [
              { name: "id.pdf", data: pdfBytes(200_000), type: "application/pdf" },
            ]),
          );
          expect(response.status).toBe(503);
          expect(response.body.code).toBe("STORAGE_UNAVAILABLE");
          expect(response.headers.get("retry-after")).toBe("30");
          // One attempt, ended by the configured timeout: not the SDK's retries, not the test's limit.
          expect(Date.now() - started).toBeGreaterThanOrEqual(S3_TIMEOUT_MS - 100);
          expect(s3.requests.filter((request) => request.method === "PUT").length).toBeGreaterThan(0);
          await expectNothingKept();
        } finally {
          s3.faults.hang.clear();
        }
      });
    }

    if (storageCase.storage === "S3") {
      // S3 goes down mid-upload (ADR 0078): the person gets 503 with Retry-After, and what S3
      // kept of the upload waits in the deletion queue until S3 is back, then leaves.
      const bucket = () => {
        if (!s3) throw new Error("s3rver is not running");
        return s3;
      };
      const queuedKeys = async () =>
        (await f.db.select().from(fileDeletions)).map((row) => row.storageKey).sort();
      /** Waits until the deletion queue holds `count` keys, and returns them. */
      const waitForQueued = (count: number) =>
        waitFor(
          async () => {
            const keys = await queuedKeys();
            return keys.length === count && keys;
          },
          { timeoutMs: ANSWER_WITHIN_MS },
        );
      /** Runs the deletion queue (at a clock past any backoff) until it and the bucket are empty. */
      const drainQueue = () =>
        waitFor(
          async () => {
            const storage = f.server.app.ctx.storage;
            await deleteQueuedFiles(f.db, storage, {
              now: new Date(Date.now() + FILE_DELETION_MAX_DELAY_MS),
            });
            return (await queuedKeys()).length === 0 && (await leftovers()).length === 0;
          },
          { timeoutMs: ANSWER_WITHIN_MS },
        );

      it("removes the object S3 stored but whose answer was lost as it went down, once it is back", async () => {
        let queued: string[] = [];
        bucket().faults.crashAfterStoring.add("PUT");
        try {
          const response = await within(
            submitCheck(f, user.cookie, PERSON, [
              { name: "id.pdf", data: pdfBytes(50_000), type: "application/pdf" },
            ]),
          );
          expect(response.status).toBe(503);
          expect(response.body.code).toBe("STORAGE_UNAVAILABLE");
          expect(response.headers.get("retry-after")).toBe("30");
          expect(bucket().down).toBe(true);
          // Its clean-up could not reach S3: the key waits in the queue.
          queued = await waitForQueued(1);
        } finally {
          bucket().faults.crashAfterStoring.clear();
          await bucket().restart();
        }
        // Back up: S3 did keep the document, with no row; the queue removes it.
        expect(await bucket().listKeys()).toEqual(queued.map((key) => `background-checks/${key}`));
        expect(await checkCount()).toBe(0);
        await drainQueue();
      });

      it("removes the first file of an upload whose second S3 went down on, once it is back", async () => {
        const second = pdfBytes(100_000);
        const beforeSecond = Buffer.concat([
          fieldsPart(),
          filePart("first.pdf", pdfBytes(100_000)),
          fileHead("second.pdf"),
          second.subarray(0, 1000),
        ]);
        const rest = Buffer.concat([second.subarray(1000), Buffer.from("\r\n"), CLOSE]);
        const seen = bucket().requests.length;
        const request = rawRequest(f.server.baseUrl, {
          Cookie: user.cookie,
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length": String(beforeSecond.length + rest.length),
          Connection: "close",
        });
        let queued: string[] = [];
        try {
          request.socket.write(beforeSecond);
          // The first file is stored (S3 answered its PUT); the second is still arriving.
          await waitFor(
            () =>
              bucket()
                .requests.slice(seen)
                .some((sent) => sent.method === "PUT" && sent.status === 200),
            { timeoutMs: ANSWER_WITHIN_MS },
          );
          const [stored] = await bucket().listKeys();
          bucket().faults.crash.add("PUT");
          request.socket.write(rest);
          const outcome = await within(request.response);
          expect(outcome.status).toBe(503);
          expect(json(outcome).code).toBe("STORAGE_UNAVAILABLE");
          expect(outcome.headers).toContain("retry-after: 30");
          expect(bucket().down).toBe(true);
          // Both keys wait in the queue: the first file's, and the one the second PUT may have used.
          queued = await waitForQueued(2);
          expect(queued.map((key) => `background-checks/${key}`)).toContain(stored);
        } finally {
          request.socket.destroy();
          bucket().faults.crash.clear();
          await bucket().restart();
        }
        expect(await bucket().listKeys()).toHaveLength(1);
        expect(await checkCount()).toBe(0);
        await drainQueue();
      });
    }

    it("removes the stored files when the database insert fails", async () => {
      await f.db.execute(
        sql.raw(`create or replace function refuse_check_files() returns trigger language plpgsql as
          $$ begin raise exception 'refused by test'; end $$`),
      );
      await f.db.execute(
        sql.raw(`create trigger refuse_check_files before insert on background_check_files
          for each row execute function refuse_check_files()`),
      );
      try {
        const response = await within(
          submitCheck(f, user.cookie, PERSON, [
            { name: "a.pdf", data: pdfBytes(), type: "application/pdf" },
            { name: "b.pdf", data: pdfBytes(100_000), type: "application/pdf" },
          ]),
        );
        expect(response.status).toBeGreaterThanOrEqual(500);
        expect(response.body.code).toEqual(expect.any(String));
        // The trigger is a fault no real database raises: its 500 is not in the contract.
        expect(f.server.contract.take()).toEqual([expect.stringMatching(/→ 500: status not listed/)]);
        await expectNothingKept();
      } finally {
        await f.db.execute(sql.raw("drop trigger refuse_check_files on background_check_files"));
      }
    });
  });

  describe("removing a failed upload's files", () => {
    const failingStorage: FileStorage = {
      kind: "s3",
      put: () => Promise.reject(new Error("not used")),
      get: () => Promise.reject(new Error("not used")),
      delete: () => Promise.reject(new Error("S3 DeleteObject failed: no answer ECONNREFUSED")),
    };

    it("queues a deletion storage refuses, naming the key; logs the keys at error level when the queue fails too", async () => {
      const db = database.db;
      const log = { warn: vi.fn(), error: vi.fn() };
      const key = "0b0e3c53-2e4f-4a38-9d40-5c1a3b7e0f11.pdf";
      await discardFiles(db, failingStorage, [key], log);
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ storageKey: key }),
        expect.stringContaining("its deletion is queued"),
      );
      expect(log.error).not.toHaveBeenCalled();
      const rows = await db.select().from(fileDeletions);
      expect(rows).toEqual([
        expect.objectContaining({
          storageKey: key,
          attempts: 1,
          lockedUntil: null,
          lastError: "S3 DeleteObject failed: no answer ECONNREFUSED",
        }),
      ]);
      expect(rows[0]?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      await db.delete(fileDeletions);

      // The database fails as well: nothing can be queued, so the log keeps the keys.
      await db.execute(
        sql.raw(`create or replace function refuse_file_deletions() returns trigger language plpgsql as
          $$ begin raise exception 'refused by test'; end $$`),
      );
      await db.execute(
        sql.raw(`create trigger refuse_file_deletions before insert on file_deletions
          for each row execute function refuse_file_deletions()`),
      );
      try {
        const keys = [key, "6f1d2a4e-8c3b-4f5a-9e7d-1b2c3d4e5f60.png"];
        await expect(discardFiles(db, failingStorage, keys, log)).resolves.toBeUndefined();
        expect(log.error).toHaveBeenCalledWith(
          expect.objectContaining({ storageKeys: keys }),
          expect.stringContaining("they stay in storage"),
        );
        expect(await db.select().from(fileDeletions)).toEqual([]);
      } finally {
        await db.execute(sql.raw("drop trigger refuse_file_deletions on file_deletions"));
      }
    });
  });

  describe("malformed multipart", () => {
    const f = useTestServer(database);
    let user: Actor;
    const storedFiles = () =>
      readdir(path.join(f.server.config.DATA_DIR, "uploads")).catch(() => [] as string[]);
    beforeAll(async () => {
      user = await createActor(f.db, { email: PERSON.email, role: "user", fullName: PERSON.fullName });
    });

    it.each([
      {
        what: "no boundary",
        contentType: "multipart/form-data",
        body: Buffer.concat([fieldsPart(), filePart("a.pdf", pdfBytes()), CLOSE]),
        code: "MALFORMED_MULTIPART",
      },
      {
        what: "garbage instead of parts",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: Buffer.from(`--${BOUNDARY}\r\n\u0000\u0001garbage without headers\r\n\r\n${"x".repeat(5000)}`),
        code: "MALFORMED_MULTIPART",
      },
      {
        what: "a body that ends before the closing boundary",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: Buffer.concat([fieldsPart(), fileHead("a.pdf"), pdfBytes(50_000)]),
        code: "MALFORMED_MULTIPART",
      },
      {
        what: "a first file followed by a truncated one",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: Buffer.concat([fieldsPart(), filePart("a.pdf", pdfBytes()), fileHead("b.pdf"), pdfBytes()]),
        code: "MALFORMED_MULTIPART",
      },
      {
        what: "too many fields",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: Buffer.concat([
          fieldsPart(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra${i}`, "x"]))),
          CLOSE,
        ]),
        code: "TOO_MANY_PARTS",
      },
      {
        what: "a field over the field size limit",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: Buffer.concat([fieldsPart({ ...PERSON, fullName: "F".repeat(20_000) }), CLOSE]),
        code: "FIELD_TOO_LARGE",
      },
      {
        what: "a prototype field name",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: Buffer.concat([
          fieldsPart(Object.fromEntries([["__proto__", "x"], ...Object.entries(PERSON)])),
          CLOSE,
        ]),
        code: "MALFORMED_MULTIPART",
      },
    ])("answers $what with 400 $code and keeps nothing", async ({ contentType, body, code }) => {
      const outcome = await sendWhole(f.server.baseUrl, user.cookie, body, contentType);
      expect(outcome.status).toBe(400);
      expect(json(outcome)).toEqual({ error: expect.any(String), code });
      expect(await storedFiles()).toEqual([]);
      expect((await f.db.select().from(backgroundChecks)).length).toBe(0);
    });

    it("settles a truncated body from a client that half-closes, keeping nothing", async () => {
      const body = Buffer.concat([
        fieldsPart(),
        filePart("a.pdf", pdfBytes(300_000)),
        fileHead("b.pdf"),
        pdfBytes(),
      ]);
      const replied = f.server.contract.checked;
      const outcome = await sendWhole(
        f.server.baseUrl,
        user.cookie,
        body,
        `multipart/form-data; boundary=${BOUNDARY}`,
        true,
      );
      if (outcome.status !== undefined) expect(outcome.status).toBe(400);
      // The server may close the half-closed connection while it is still storing the first file:
      // look at what it kept once it has answered (whether or not the answer could be sent).
      await waitFor(() => f.server.contract.checked > replied, { timeoutMs: ANSWER_WITHIN_MS });
      await waitFor(async () => (await storedFiles()).length === 0, { timeoutMs: ANSWER_WITHIN_MS }).catch(
        () => {},
      );
      expect(await storedFiles()).toEqual([]);
      expect((await f.db.select().from(backgroundChecks)).length).toBe(0);
    });

    it("answers an anonymous 40 MB upload with 401 without reading the body", async () => {
      const request = rawRequest(f.server.baseUrl, {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(40 * 1024 * 1024),
      });
      request.socket.write(fieldsPart());
      const outcome = await within(request.response);
      expect(outcome.status).toBe(401);
      expect(outcome.headers).toContain("connection: close");
    });
  });
});

describe("upload body timeouts", () => {
  let app: FastifyInstance;
  let baseUrl = "";
  let root = "";
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "aisleiq-upload-timeout-"));
    const storage = createLocalStorage(root);
    app = Fastify({ logger: false });
    installErrorHandler(app);
    await app.register(fastifyMultipart);
    app.post(
      "/api/background-checks",
      {
        onSend: async (request, reply) => {
          if (!request.raw.complete) reply.header("connection", "close");
        },
      },
      async (request, reply) => {
        // No database here: what a failed upload stored is deleted directly.
        const cleanup = {
          discard: async (keys: readonly string[]) => {
            await Promise.all(keys.map((key) => storage.delete(key)));
          },
          inBackground: (work: () => Promise<void>) => void work(),
        };
        const { files } = await receiveSubmission(request, storage, cleanup, {
          timeouts: { idleMs: 800, totalMs: 2500 },
        });
        return reply.status(201).send({ files: files.length });
      },
    );
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("aborts an upload that stops sending with 408 UPLOAD_TIMEOUT and removes what was stored", async () => {
    const request = rawRequest(baseUrl, {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length": String(5_000_000),
    });
    request.socket.write(
      Buffer.concat([fieldsPart(), filePart("first.pdf", pdfBytes(100_000)), fileHead("b.pdf"), pdfBytes()]),
    );
    const outcome = await within(request.response, 3000);
    expect(outcome.status).toBe(408);
    expect(json(outcome).code).toBe("UPLOAD_TIMEOUT");
    expect(outcome.headers).toContain("connection: close");
    expect(await readdir(root)).toEqual([]);
  });

  it("ends a slow-loris trickle at the total body deadline", async () => {
    const request = rawRequest(baseUrl, {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length": String(5_000_000),
    });
    request.socket.write(Buffer.concat([fieldsPart(), fileHead("slow.pdf"), pdfBytes()]));
    // One byte every 100 ms never trips the 800 ms idle timeout; the 2.5 s deadline must.
    const trickle = setInterval(() => request.socket.write(" "), 100);
    try {
      const outcome = await within(request.response, 5000);
      expect(outcome.status).toBe(408);
      expect(outcome.elapsedMs).toBeGreaterThanOrEqual(2400);
    } finally {
      clearInterval(trickle);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it("does not time out a client that keeps sending", async () => {
    const body = Buffer.concat([fieldsPart(), filePart("steady.pdf", pdfBytes(60_000)), CLOSE]);
    const request = rawRequest(baseUrl, {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length": String(body.length),
      Connection: "close",
    });
    // 10 slices 100 ms apart: 1 s in all, each gap well under the idle timeout.
    for (let i = 0; i < 10; i++) {
      request.socket.write(body.subarray((i * body.length) / 10, ((i + 1) * body.length) / 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outcome = await within(request.response);
    expect(outcome.status).toBe(201);
    expect(await readdir(root)).toHaveLength(1);
  });
});
