import { describe, expect, it } from "vitest";
import { HttpError } from "../../src/server/core/errors";
import type { Database } from "../../src/server/db/database";
import { isRetryableConflict, TRANSACTION_ATTEMPTS, transactionWithRetry } from "../../src/server/db/retry";

/** A database whose transactions run `work` directly, counting the runs. */
function fakeDb() {
  const db = {
    runs: 0,
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      db.runs++;
      return work({});
    },
  };
  return db;
}
/** An error as Drizzle wraps a PostgreSQL one: the SQLSTATE sits on the cause. */
const failedQuery = (code: string) => Object.assign(new Error("Failed query"), { cause: { code } });

describe("transactionWithRetry (docs/architecture.md lock order; ADR 0011)", () => {
  it("runs a transaction again after a deadlock or serialization failure and returns its result", async () => {
    for (const code of ["40P01", "40001"]) {
      const db = fakeDb();
      const result = await transactionWithRetry(db as unknown as Database, async () => {
        if (db.runs < 2) throw failedQuery(code);
        return "done";
      });
      expect(result).toBe("done");
      expect(db.runs).toBe(2);
    }
  });

  it("answers 503 SERVICE_UNAVAILABLE, never a 500, when every attempt conflicts", async () => {
    const db = fakeDb();
    const failure = await transactionWithRetry(db as unknown as Database, async () => {
      throw failedQuery("40P01");
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 503, code: "SERVICE_UNAVAILABLE" });
    expect(db.runs).toBe(TRANSACTION_ATTEMPTS);
  });

  it("does not repeat a transaction that failed for any other reason", async () => {
    const db = fakeDb();
    const unique = failedQuery("23505");
    await expect(
      transactionWithRetry(db as unknown as Database, async () => {
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(db.runs).toBe(1);
    expect(isRetryableConflict(new HttpError(409, "CONFLICT", "x"))).toBe(false);
  });
});

describe("an HttpError 503 through the error handler", () => {
  it("carries Retry-After, as every other 503 does (ADR 0011)", async () => {
    const Fastify = (await import("fastify")).default;
    const { installErrorHandler } = await import("../../src/server/http/errors");
    const app = Fastify();
    installErrorHandler(app);
    app.get("/busy", async () => {
      throw new HttpError(
        503,
        "SERVICE_UNAVAILABLE",
        "The service is busy. Please try again in a few seconds.",
      );
    });
    const response = await app.inject({ method: "GET", url: "/busy" });
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    await app.close();
  });
});
