import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originCheckPlugin } from "../../../src/server/http/plugins/origin-check";

/**
 * The origin check (CSRF defence, docs/architecture.md#security-boundaries): a state-changing API
 * request a browser sends from another origin gets 403 CROSS_ORIGIN_REJECTED; reads, pages and
 * clients that send neither Origin nor Sec-Fetch-Site pass.
 */
describe("origin check plugin", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(originCheckPlugin, { publicUrl: "https://aisleiq.example" });
    app.post("/api/thing", async () => ({ ok: true }));
    app.get("/api/thing", async () => ({ ok: true }));
    app.post("/form", async () => ({ ok: true }));
  });
  afterAll(() => app.close());

  const post = (headers: Record<string, string>, url = "/api/thing") =>
    app.inject({ method: "POST", url, headers, payload: {} });

  it("refuses a POST from another origin with 403 and the error body", async () => {
    const response = await post({ origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: "Cross-origin requests are not allowed.",
      code: "CROSS_ORIGIN_REJECTED",
    });
  });

  it("refuses a POST without Origin that the browser marks cross-site", async () => {
    expect((await post({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
  });

  it("lets through PUBLIC_URL's origin, the request's own host, same-site requests and header-less clients", async () => {
    expect((await post({ origin: "https://aisleiq.example" })).statusCode).toBe(200);
    expect((await post({ origin: "http://app.internal", host: "app.internal" })).statusCode).toBe(200);
    expect((await post({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
  });

  it("refuses an origin that differs from PUBLIC_URL by scheme only", async () => {
    expect((await post({ origin: "http://aisleiq.example" })).statusCode).toBe(403);
  });

  it("lets reads and non-API requests from another origin through", async () => {
    const read = await app.inject({
      method: "GET",
      url: "/api/thing",
      headers: { origin: "https://evil.example" },
    });
    expect(read.statusCode).toBe(200);
    expect((await post({ origin: "https://evil.example" }, "/form")).statusCode).toBe(200);
  });
});
