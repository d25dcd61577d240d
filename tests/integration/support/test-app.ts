import { mkdtemp, rm } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../src/server/app";
import { type AppConfig, loadConfig } from "../../../src/server/config";
import type { DbHandle } from "../../../src/server/db/database";
import type { MailTransport } from "../../../src/server/mail/transport";
import { ContractCheck } from "./contract";

/** Base of links in test emails; deliberately not the address the server listens on. */
export const TEST_PUBLIC_URL = "http://aisleiq.test";

/** A server listening on 127.0.0.1 with a random port. */
export interface TestServer {
  app: FastifyInstance;
  config: AppConfig;
  /** `http://127.0.0.1:PORT` */
  baseUrl: string;
  /**
   * Sends one request over real HTTP; see {@link HttpResult}. Throws when the reply is not what
   * the OpenAPI document describes for the operation (see {@link ContractCheck}).
   */
  request(method: string, pathname: string, options?: RequestOptions): Promise<HttpResult>;
  /** Every reply of this app checked against its OpenAPI document, however the test sent it. */
  contract: ContractCheck;
  /**
   * Closes the app (not the database it was given) and removes its DATA_DIR.
   * @throws when a reply since the last `request()` (a raw fetch, `app.inject`) broke the contract
   */
  close(): Promise<void>;
}

export interface RequestOptions {
  /** Sent as a JSON body with `content-type: application/json`. */
  json?: unknown;
  headers?: Record<string, string>;
  /** Value of the `Cookie` header, e.g. from `sessionCookieHeader()` (tests/support/cookies.ts). */
  cookie?: string;
}

export interface HttpResult {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, the text otherwise. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read response fields directly and assert on them
  body: any;
  /** Every `Set-Cookie` header of the response. */
  setCookies: string[];
}

/**
 * Builds the app with test configuration on `db` and listens on port 0; every reply is checked
 * against the OpenAPI document ({@link ContractCheck}). The environment
 * defaults to NODE_ENV=test, silent logs, a temporary DATA_DIR, {@link TEST_PUBLIC_URL} and a
 * 50 ms outbox retry base; `env` overrides any of them (e.g. SMTP_URL, NODE_ENV).
 */
export async function startTestServer(options: {
  db: DbHandle;
  env?: Record<string, string | undefined>;
  mail?: MailTransport;
  /** Serve the client from `env.CLIENT_DIR` as production does (default false: API only). */
  serveClient?: boolean;
}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "aisleiq-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    OUTBOX_RETRY_BASE_MS: "50",
    ...options.env,
  });
  const contract = new ContractCheck();
  const app = await buildApp(config, {
    dbHandle: options.db,
    serveClient: options.serveClient ?? false,
    mail: options.mail,
    onReply: contract.observe,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    config,
    baseUrl,
    async request(method, pathname, requestOptions) {
      const result = await httpRequest(baseUrl, method, pathname, requestOptions);
      contract.assertClean();
      return result;
    },
    contract,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      contract.assertClean();
    },
  };
}

/** Sends one HTTP request with fetch and reads the whole response. */
export async function httpRequest(
  baseUrl: string,
  method: string,
  pathname: string,
  options: RequestOptions = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  return readResult(response);
}

/** Reads a whole fetch response: status, headers, JSON body (or text) and its Set-Cookie values. */
export async function readResult(response: Response): Promise<HttpResult> {
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: isJson && text ? JSON.parse(text) : text,
    setCookies: response.headers.getSetCookie(),
  };
}

/**
 * Polls `check` every `intervalMs` until it returns a value other than undefined/false.
 * @throws after `timeoutMs`, with the last error `check` threw, if any
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A TCP port with nothing listening on it, e.g. an SMTP server that is down. */
export async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}
