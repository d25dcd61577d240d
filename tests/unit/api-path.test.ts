import { describe, expect, it } from "vitest";
import { isApiPath } from "../../src/server/http/api-path";

describe("isApiPath", () => {
  it("is true for /api itself and anything under /api/, with or without a query", () => {
    for (const url of ["/api", "/api/", "/api/leads", "/api?page=1", "/api/leads?page=2"]) {
      expect(isApiPath(url), url).toBe(true);
    }
  });
  it("is false for page paths that only start with the same letters", () => {
    for (const url of ["/", "/apiary", "/apis/x", "/es/api", "/calculator?api=1"]) {
      expect(isApiPath(url), url).toBe(false);
    }
  });
});
