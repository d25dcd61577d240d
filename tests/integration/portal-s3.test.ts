import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteChecks } from "../../src/server/background-checks/service";
import { signV4 } from "../../src/server/files/s3";
import { createStorage } from "../../src/server/files/storage";
import { createActor, PNG_BYTES, pdfBytes, submitCheck } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";

const CREDENTIALS = { accessKeyId: "AKIDTEST", secretAccessKey: "test-secret-key" };

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

/**
 * A minimal S3-compatible server at the network edge: path-style PUT/GET/DELETE of objects kept
 * in memory. It refuses requests whose signature, length or payload hash do not check out.
 */
async function startFakeS3() {
  const objects = new Map<string, Buffer>();
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
    const amzDate = String(request.headers["x-amz-date"]);
    const when = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const payloadHash = String(request.headers["x-amz-content-sha256"]);
    const signedNames =
      /SignedHeaders=([^,]+)/.exec(String(request.headers.authorization))?.[1]?.split(";") ?? [];
    const signedHeaders: Record<string, string> = {};
    for (const name of signedNames) {
      if (!["host", "x-amz-date", "x-amz-content-sha256"].includes(name)) {
        signedHeaders[name] = String(request.headers[name]);
      }
    }
    const expected = signV4(
      { method: request.method ?? "GET", url, headers: signedHeaders, payloadHash },
      CREDENTIALS,
      "eu-west-1",
      "s3",
      when,
    ).authorization;
    if (expected !== request.headers.authorization) {
      response.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    if (request.method === "PUT") {
      const hash = createHash("sha256").update(body).digest("hex");
      if (hash !== payloadHash || Number(request.headers["content-length"]) !== body.length) {
        response.writeHead(400).end("<Error><Code>XAmzContentSHA256Mismatch</Code></Error>");
        return;
      }
      objects.set(url.pathname, body);
      response.writeHead(200).end();
    } else if (request.method === "GET") {
      const object = objects.get(url.pathname);
      if (!object) response.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      else response.writeHead(200, { "content-length": object.length }).end(object);
    } else if (request.method === "DELETE") {
      objects.delete(url.pathname);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("createStorage", () => {
  it("refuses S3_BUCKET without credentials", () => {
    expect(() =>
      createStorage({ DATA_DIR: "/tmp/x", S3_BUCKET: "bucket" } as Parameters<typeof createStorage>[0]),
    ).toThrow(/AWS_ACCESS_KEY_ID/);
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
  const f = useTestServer(database, {
    env: {
      S3_BUCKET: "aisleiq-test",
      get S3_ENDPOINT() {
        return endpoint.value;
      },
      S3_REGION: "eu-west-1",
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
  });

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
