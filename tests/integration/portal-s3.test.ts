// Background-check files on S3-compatible storage through the AWS SDK (ADR 0050), against
// s3rver: an S3 server we did not write, which checks every request's Signature Version 4.
// One s3rver for the whole file; faults are injected in front of it and cleared after each test.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { DeleteObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_RETRY_AFTER_SECONDS } from "../../src/common/limits";
import { loadConfig } from "../../src/server/config";
import {
  backgroundCheckAuthorizations,
  backgroundCheckFiles,
  backgroundChecks,
} from "../../src/server/db/schema";
import { StoredObjectMissingError, uncertainKeyOf } from "../../src/server/files/objects";
import {
  createS3Storage,
  S3StorageError,
  type S3StorageOptions,
  s3ClientConfig,
} from "../../src/server/files/s3";
import { createStorage } from "../../src/server/files/storage";
import { createActor } from "../support/actors";
import { lazyS3Env, S3RVER_CREDENTIALS, type S3TestServer, startS3rver } from "../support/s3rver";
import { PNG_BYTES, pdfBytes, submitCheck } from "./portal/helpers";
import { oneBackend, testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

const PREFIX = "background-checks/";
let s3: S3TestServer;
let spoolDir = "";
beforeAll(async () => {
  s3 = await startS3rver();
  spoolDir = await mkdtemp(path.join(tmpdir(), "aisleiq-spool-"));
});
afterAll(async () => {
  await s3?.close();
  await rm(spoolDir, { recursive: true, force: true });
});
afterEach(async () => {
  s3.faults.fail.clear();
  s3.faults.hang.clear();
  // Each test starts from an empty bucket, whatever a failed one left.
  for (const key of await s3.listKeys()) {
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
  }
});

/** Storage on the file's s3rver with its keys; `options` replace any part. */
const storageOn = (options: Partial<S3StorageOptions> = {}) =>
  createS3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: S3RVER_CREDENTIALS,
    spoolDir,
    prefix: PREFIX,
    ...options,
  });

const pdf = (size = 1000) => Readable.from([Buffer.from(pdfBytes(size))]);

