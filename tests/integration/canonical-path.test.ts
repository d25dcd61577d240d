import { request as httpRequest } from "node:http";
import { type AddressInfo, connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { isApiPath } from "../../src/server/http/api-path";
import { type Actor, createActor } from "../support/actors";
import { ContractCheck } from "./support/contract";
import { testBackends } from "./support/database";
import { resetDatabase, useTestDatabase } from "./support/fixture";
import { TEST_PUBLIC_URL } from "./support/test-app";

/**
 * The origin check, `no-store` and the log redaction read the path the router routes
 * (ADR 0030): a request path with encoded letters or dot segments is refused before any of
 * them runs, so `POST /%61pi/…` from another site cannot reach an `/api` handler.
 */

/** A token-shaped path segment (43 base64url characters) that must never reach the log. */
const TOKEN = "Tok3nMustNeverBeLogged_0123456789abcdefghij";
const EVIL_ORIGIN = "http://evil.test";
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Non-canonical spellings of a canonical `/api/…` path: the router's decoding maps the
 * encoded ones back onto the route; dot segments are what a non-browser client may send. */
function variants(path: string): string[] {
  const rest = path.slice("/api".length);
  return [
    `/%61pi${rest}`,
    `/ap%69${rest}`,
    `/%61%70%69${rest}`,
    `/./api${rest}`,
    `/x/../api${rest}`,
    `/%2e/api${rest}`,
    `/x/%2E%2E/api${rest}`,
    `/api/.${rest}`,
  ];
}

interface RawResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { code?: string } | string;
}

/** One request over real HTTP with the path sent byte for byte (fetch would resolve dot segments). */
function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const options = { host: "127.0.0.1", port, method, path, headers: { ...headers, ...length } };
    const req = httpRequest(options, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => {
        const json = String(res.headers["content-type"]).includes("application/json");
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: json ? JSON.parse(text) : text });
      });
    });
    req.on("error", (error) => reject(new Error(`${method} ${path}: ${error.message}`)));
    req.end(body);
  });
}

/**
 * Sends `head` (a request line and headers, CRLF-separated, without the blank line) and `body`
 * byte for byte on a new socket, and reads the answer until the server closes the connection.
 * @returns the status, the headers (lower-cased names) and the JSON body, or status 0 when the
 *   server closed the connection without answering
 */
