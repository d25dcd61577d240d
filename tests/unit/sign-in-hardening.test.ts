import { describe, expect, it, vi } from "vitest";
import { maskEmail } from "../../src/server/auth/binding";
import { BackgroundTasks } from "../../src/server/background-tasks";
import { loadConfig, trustProxyOption } from "../../src/server/config";
import { ipKey, ipSiteKey } from "../../src/server/http/rate-limit";

describe("ipKey (ADR 0016: per-IP limits group IPv6 by /64)", () => {
  it("keeps IPv4 per address, also when IPv4-mapped", () => {
    expect(ipKey("203.0.113.7")).toBe("203.0.113.7");
    expect(ipKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(ipKey("::ffff:203.0.113.8")).not.toBe(ipKey("203.0.113.7"));
  });

  it("groups IPv6 addresses by their /64", () => {
    const a = ipKey("2001:db8:1:2:a:b:c:d");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(ipKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(a);
    expect(ipKey("2001:db8:1:2::1%eth0")).toBe(a);
    expect(ipKey("2001:db8:1:3::1")).not.toBe(a);
    expect(ipKey("::1")).toBe("::/64");
  });

  it("passes anything unparsable through unchanged", () => {
    expect(ipKey("")).toBe("");
    expect(ipKey("not-an-ip")).toBe("not-an-ip");
  });
});

describe("ipSiteKey (ADR 0034: per-IP limits also count the IPv6 /48)", () => {
  it("groups IPv6 addresses of different /64s by their /48", () => {
    const site = ipSiteKey("2001:db8:1:2:a:b:c:d");
    expect(site).toBe("2001:db8:1::/48");
    expect(ipSiteKey("2001:db8:1:ffff::1")).toBe(site);
    expect(ipSiteKey("2001:db8:2:2::1")).not.toBe(site);
  });

  it("has no wider key for IPv4, IPv4-mapped or unparsable addresses", () => {
    expect(ipSiteKey("203.0.113.7")).toBeUndefined();
    expect(ipSiteKey("::ffff:203.0.113.7")).toBeUndefined();
    expect(ipSiteKey("not-an-ip")).toBeUndefined();
  });
});

describe("TRUST_PROXY (ADR 0016)", () => {
  it("trusts nothing by default, also in production", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: "production" }).TRUST_PROXY).toBe(false);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(0)).toBe(false);
  });

  it("reads a hop count as a function trusting that many hops", () => {
    const option = trustProxyOption(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY);
    if (typeof option !== "function") throw new Error("expected a function");
    expect([0, 1, 2].map((hop) => option("10.0.0.1", hop))).toEqual([true, true, false]);
  });

  it("reads a list of addresses, CIDR blocks and proxy-addr names", () => {
    expect(loadConfig({ TRUST_PROXY: " 10.0.0.0/8, 192.0.2.1,2001:db8::/32 ,loopback" }).TRUST_PROXY).toEqual(
      ["10.0.0.0/8", "192.0.2.1", "2001:db8::/32", "loopback"],
    );
  });

  it("refuses anything else, naming the bad entries", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: .*not valid: true/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/8, proxy.example" })).toThrow(/proxy\.example/);
    expect(() => loadConfig({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
  });
});

describe("maskEmail (ADR 0015)", () => {
  it("shows the first character and the domain", () => {
    expect(maskEmail("alice@example.com")).toBe("a•••@example.com");
    expect(maskEmail("a@example.com")).toBe("a•••@example.com");
    expect(maskEmail("élodie@example.fr")).toBe("é•••@example.fr");
  });
});

describe("BackgroundTasks", () => {
  it("logs a failure without the query's parameters, and idle() waits for every task", async () => {
    const error = vi.fn();
    const tasks = new BackgroundTasks({ error } as never);
    let done = false;
    tasks.run("slow", async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = true;
    });
    tasks.run("failing", async () => {
      // Drizzle's wrapper: its message and params carry the emailed link.
      throw Object.assign(
        new Error("Failed query: insert into email_outbox ... params: https://x.test/verify/SECRET"),
        {
          query: "insert into email_outbox ...",
          params: ["https://x.test/verify/SECRET"],
          cause: Object.assign(new Error("new row violates check constraint"), {
            code: "23514",
            severity: "ERROR",
          }),
        },
      );
    });
    await tasks.idle();
    expect(done).toBe(true);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toMatchObject({ task: "failing", err: { db: { code: "23514" } } });
    expect(JSON.stringify(error.mock.calls)).not.toContain("SECRET");
  });
});