describe("S3 storage on s3rver", () => {
  it("s3rver checks signatures: a wrong secret or an unknown key is refused with 403, nothing stored", async () => {
    for (const [credentials, code] of [
      [{ ...S3RVER_CREDENTIALS, secretAccessKey: "not-the-secret" }, "SignatureDoesNotMatch"],
      [{ accessKeyId: "AKIDUNKNOWN", secretAccessKey: "whatever" }, "InvalidAccessKeyId"],
    ] as const) {
      const storage = storageOn({ credentials });
      const failure = await storage.put(pdf(), "pdf").catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(S3StorageError);
      expect(failure).toMatchObject({ httpStatus: 403, code });
      // S3 answered: nothing can have been stored, nothing is for the caller to remove.
      expect(uncertainKeyOf(failure)).toBeUndefined();
      // The message is safe to log: no secret, no string to sign.
      expect(String((failure as Error).message)).not.toContain(credentials.secretAccessKey);
      await expect(storage.get("00000000-0000-4000-8000-000000000000.pdf")).rejects.toMatchObject({
        httpStatus: 403,
      });
      storage.close?.();
    }
    expect(await s3.listKeys()).toEqual([]);
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it("stores an object with its content type, streams it back and deletes it", async () => {
    const storage = storageOn();
    const data = Buffer.from(pdfBytes(300_000));
    const { key, size } = await storage.put(Readable.from([data]), "pdf", { contentType: "application/pdf" });
    expect(key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(size).toBe(data.length);
    expect(await s3.listKeys()).toEqual([`${PREFIX}${key}`]);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}${key}` }));
    expect(head).toMatchObject({ ContentType: "application/pdf", ContentLength: data.length });
    // Path-style requests to the endpoint (S3_ENDPOINT set, S3_FORCE_PATH_STYLE unset).
    expect(s3.requests).toContainEqual({ method: "PUT", path: `/${s3.bucket}/${PREFIX}${key}`, status: 200 });

    const stored = await storage.get(key);
    expect(stored.size).toBe(data.length);
    expect(stored.contentType).toBe("application/pdf");
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);

    await storage.delete(key);
    await storage.delete(key); // a missing object is not an error
    expect(await s3.listKeys()).toEqual([]);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
    expect(await readdir(spoolDir)).toEqual([]);
    storage.close?.();
  });

  it("signs with the SDK's default credential chain when no keys are configured", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "aisleiq-aws-config-"));
    const saved = { ...process.env };
    // A new file each time: the SDK caches a shared file's content per path.
    const writeSharedCredentials = async (secret: string) => {
      const file = path.join(dir, `credentials-${secret}`);
      await writeFile(
        file,
        `[default]\naws_access_key_id = ${S3RVER_CREDENTIALS.accessKeyId}\naws_secret_access_key = ${secret}\n`,
      );
      process.env.AWS_SHARED_CREDENTIALS_FILE = file;
    };
    try {
      for (const name of ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"])
        delete process.env[name];
      process.env.AWS_CONFIG_FILE = path.join(dir, "config");
      // Never ask an instance metadata service (no network beyond this machine).
      process.env.AWS_EC2_METADATA_DISABLED = "true";
      await writeFile(path.join(dir, "config"), "[default]\n");

      await writeSharedCredentials(S3RVER_CREDENTIALS.secretAccessKey);
      const storage = storageOn({ credentials: undefined });
      const { key } = await storage.put(pdf(), "pdf");
      expect(await text((await storage.get(key)).stream)).toContain("%PDF-1.4");
      await storage.delete(key);
      storage.close?.();

      // The keys from that file really sign: a wrong secret there is refused.
      await writeSharedCredentials("not-the-secret");
      const refused = storageOn({ credentials: undefined });
      await expect(refused.put(pdf(), "pdf")).rejects.toMatchObject({ httpStatus: 403 });
      refused.close?.();
      expect(await s3.listKeys()).toEqual([]);
    } finally {
      process.env = saved;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("fails a PUT the bucket never answers after the configured timeout, naming the key to remove, leaving no spool file", async () => {
    s3.faults.hang.add("PUT");
    const storage = storageOn({ timeoutMs: 300 });
    const seen = s3.requests.length;
    const requests = () => s3.requests.slice(seen);
    const started = Date.now();
    const failure = await storage.put(pdf(50_000), "pdf").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3StorageError);
    expect((failure as S3StorageError).httpStatus).toBeUndefined();
    expect((failure as Error).message).toMatch(/TimeoutError/);
    // One attempt (a streamed body is not retried), bounded by the timeout, not the test's limit.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(requests().filter((request) => request.method === "PUT")).toHaveLength(1);
    // The object might exist after all: the error names its key for the caller to remove
    // (ADR 0078; the upload's clean-up is tested in upload-faults.test.ts).
    expect(uncertainKeyOf(failure)).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await readdir(spoolDir)).toEqual([]);
    storage.close?.();
  });

  it("reports a missing bucket as a storage failure, not a missing object", async () => {
    const storage = storageOn({ bucket: "no-such-bucket" });
    await expect(storage.put(pdf(), "pdf")).rejects.toMatchObject({ httpStatus: 404, code: "NoSuchBucket" });
    const failure = await storage.get("00000000-0000-4000-8000-000000000000.pdf").catch((error) => error);
    expect(failure).toBeInstanceOf(S3StorageError);
    expect(failure).toMatchObject({ httpStatus: 404, code: "NoSuchBucket" });
    expect(await readdir(spoolDir)).toEqual([]);
    storage.close?.();
  });
});

describe("S3 configuration", () => {
  const base = { DATA_DIR: "/tmp/aisleiq-unused", S3_BUCKET: "bucket" };

  it("refuses half a key pair and uses the default chain without one", () => {
    expect(() => createStorage(loadConfig({ ...base, AWS_ACCESS_KEY_ID: "AKID" }))).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
    expect(() => createStorage(loadConfig({ ...base, AWS_SECRET_ACCESS_KEY: "secret" }))).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
    const storage = createStorage(loadConfig(base));
    expect(storage.kind).toBe("s3");
    storage.close?.();
  });

  it("parses S3_FORCE_PATH_STYLE and S3_TIMEOUT_MS", () => {
    expect(loadConfig({}).S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(loadConfig({ S3_FORCE_PATH_STYLE: "" }).S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(loadConfig({ S3_FORCE_PATH_STYLE: "TRUE" }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(loadConfig({ S3_FORCE_PATH_STYLE: "0" }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: "maybe" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(loadConfig({}).S3_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({ S3_TIMEOUT_MS: "1500" }).S3_TIMEOUT_MS).toBe(1500);
    expect(() => loadConfig({ S3_TIMEOUT_MS: "soon" })).toThrow(/S3_TIMEOUT_MS/);
  });

  it("uses path-style URLs with an endpoint, virtual-hosted ones on AWS, unless told otherwise", () => {
    const options = { bucket: "b", region: "eu-west-1", spoolDir: "/tmp/x" };
    expect(s3ClientConfig(options).forcePathStyle).toBe(false);
    expect(s3ClientConfig({ ...options, endpoint: "http://127.0.0.1:9000" }).forcePathStyle).toBe(true);
    expect(
      s3ClientConfig({ ...options, endpoint: "https://acct.r2.cloudflarestorage.com", forcePathStyle: false })
        .forcePathStyle,
    ).toBe(false);
    expect(s3ClientConfig({ ...options, forcePathStyle: true }).forcePathStyle).toBe(true);
    expect(s3ClientConfig({ ...options, timeoutMs: 2000 }).requestHandler).toMatchObject({
      socketTimeout: 2000,
      connectionTimeout: 2000,
      throwOnRequestTimeout: true,
    });
  });
});

describe.each(testBackends())("background checks on S3 storage on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database, { env: lazyS3Env(() => s3) });

  it("stores uploads as objects, streams downloads from the bucket, and deletes them with the user", async () => {
    const user = await createActor(f.db, { email: "s3user@example.com", role: "user" });
    const admin = await createActor(f.db, { email: "s3admin@example.com", role: "admin" });
    const files = [
      { name: "id.pdf", data: pdfBytes(300_000), type: "application/pdf" },
      { name: "photo.png", data: PNG_BYTES, type: "image/png" },
    ];
    const created = await submitCheck(
      f,
      user.cookie,
      { fullName: "S3 User", email: "s3user@example.com" },
      files,
    );
    expect(created.status).toBe(201);
    // The two documents and the signed authorization's receipt beside them (ADR 0084).
    const keys = await s3.listKeys();
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^background-checks\/[0-9a-f-]{36}\.(pdf|png)$/);
    const [authorization] = await f.db
      .select({ receiptKey: backgroundCheckAuthorizations.receiptKey })
      .from(backgroundCheckAuthorizations)
      .where(eq(backgroundCheckAuthorizations.backgroundCheckId, created.body.id));
    expect(keys).toContain(`background-checks/${authorization?.receiptKey}`);
    const types = await Promise.all(
      keys.map(
        async (key) =>
          (await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentType,
      ),
    );
    expect(types.sort()).toEqual(["application/pdf", "application/pdf", "image/png"]);
    const local = (dir: string) =>
      readdir(path.join(f.server.config.DATA_DIR, dir)).catch(() => [] as string[]);
    expect(await local("uploads")).toEqual([]);
    expect(await local("upload-spool")).toEqual([]);

    const detail = await f.server.request("GET", `/api/background-checks/${created.body.id}`, {
      cookie: user.cookie,
    });
    for (const [index, file] of detail.body.files.entries()) {
      const response = await fetch(
        `${f.server.baseUrl}/api/background-checks/${created.body.id}/files/${file.id}`,
        { headers: { cookie: user.cookie } },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(files[index]?.type);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(files[index]?.data ?? []))).toBe(
        true,
      );
    }

    const deleted = await f.server.request("DELETE", `/api/admin/users/${user.id}`, { cookie: admin.cookie });
    expect(deleted.status).toBe(204);
    expect(await s3.listKeys()).toEqual([]);
  });

  it("answers a download 503 FILE_UNAVAILABLE while the bucket fails, and 404 for a lost object", async () => {
    const user = await createActor(f.db, { email: "s3reader@example.com", role: "user" });
    const created = await submitCheck(f, user.cookie, { fullName: "S3 Reader", email: user.email }, [
      { name: "id.pdf", data: pdfBytes(), type: "application/pdf" },
    ]);
    expect(created.status).toBe(201);
    const [file] = await f.db
      .select()
      .from(backgroundCheckFiles)
      .where(eq(backgroundCheckFiles.backgroundCheckId, created.body.id));
    if (!file) throw new Error("no file row");
    const download = () =>
      f.server.request("GET", `/api/background-checks/${created.body.id}/files/${file.id}`, {
        cookie: user.cookie,
      });

    s3.faults.fail.add("GET");
    const failed = await download();
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({
      error: "This document cannot be opened right now. Please try again in a minute.",
      code: "FILE_UNAVAILABLE",
    });
    expect(failed.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
    s3.faults.fail.clear();
    expect((await download()).status).toBe(200);

    await f.server.app.ctx.storage.delete(file.filePath);
    const lost = await download();
    expect(lost.status).toBe(404);
    expect(lost.body.code).toBe("NOT_FOUND");
  });
});

describe.each(oneBackend())("uploads the bucket refuses, on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe.each<{ what: string; env: Record<string, string> }>([
    { what: "wrong credentials", env: { AWS_SECRET_ACCESS_KEY: "not-the-secret" } },
    { what: "a missing bucket", env: { S3_BUCKET: "no-such-bucket" } },
  ])("with $what", ({ env }) => {
    const f = useTestServer(database, { env: lazyS3Env(() => s3, env) });

    it("answers 503 STORAGE_UNAVAILABLE, keeping no row, no object and no spool file", async () => {
      const user = await createActor(f.db, { email: "refused@example.com", role: "user" });
      const response = await submitCheck(f, user.cookie, { fullName: "Refused", email: user.email }, [
        { name: "id.pdf", data: pdfBytes(), type: "application/pdf" },
      ]);
      expect(response.status).toBe(503);
      expect(response.body.code).toBe("STORAGE_UNAVAILABLE");
      expect(response.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      expect(await f.db.select().from(backgroundChecks)).toEqual([]);
      expect(await s3.listKeys()).toEqual([]);
      expect(
        await readdir(path.join(f.server.config.DATA_DIR, "upload-spool")).catch(() => [] as string[]),
      ).toEqual([]);
    });
  });
});
