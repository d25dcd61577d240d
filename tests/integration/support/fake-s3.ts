import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { signV4 } from "../../../src/server/files/s3";

/** Credentials the fake S3 server checks signatures with. */
export const CREDENTIALS = { accessKeyId: "AKIDTEST", secretAccessKey: "test-secret-key" };

/** Environment for an app that stores uploads on the fake S3 at `endpoint`. */
export function fakeS3Env(endpoint: () => string): Record<string, string | undefined> {
  return {
    S3_BUCKET: "aisleiq-test",
    get S3_ENDPOINT() {
      return endpoint();
    },
    S3_REGION: "eu-west-1",
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  };
}

/**
 * A minimal S3-compatible server at the network edge: path-style PUT/GET/DELETE of objects kept
 * in memory. It refuses requests whose signature, length or payload hash do not check out.
 */
export async function startFakeS3() {
  const objects = new Map<string, Buffer>();
  /** failPuts: every PUT answers 500 InternalError (an outage); hangPuts: PUTs never answer. */
  const faults = { failPuts: false, hangPuts: false };
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
    if (request.method === "PUT" && faults.hangPuts) return; // never answers
    if (request.method === "PUT" && faults.failPuts) {
      response.writeHead(500).end("<Error><Code>InternalError</Code></Error>");
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
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