function socketRequest(port: number, head: string, body = ""): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `${head}\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [rawHead = "", rawBody = ""] = text.split("\r\n\r\n", 2);
      const [statusLine = "", ...lines] = rawHead.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      const json = String(headers["content-type"]).includes("application/json");
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0),
        headers,
        body: json ? JSON.parse(rawBody) : rawBody,
      });
    });
  });
}

describe.each(testBackends())("canonical request paths on $name", (backend) => {
  const database = useTestDatabase(backend);
  let app: FastifyInstance;
  let port: number;
  let admin: Actor;
  const logLines: string[] = [];
  /** Every reply checked against the OpenAPI document (ADR 0054). */
  const contract = new ContractCheck();
  afterEach(() => contract.assertClean());

  beforeAll(async () => {
    await resetDatabase(database.db);
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", PUBLIC_URL: TEST_PUBLIC_URL });
    app = await buildApp(config, {
      dbHandle: database.handle,
      serveClient: false,
      logStream: { write: (line) => logLines.push(line) },
      onReply: contract.observe,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
    admin = await createActor(database.db, {
      email: "root@aisleiq.test",
      fullName: "Root Admin",
      role: "admin",
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Every state-changing API route with its parameters filled in. */
  const unsafeRoutes = () =>
    app.declaredRoutes
      .filter((route) => UNSAFE.has(route.method) && isApiPath(route.url))
      .map((route) => ({ method: route.method, path: route.url.replace(/:[^/]+/g, "1") }));

  it("refuses every unsafe API route spelt with encoded letters or dot segments, from another site", async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(12);
    const reached: string[] = [];
    for (const route of routes) {
      for (const path of variants(route.path)) {
        const result = await rawRequest(
          port,
          route.method,
          path,
          { origin: EVIL_ORIGIN, cookie: admin.cookie, "content-type": "application/json" },
          "{}",
        );
        const refused =
          result.status === 400 &&
          typeof result.body === "object" &&
          result.body.code === "BAD_REQUEST" &&
          result.headers["cache-control"] === "no-store";
        if (!refused)
          reached.push(`${route.method} ${path} → ${result.status} ${JSON.stringify(result.body)}`);
      }
    }
    expect(reached).toEqual([]);
  });

  it("refuses the canonical spelling of the same routes from another site with 403", async () => {
    const answers = await Promise.all(
      unsafeRoutes().map(async (route) => {
        const result = await rawRequest(
          port,
          route.method,
          route.path,
          { origin: EVIL_ORIGIN, cookie: admin.cookie, "content-type": "application/json" },
          "{}",
        );
        return `${route.method} ${route.path} → ${result.status} ${typeof result.body === "object" ? result.body.code : ""}`;
      }),
    );
    expect(answers.filter((answer) => !answer.endsWith("→ 403 CROSS_ORIGIN_REJECTED"))).toEqual([]);
  });

  it("refuses every request target but a path (absolute form, authority form, `*`) with 400 and no-store", async () => {
    const refusedCleanly = (result: RawResult) =>
      result.status === 400 &&
      typeof result.body === "object" &&
      result.body.code === "BAD_REQUEST" &&
      result.headers["cache-control"] === "no-store" &&
      result.headers["x-content-type-options"] === "nosniff";
    const host = `host: 127.0.0.1:${port}`;
    const targets = [
      // Absolute form from another site: the router strips the origin, the hooks saw no `/api`.
      `POST ${EVIL_ORIGIN}/api/auth/logout HTTP/1.1\r\n${host}\r\norigin: ${EVIL_ORIGIN}\r\ncookie: ${admin.cookie}\r\ncontent-type: application/json`,
      `POST http://127.0.0.1:${port}/api/companies HTTP/1.1\r\n${host}\r\norigin: ${EVIL_ORIGIN}\r\ncookie: ${admin.cookie}\r\ncontent-type: application/json`,
      `GET http://127.0.0.1:${port}/api/auth/me HTTP/1.1\r\n${host}\r\ncookie: ${admin.cookie}`,
      `GET https://aisleiq.test/ HTTP/1.1\r\n${host}`,
      // Authority form: Node hands CONNECT to the server's "connect" listeners, not to Fastify.
      `CONNECT aisleiq.test:443 HTTP/1.1\r\nhost: aisleiq.test:443`,
      `CONNECT 127.0.0.1:${port} HTTP/1.1\r\n${host}`,
      // Asterisk form: legal for OPTIONS (RFC 9112 §3.2.4), refused like the others (ADR 0077).
      `OPTIONS * HTTP/1.1\r\n${host}`,
    ];
    for (const head of targets) {
      const result = await socketRequest(port, head, head.startsWith("POST") ? '{"name":"Evil Co"}' : "");
      const requestLine = head.split("\r\n")[0];
      expect(refusedCleanly(result), `${requestLine} → ${result.status} ${JSON.stringify(result.body)}`).toBe(
        true,
      );
    }
    // Nothing reached a handler: the session is alive and no company was created.
    const me = await socketRequest(
      port,
      `GET /api/auth/me HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${admin.cookie}`,
    );
    expect(me.status).toBe(200);
    const companies = await socketRequest(
      port,
      `GET /api/companies HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${admin.cookie}`,
    );
    expect(JSON.stringify(companies.body)).not.toContain("Evil Co");
  });

  it("never routes an encoded slash to an API handler", async () => {
    for (const path of ["/api%2Fusers/1", "/api%2fcompanies", "/%2Fapi/companies"]) {
      const result = await rawRequest(
        port,
        "POST",
        path,
        { origin: EVIL_ORIGIN, cookie: admin.cookie, "content-type": "application/json" },
        "{}",
      );
      expect([path, result.status]).toEqual([path, 404]);
    }
  });

  it("answers a signed-in API read spelt another way with no-store or not at all", async () => {
    const canonical = await rawRequest(port, "GET", "/api/auth/me", { cookie: admin.cookie });
    expect(canonical.status).toBe(200);
    expect(canonical.headers["cache-control"]).toBe("no-store");
    for (const path of variants("/api/auth/me")) {
      const result = await rawRequest(port, "GET", path, { cookie: admin.cookie });
      expect([path, result.status, result.headers["cache-control"]]).toEqual([path, 400, "no-store"]);
    }
  });

  it("never logs a token, whatever the spelling of the path", async () => {
    const paths = [
      `/%76erify/${TOKEN}`,
      `/./verify/${TOKEN}`,
      `/x/../accept-invitation/${TOKEN}?lang=es`,
      `/%61pi/invitations/${TOKEN}`,
      `/api/./invitations/${TOKEN}`,
      `/api/invitations//${TOKEN}`,
      `/api/invitations/${TOKEN}`,
    ];
    for (const path of paths) await rawRequest(port, "GET", path, {});
    await socketRequest(port, `GET http://aisleiq.test/verify/${TOKEN}.x HTTP/1.1\r\nhost: aisleiq.test`);
    const requestLines = logLines.filter((line) => line.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(paths.length);
    expect(logLines.filter((line) => line.includes(TOKEN))).toEqual([]);
    expect(requestLines.some((line) => line.includes('"url":"/verify/[redacted]"'))).toBe(true);
    expect(requestLines.some((line) => line.includes('"url":"/accept-invitation/[redacted]?lang=es"'))).toBe(
      true,
    );
  });
});
