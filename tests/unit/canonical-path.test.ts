import { describe, expect, it } from "vitest";
import { canonicalPath, isCanonicalPath } from "../../src/server/http/canonical-path";

/** ADR 0030: the spellings the router would map onto another path are refused; the rest pass. */
describe("isCanonicalPath", () => {
  it.each([
    "/%61pi/leads",
    "/ap%49/leads",
    "/api/le%61ds",
    "/%7Eadmin",
    "/api/%5F",
    "/./api/leads",
    "/x/../api/leads",
    "/api/leads/.",
    "/api/leads/..",
    "/%2e/api",
    "/%2E%2E/api",
    "/.%2e/api",
  ])("refuses %s", (path) => {
    expect(isCanonicalPath(path)).toBe(false);
  });

  it.each([
    "/",
    "/api/leads?q=%61&next=../x",
    "/api%2Fleads",
    "/api/invitations/abc%2Fdef",
    "/es/caf%C3%A9",
    "/api/leads/%20",
    "/file.name.js",
    "/..hidden/x",
    "/.well-known/x",
    "/api/leads#/../x",
  ])("passes %s", (path) => {
    expect(isCanonicalPath(path)).toBe(true);
  });
});

describe("canonicalPath", () => {
  it("decodes unreserved characters, removes dot segments, keeps other escapes and drops the query", () => {
    expect(canonicalPath("/%76erify/abc?x=1")).toBe("/verify/abc");
    expect(canonicalPath("/x/../api/./invitations/%2e%2E/leads")).toBe("/api/leads");
    expect(canonicalPath("/../../api")).toBe("/api");
    expect(canonicalPath("/api/%2F/%C3%A9")).toBe("/api/%2F/%C3%A9");
    expect(canonicalPath("/api/leads/..")).toBe("/api/");
  });
});
