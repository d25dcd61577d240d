import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { thirdPartyHosts } from "../../../src/common/site-config";
import { NON_DOCUMENT_CSP, securityHeadersPlugin } from "../../../src/server/http/plugins/security-headers";

const HTML = "<!doctype html><title>AisleIQ</title>";
const hosts = [
  ...new Set([
    ...thirdPartyHosts().scriptSrc,
    ...thirdPartyHosts().frameSrc,
    ...thirdPartyHosts().connectSrc,
  ]),
];

/** An app with the security headers plugin alone and a few routes of each kind. */
async function appWith(options: Parameters<typeof securityHeadersPlugin>[1]): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(securityHeadersPlugin, options);
  app.get("/api/thing", async () => ({ ok: true }));
  for (const page of ["/", "/calculator", "/dashboard", "/verify/:token"]) {
    app.get(page, async (_request, reply) => reply.type("text/html; charset=utf-8").send(HTML));
  }
  app.get("/app.js", async (_request, reply) => reply.type("text/javascript").send("console.log(1)"));
  app.get("/api/preview", async (_request, reply) =>
    reply
      .type("application/pdf")
      .header("content-security-policy", "sandbox; default-src 'none'")
      .send("%PDF"),
  );
  return app;
}

/**
 * The security headers plugin: every response carries helmet's headers computed once (ADR 0031),
 * pages get the CSP of their kind, anything else the short non-document policy (ADR 0071), a
 * route's own policy is kept, and token pages send no referrer.
 */
describe("security headers plugin", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ publicUrl: "https://aisleiq.example" });
  });
  afterAll(() => app.close());

  it("gives an API answer the non-document CSP, HSTS, nosniff, a referrer policy and frame protection", async () => {
    const response = await app.inject({ method: "GET", url: "/api/thing" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toBe(NON_DOCUMENT_CSP);
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("gives the same headers to an answer no route gives", async () => {
    const response = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-security-policy"]).toBe(NON_DOCUMENT_CSP);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("lets a public page load the third-party hosts, and upgrades insecure requests behind https", async () => {
    for (const url of ["/", "/calculator"]) {
      const csp = String((await app.inject({ method: "GET", url })).headers["content-security-policy"]);
      for (const host of hosts) expect([url, csp]).toEqual([url, expect.stringContaining(host)]);
      expect(csp).toContain("upgrade-insecure-requests");
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it("allows no third-party host on a portal page", async () => {
    const csp = String(
      (await app.inject({ method: "GET", url: "/dashboard" })).headers["content-security-policy"],
    );
    expect(csp).toContain("default-src 'self'");
    expect(hosts.filter((host) => csp.includes(host))).toEqual([]);
    expect(csp).toContain("frame-src 'none'");
  });

  it("sends no referrer from a page whose URL carries a token", async () => {
    const response = await app.inject({ method: "GET", url: "/verify/abc" });
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("gives a script the non-document CSP and keeps a route's own policy", async () => {
    const script = await app.inject({ method: "GET", url: "/app.js" });
    expect(script.headers["content-security-policy"]).toBe(NON_DOCUMENT_CSP);
    const preview = await app.inject({ method: "GET", url: "/api/preview" });
    expect(preview.headers["content-security-policy"]).toBe("sandbox; default-src 'none'");
  });

  it("sends neither HSTS nor upgrade-insecure-requests behind an http PUBLIC_URL", async () => {
    const plain = await appWith({ publicUrl: "http://localhost:3000" });
    try {
      const response = await plain.inject({ method: "GET", url: "/" });
      expect(response.headers["strict-transport-security"]).toBeUndefined();
      expect(String(response.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
    } finally {
      await plain.close();
    }
  });
});

/** Each built page's policy allows its own inline scripts only (ADR 0072). */
describe("security headers plugin with built pages", () => {
  let dir: string;
  let app: FastifyInstance;
  const hash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
  const landing = path.join("site", "index.html");
  const shell = path.join("client", "dashboard", "index.html");
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "aisleiq-csp-plugin-"));
    await mkdir(path.join(dir, "client", "dashboard"), { recursive: true });
    await mkdir(path.join(dir, "site"), { recursive: true });
    await writeFile(path.join(dir, landing), `${HTML}<script>landing()</script>`);
    await writeFile(path.join(dir, shell), `${HTML}<script>shell()</script>`);
    app = await appWith({
      publicUrl: "https://aisleiq.example",
      pages: { siteDir: path.join(dir, "site"), clientDir: path.join(dir, "client") },
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("names a page's own inline script, with the hosts of its kind, and no other page's", () => {
    const publicPolicy = String(app.pagePolicy(path.join(dir, landing), "/"));
    expect(publicPolicy).toContain(hash("landing()"));
    expect(publicPolicy).not.toContain(hash("shell()"));
    for (const host of hosts) expect(publicPolicy).toContain(host);
    const portalPolicy = String(app.pagePolicy(path.join(dir, shell), "/dashboard"));
    expect(portalPolicy).toMatch(
      new RegExp(`script-src 'self' ${hash("shell()").replace(/[+/]/g, "\\$&")};`),
    );
    expect(hosts.filter((host) => portalPolicy.includes(host))).toEqual([]);
  });

  it("decides no policy for a file that is no built page", () => {
    expect(app.pagePolicy(path.join(dir, "site", "other.html"), "/")).toBeUndefined();
  });

  it("allows every built page's inline scripts on a page answer that is no built file", async () => {
    const csp = String(
      (await app.inject({ method: "GET", url: "/calculator" })).headers["content-security-policy"],
    );
    expect(csp).toContain(hash("landing()"));
    expect(csp).toContain(hash("shell()"));
  });
});
