import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { startMetricsListener } from "../../src/server/metrics/listener";
import { oneBackend } from "./support/database";
import { useTestDatabase, useTestServer } from "./support/fixture";
import { leadBody } from "./support/payloads";
import { closedPort, httpRequest, startTestServer, waitFor } from "./support/test-app";

const TOKEN = "metrics-token-0123456789abcdef";

/**
 * The value of one sample of a Prometheus text exposition: the line `name{labels} value` whose
 * labels include every one of `labels`; undefined when there is none.
 */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

describe.each(oneBackend())("Prometheus metrics on $name", (backend) => {
  const database = useTestDatabase(backend);
  // SMTP is down, so lead emails stay in the outbox and its gauges have something to show.
  const env: Record<string, string> = { METRICS_TOKEN: TOKEN };
  beforeAll(async () => {
    env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
  });
  const f = useTestServer(database, { env });
  const scrape = async () => {
    const response = await f.server.request("GET", "/metrics", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return String(response.body);
  };

  it("answers 401 without the token or with a wrong one, and Prometheus text with it", async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer wrong-token-0123456789abcdef" },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const refused = await f.server.request("GET", "/metrics", { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(refused.body).toMatchObject({ code: "UNAUTHENTICATED" });
      expect(JSON.stringify(refused.body)).not.toContain("process_cpu");
    }
    const text = await scrape();
    expect(text).toContain("# TYPE aisleiq_http_request_duration_seconds histogram");
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(sample(text, "aisleiq_database_up")).toBe(1);
  });

  it("moves the route histogram, the outbox gauges and the rate-limit counter after traffic", async () => {
    const before = await scrape();
    const healthCount = (text: string) =>
      sample(text, "aisleiq_http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/health",
        status: "200",
      }) ?? 0;
    expect(sample(before, "aisleiq_outbox_pending", { channel: "email" })).toBe(0);

    for (let i = 0; i < 3; i++) expect((await f.server.request("GET", "/api/health")).status).toBe(200);
    expect((await f.server.request("GET", "/api/no-such-route")).status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await f.server.request("POST", "/api/send-get-started-email", {
            json: leadBody({ email: `m${i}@example.com` }),
          })
        ).status,
      );
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);

    const after = await scrape();
    expect(healthCount(after) - healthCount(before)).toBe(3);
    expect(
      sample(after, "aisleiq_http_request_duration_seconds_bucket", {
        route: "/api/health",
        status: "200",
        le: "+Inf",
      }),
    ).toBe(healthCount(after));
    expect(
      sample(after, "aisleiq_http_request_duration_seconds_count", { route: "unmatched", status: "404" }),
    ).toBe(1);
    expect(
      sample(after, "aisleiq_http_request_duration_seconds_count", {
        method: "POST",
        route: "/api/send-get-started-email",
        status: "429",
      }),
    ).toBe(1);
    expect(sample(after, "aisleiq_rate_limit_rejections_total", { limit: "lead-ip" })).toBe(1);
    // Ten leads: a sales notice and a confirmation each, none sent.
    expect(sample(after, "aisleiq_outbox_pending", { channel: "email" })).toBeGreaterThanOrEqual(20);
    expect(sample(after, "aisleiq_outbox_oldest_pending_age_seconds", { channel: "email" })).toBeGreaterThan(
      0,
    );
    expect(sample(after, "aisleiq_outbox_pending", { channel: "webhook" })).toBe(0);
    expect(sample(after, "aisleiq_sign_in_requests_pending")).toBe(0);
    // The outbox has tried the lead notices by now and counts each failed attempt.
    const failedAttempts = await waitFor(async () => {
      const value = sample(await scrape(), "aisleiq_emails_failed_total", {
        kind: "lead",
        permanent: "false",
      });
      return value !== undefined && value >= 1 && value;
    });
    expect(failedAttempts).toBeGreaterThanOrEqual(1);
  });

  it("serves the same text without a token on a loopback METRICS_PORT, and nothing else there", async () => {
    const listener = await startMetricsListener(f.server.app, 0);
    try {
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const response = await httpRequest(base, "GET", "/metrics");
      expect(response.status).toBe(200);
      expect(sample(String(response.body), "aisleiq_database_up")).toBe(1);
      expect((await httpRequest(base, "GET", "/api/health")).status).toBe(404);
      expect((listener.address() as AddressInfo).address).toBe("127.0.0.1");
    } finally {
      listener.close();
    }
  });

  it("has no /metrics at all without METRICS_TOKEN", async () => {
    const plain = await startTestServer({
      db: f.handle,
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
    });
    try {
      expect(plain.app.ctx.metrics).toBeUndefined();
      const response = await plain.request("GET", "/metrics", {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
