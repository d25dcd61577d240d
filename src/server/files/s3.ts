import { createHash, createHmac, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { S3_IDLE_TIMEOUT_MS } from "../../common/limits";
import { trimSlashes } from "../../common/text";
import type { FileStorage } from "./storage";

/** Credentials for AWS Signature Version 4. */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

const sha256Hex = (data: string) => createHash("sha256").update(data, "utf8").digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/** RFC 3986 encoding as SigV4 wants it (S3: each path segment once, '/' kept). */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Signs a request with AWS Signature Version 4 (header-based, no query string), as described in
 * "Authenticating Requests: Using the Authorization Header" of the Amazon S3 API reference.
 * @param request.url absolute URL without a query string; its path must already be encoded
 * @param request.headers headers to sign (names case-insensitive); `host` is added from the URL
 * @param request.payloadHash hex SHA-256 of the body (the empty-body hash for GET/DELETE)
 * @returns the headers to send: the input ones plus host, x-amz-date, x-amz-content-sha256,
 *   x-amz-security-token (with a session token) and authorization
 */
export function signV4(
  request: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string },
  credentials: S3Credentials,
  region: string,
  service = "s3",
  now = new Date(),
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.host = request.url.host;
  headers["x-amz-date"] = amzDate;
  headers["x-amz-content-sha256"] = request.payloadHash;
  if (credentials.sessionToken) headers["x-amz-security-token"] = credentials.sessionToken;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${String(headers[name]).trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    request.method,
    request.url.pathname || "/",
    "",
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), service),
    "aws4_request",
  );
  const signature = createHmac("sha256", signingKey).update(stringToSign, "utf8").digest("hex");
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}

interface S3Options {
  bucket: string;
  /** e.g. `http://127.0.0.1:9000` (MinIO, R2...): path-style URLs. Unset: AWS virtual-hosted URLs. */
  endpoint?: string | undefined;
  region: string;
  credentials: S3Credentials;
  /** Where an upload is spooled before it is sent (S3 needs its length and hash up front). */
  spoolDir: string;
  /** Object key prefix, e.g. `background-checks/`. */
  prefix?: string;
  /** Milliseconds a request may stay silent before it fails (default {@link S3_IDLE_TIMEOUT_MS}). */
  timeoutMs?: number;
}

const KEY_PATTERN = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/**
 * Sends one request; resolves with the response once headers arrive.
 * @throws when the connection fails or stays silent for `timeoutMs`
 */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  timeoutMs: number,
  body?: Readable,
): Promise<http.IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method, headers }, resolve);
    request.on("error", reject);
    request.setTimeout(timeoutMs, () =>
      request.destroy(new Error(`S3 ${method} timed out after ${timeoutMs} ms of silence`)),
    );
    if (body) {
      body.on("error", (error) => request.destroy(error));
      body.pipe(request);
    } else {
      request.end();
    }
  });
}

async function failure(response: http.IncomingMessage, action: string): Promise<Error> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8").slice(0, 500);
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? "";
  return new Error(`S3 ${action} failed: ${response.statusCode} ${code}`.trim());
}

/**
 * S3-compatible storage (docs/architecture.md#files), selected by S3_BUCKET. An upload is spooled
 * to a temporary file while its size and SHA-256 are computed (so memory stays flat), then sent
 * with one signed PUT and the spool file removed. Keys are random like the local storage's.
 */
export function createS3Storage(options: S3Options): FileStorage {
  const prefix = options.prefix ?? "";
  const timeoutMs = options.timeoutMs ?? S3_IDLE_TIMEOUT_MS;
  const objectUrl = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    const objectPath = `${prefix}${key}`.split("/").map(encodeRfc3986).join("/");
    if (options.endpoint) {
      const base = trimSlashes(options.endpoint);
      return new URL(`${base}/${encodeRfc3986(options.bucket)}/${objectPath}`);
    }
    return new URL(`https://${options.bucket}.s3.${options.region}.amazonaws.com/${objectPath}`);
  };
  const signed = (method: string, url: URL, payloadHash: string, headers: Record<string, string> = {}) =>
    signV4({ method, url, headers, payloadHash }, options.credentials, options.region);

  return {
    kind: "s3",
    async put(source, extension) {
      await mkdir(options.spoolDir, { recursive: true });
      const safeExt = /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : "";
      const key = `${randomUUID()}${safeExt}`;
      const spool = path.join(options.spoolDir, `${key}.part`);
      const hash = createHash("sha256");
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, tap, createWriteStream(spool, { flags: "wx", mode: 0o600 }));
        const url = objectUrl(key);
        const headers = signed("PUT", url, hash.digest("hex"), { "content-length": String(size) });
        const response = await send(url, "PUT", headers, timeoutMs, createReadStream(spool));
        if ((response.statusCode ?? 500) >= 300) throw await failure(response, "PUT");
        response.resume();
        return { key, size };
      } finally {
        await rm(spool, { force: true });
      }
    },
    async get(key) {
      const url = objectUrl(key);
      const response = await send(url, "GET", signed("GET", url, EMPTY_SHA256), timeoutMs);
      if ((response.statusCode ?? 500) >= 300) throw await failure(response, "GET");
      return { stream: response, size: Number(response.headers["content-length"] ?? 0) };
    },
    async delete(key) {
      const url = objectUrl(key);
      const response = await send(url, "DELETE", signed("DELETE", url, EMPTY_SHA256), timeoutMs);
      const status = response.statusCode ?? 500;
      if (status >= 300 && status !== 404) throw await failure(response, "DELETE");
      response.resume();
    },
  };
}
