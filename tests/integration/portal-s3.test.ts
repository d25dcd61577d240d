import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteChecks } from "../../src/server/background-checks/service";
import { createS3Storage, signV4 } from "../../src/server/files/s3";
import { createStorage } from "../../src/server/files/storage";
import { createActor } from "../support/actors";
import { PNG_BYTES, pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { CREDENTIALS, fakeS3Env, startFakeS3 } from "./support/fake-s3";
import { useTestDatabase, useTestServer } from "./support/fixture";

describe("AWS Signature Version 4", () => {
  it("matches the GET example of the Amazon S3 API reference", () => {
    const headers = signV4(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      },
      { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
      "us-east-1",
      "s3",
      new Date("2013-05-24T00:00:00Z"),
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

describe("createStorage", () => {
  it("refuses S3_BUCKET without credentials", () => {
    expect(() =>
      createStorage({ DATA_DIR: "/tmp/x", S3_BUCKET: "bucket" } as Parameters<typeof createStorage>[0]),
    ).toThrow(/AWS_ACCESS_KEY_ID/);
  });
});

describe("S3 storage faults", () => {
  it("fails a PUT the object store never answers after the idle timeout, leaving no spool file", async () => {
    const s3 = await startFakeS3();
    const spoolDir = await mkdtemp(path.join(tmpdir(), "aisleiq-spool-"));
    s3.faults.hangPuts = true;
    try {
      const storage = createS3Storage({
        bucket: "aisleiq-test",
        endpoint: s3.endpoint,
        region: "eu-west-1",
        credentials: CREDENTIALS,
        spoolDir,
        timeoutMs: 200,
      });
      const started = Date.now();
      await expect(storage.put(Readable.from([Buffer.from("%PDF-1.4\n")]), "pdf")).rejects.toThrow(
        /timed out/,
      );
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await readdir(spoolDir)).toEqual([]);
      expect(s3.objects.size).toBe(0);
    } finally {
      await s3.close();
      await rm(spoolDir, { recursive: true, force: true });
    }
  });
});

describe.each(testBackends())("uploads on S3-compatible storage on $name", (backend) => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  const endpoint = { value: "" };
  beforeAll(async () => {
    s3 = await startFakeS3();
    endpoint.value = s3.endpoint;
  });
  afterAll(async () => {
    await s3?.close();
  });
  const database = useTestDatabase(backend);
  const f = useTestServer(database, { env: fakeS3Env(() => endpoint.value) });

  it("stores files as objects, serves them back, and deletes them with their check", async () => {
    const user = await createActor(f.db, { email: "s3user@example.com", role: "user" });
    const files = [
      { name: "id.pdf", data: pdfBytes(300_000) },
      { name: "photo.png", data: PNG_BYTES },
    ];
    const created = await submitCheck(
      f,
      user.cookie,
      { fullName: "S3 User", email: "s3user@example.com" },
      files,
    );
    expect(created.status).toBe(201);
    const keys = [...s3.objects.keys()];
    expect(keys).toHaveLength(2);
    for (const key of keys)
      expect(key).toMatch(/^\/aisleiq-test\/background-checks\/[0-9a-f-]{36}\.(pdf|png)$/);
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
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(files[index]?.data ?? []))).toBe(
        true,
      );
    }

    await deleteChecks(f.db, createStorage(f.server.config), [created.body.id]);
    expect(s3.objects.size).toBe(0);
  });
});
