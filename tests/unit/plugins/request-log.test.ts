import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { redactUrl, requestLogOptions, requestLogPlugin } from "../../../src/server/http/plugins/request-log";

const TOKEN = "a".repeat(43);

/**
 * Request ids and logging: one `request` line per answered request with its reqId, method,
 * redacted URL, status and time (no secrets in logs, docs/architecture.md#security-boundaries),
 * and the request-duration observation (ADR 0053).
 */
describe("request log plugin", () => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  const observed: unknown[][] = [];
  beforeAll(async () => {
    app = Fastify(
      requestLogOptions({ level: "info", stream: { write: (line) => lines.push(JSON.parse(line)) } }),
    );
    await app.register(requestLogPlugin, { observe: (...args) => observed.push(args) });
    app.get("/api/things/:id", async (request) => {
      request.log.info({ req: request }, "seen");
      return { ok: true };
    });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    lines.length = 0;
    observed.length = 0;
  });
  const requestLines = () => lines.filter((line) => line.msg === "request");

  it("writes one line per request, with its own request id, and no line of Fastify's own", async () => {
    await app.inject({ method: "GET", url: "/api/things/1?page=2" });
    await app.inject({ method: "GET", url: "/api/things/2", headers: { "request-id": "from-the-client" } });
    const [first, second] = requestLines();
    expect(requestLines()).toHaveLength(2);
    expect(first).toMatchObject({ level: 30, method: "GET", url: "/api/things/1?page=2", statusCode: 200 });
    expect(first?.responseTime).toEqual(expect.any(Number));
    expect(first?.reqId).toEqual(expect.any(String));
    expect(second?.reqId).not.toBe(first?.reqId);
    // The id is the server's own, never one a client names.
    expect(second?.reqId).not.toBe("from-the-client");
    expect(lines.filter((line) => /incoming request|request completed/.test(String(line.msg)))).toEqual([]);
  });

  it("logs a 404 too, and observes each request with its route pattern or `unmatched`", async () => {
    await app.inject({ method: "GET", url: "/api/things/7" });
    await app.inject({ method: "GET", url: "/nowhere" });
    expect(requestLines().map((line) => [line.url, line.statusCode])).toEqual([
      ["/api/things/7", 200],
      ["/nowhere", 404],
    ]);
    expect(observed.map(([method, route, status]) => [method, route, status])).toEqual([
      ["GET", "/api/things/:id", 200],
      ["GET", "unmatched", 404],
    ]);
    expect(observed[0]?.[3]).toEqual(expect.any(Number));
  });

  it("never logs a token, a cookie or an Authorization header", async () => {
    await app.inject({
      method: "GET",
      url: `/api/things/${TOKEN}?x=1`,
      headers: { cookie: "__Host-session=secret-cookie", authorization: "Bearer secret-bearer" },
    });
    const text = JSON.stringify(lines);
    expect(requestLines()[0]?.url).toBe("/api/things/[redacted]?x=1");
    expect(lines.find((line) => line.msg === "seen")?.req).toEqual({
      method: "GET",
      url: "/api/things/[redacted]?x=1",
      remoteAddress: "127.0.0.1",
    });
    for (const secret of [TOKEN, "secret-cookie", "secret-bearer"]) expect(text).not.toContain(secret);
  });
});

/** The request target as logged (ADR 0030). */
describe("redactUrl", () => {
  it.each([
    [`/verify/${TOKEN}`, "/verify/[redacted]"],
    ["/verify/short/more?x=1", "/verify/[redacted]?x=1"],
    ["/accept-invitation/abc", "/accept-invitation/[redacted]"],
    ["/%76erify/abc", "/verify/[redacted]"],
    ["/x/../verify/abc", "/verify/[redacted]"],
    [`http://host.example/verify/${TOKEN}`, "/verify/[redacted]"],
    [`/api/files/${TOKEN}/download?page=2`, "/api/files/[redacted]/download?page=2"],
    ["/dashboard?tab=1", "/dashboard?tab=1"],
  ])("logs %s as %s", (target, logged) => {
    expect(redactUrl(target)).toBe(logged);
  });
});
