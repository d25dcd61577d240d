import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

/**
 * The access key pair s3rver knows (its built-in account). It checks every request's Signature
 * Version 4 against this secret and answers 403 SignatureDoesNotMatch to any other.
 */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

/** Faults injected in front of s3rver, by HTTP method (`PUT`, `GET`, `DELETE`, …). */
export interface S3Faults {
  /** Requests of these methods are answered 500 InternalError without reaching s3rver. */
  fail: Set<string>;
  /** Requests of these methods are read to their end and never answered. */
  hang: Set<string>;
  /**
   * Requests of these methods take the server down as they arrive, before s3rver sees them
   * (nothing is stored): every open connection is cut and new ones are refused until
   * {@link S3TestServer.restart}.
   */
  crash: Set<string>;
  /**
   * Requests of these methods reach s3rver, which carries them out (a PUT's object is stored);
   * then the server goes down as with `crash`, before the answer is sent: the answer is lost.
   */
  crashAfterStoring: Set<string>;
}

/** One request s3rver's front saw. */
export interface S3Request {
  method: string;
  path: string;
  /** The status it was answered with (s3rver's or an injected fault's), once sent. */
  status?: number;
}

/**
 * An S3-compatible server we did not write (`@20minutes/s3rver`, signature checking on) on
 * 127.0.0.1, with one bucket, for integration tests and end-to-end tests (both in the test's own
 * process; the app is configured with {@link S3TestServer.env}).
 */
export interface S3TestServer {
  /** `http://127.0.0.1:PORT` */
  endpoint: string;
  bucket: string;
  region: string;
  /**
   * Configuration for the app: S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE,
   * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (s3rver's keys).
   */
  env: Record<string, string>;
  /** An SDK client with s3rver's keys, for a test's own look at the bucket. */
  client: S3Client;
  /** Every object key in `bucket` (default: this server's bucket), sorted. */
  listKeys(bucket?: string): Promise<string[]>;
  /**
   * Every request seen, in arrival order (method and path), faulty ones included, with the HTTP
   * status it was answered with once the answer has been sent (none while it is pending or hangs).
   */
  readonly requests: S3Request[];
  /** Empty (no fault) at start; tests add methods and must clear them again. */
  faults: S3Faults;
  /** Whether the server is down (a crash fault took it down, and it has not been restarted). */
  readonly down: boolean;
  /** Resolves once the server is down (at once when it is); for a test that waits for a crash. */
  whenDown(): Promise<void>;
  /** Brings a server that is down back up on the same port, with every object it had stored. */
  restart(): Promise<void>;
  /** Stops the server, ends hanging requests and removes its directory. */
  close(): Promise<void>;
}

/**
 * Starts s3rver on a free port of 127.0.0.1 with a temporary directory and one bucket. Requests go
 * through a small front that can inject faults ({@link S3Faults}) and then to s3rver unchanged.
 * @param options.bucket the bucket to create (default `aisleiq-test`)
 * @param options.region the region the app signs for (default `us-east-1`; s3rver accepts any)
 */
export async function startS3rver(options: { bucket?: string; region?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? "aisleiq-test";
  const region = options.region ?? "us-east-1";
  const directory = await mkdtemp(path.join(tmpdir(), "aisleiq-s3rver-"));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const faults: S3Faults = {
    fail: new Set(),
    hang: new Set(),
    crash: new Set(),
    crashAfterStoring: new Set(),
  };
  const requests: S3Request[] = [];
  let down = false;
  let wentDown: () => void = () => {};
  let downPromise = new Promise<void>((resolve) => {
    wentDown = resolve;
  });
  /** Goes down as a crashed server does: no listener, every connection cut mid-request. */
  const crash = () => {
    if (down) return;
    down = true;
    server.close();
    server.closeAllConnections();
    wentDown();
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? "GET";
    const seen: S3Request = { method, path: (request.url ?? "/").split("?")[0] ?? "/" };
    requests.push(seen);
    response.once("finish", () => {
      seen.status = response.statusCode;
    });
    if (faults.crash.has(method)) {
      crash();
      return;
    }
    if (faults.crashAfterStoring.has(method)) {
      // s3rver has done the work once it starts its answer; the answer never leaves.
      const lose = () => {
        crash();
        return response;
      };
      response.writeHead = lose as typeof response.writeHead;
      response.write = (() => {
        crash();
        return false;
      }) as typeof response.write;
      response.end = lose as typeof response.end;
    }
    if (faults.hang.has(method)) {
      request.resume();
      return;
    }
    if (faults.fail.has(method)) {
      request.resume();
      request.once("end", () =>
        response
          .writeHead(500, { "content-type": "application/xml" })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>Injected by the test</Message></Error>',
          ),
      );
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  // The SDK signs a bucket-level request (ListObjectsV2) for the path `/BUCKET/`; s3rver checks
  // the signature against `/BUCKET` and refuses it. This client (the tests' own, never the app's)
  // sends `/BUCKET` instead, before it signs.
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: unknown };
      if (typeof request.path === "string" && /^\/[^/]+\/$/.test(request.path)) {
        request.path = request.path.slice(0, -1);
      }
      return next(args);
    },
    { step: "build", name: "s3rverBucketPath" },
  );
  return {
    endpoint,
    bucket,
    region,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    client,
    requests,
    faults,
    async listKeys(name = bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: name, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    get down() {
      return down;
    },
    whenDown() {
      return downPromise;
    },
    async restart() {
      if (!down) return;
      await listen();
      down = false;
      downPromise = new Promise<void>((resolve) => {
        wentDown = resolve;
      });
    },
    async close() {
      client.destroy();
      if (!down) {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      }
      s3rver.logger.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * An app environment whose S3 variables are read from `current()` only when it is spread (as the
 * integration fixture does when its `beforeAll` starts the app, after the file's `beforeAll`
 * started s3rver). `overrides` replace or add variables (e.g. a wrong secret, a missing bucket,
 * a short S3_TIMEOUT_MS).
 */
export function lazyS3Env(
  current: () => S3TestServer | undefined,
  overrides: Record<string, string> = {},
): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  const names = [
    "S3_BUCKET",
    "S3_ENDPOINT",
    "S3_REGION",
    "S3_FORCE_PATH_STYLE",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    ...Object.keys(overrides),
  ];
  for (const name of new Set(names)) {
    Object.defineProperty(env, name, {
      enumerable: true,
      get() {
        if (name in overrides) return overrides[name];
        const server = current();
        if (!server) throw new Error("s3rver is not started: start it in a beforeAll before the app's");
        return server.env[name];
      },
    });
  }
  return env;
}
