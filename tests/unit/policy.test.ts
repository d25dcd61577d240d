import { describe, expect, it } from "vitest";
import {
  type Actor,
  canInvite,
  canManageUser,
  canReview,
  canView,
  inviteRefusal,
  manageScope,
  permitted,
} from "../../src/server/auth/policy";
import { HttpError } from "../../src/server/core/errors";

const admin: Actor = { id: 1, role: "admin", companyId: null };
const caA: Actor = { id: 2, role: "company_admin", companyId: 10 };
const caNone: Actor = { id: 3, role: "company_admin", companyId: null };
const userA: Actor = { id: 4, role: "user", companyId: 10 };
const userB: Actor = { id: 5, role: "user", companyId: 20 };
const checkOf = (owner: Actor) => ({ ownerId: owner.id, ownerCompanyId: owner.companyId });

describe("tenant policy (ADR 0009, 0017)", () => {
  it("scopes admins to everything, company admins to their company, and refuses users", () => {
    expect(manageScope(admin)).toEqual({ all: true });
    expect(manageScope(caA)).toEqual({ all: false, companyId: 10 });
    expect(() => manageScope(userA)).toThrow(/permission/);
  });

  it("lets owners and in-scope managers view a check, nobody else", () => {
    expect(canView(userA, checkOf(userA))).toBe(true);
    expect(canView(caA, checkOf(userA))).toBe(true);
    expect(canView(admin, checkOf(userB))).toBe(true);
    expect(canView(caA, checkOf(userB))).toBe(false);
    expect(canView(userB, checkOf(userA))).toBe(false);
    expect(canView(caNone, checkOf({ ...userA, companyId: null }))).toBe(false);
  });

  it("refuses self-review before scope, and hides out-of-scope checks", () => {
    expect(canReview(admin, checkOf(admin))).toBe("self");
    expect(canReview(caA, checkOf(caA))).toBe("self");
    expect(canReview(caA, checkOf(userA))).toBe("ok");
    expect(canReview(caA, checkOf(userB))).toBe("hidden");
    expect(canReview(userA, checkOf(userB))).toBe("hidden");
  });

  it("lets company admins invite users and company admins into their own company only", () => {
    expect(canInvite(admin, { role: "admin", companyId: null })).toBe(true);
    expect(canInvite(caA, { role: "company_admin", companyId: 10 })).toBe(true);
    expect(inviteRefusal(caA, { role: "user", companyId: 20 })).toBe(
      "You may only invite people into your own company.",
    );
    expect(inviteRefusal(caA, { role: "admin", companyId: 10 })).toBe(
      "You may not invite someone with this role.",
    );
    expect(inviteRefusal(caNone, { role: "user", companyId: null })).toBe(
      "You are not assigned to a company.",
    );
    expect(canInvite(userA, { role: "user", companyId: 10 })).toBe(false);
  });

  it("lets company admins (de)activate non-admins of their company only; admins anyone but themselves", () => {
    expect(canManageUser(caA, userA, "deactivate")).toBe("ok");
    expect(canManageUser(caA, { id: 9, role: "admin", companyId: 10 }, "deactivate")).toBe("forbidden");
    expect(canManageUser(caA, userA, "delete")).toBe("forbidden");
    expect(canManageUser(caA, userA, "update")).toBe("forbidden");
    expect(canManageUser(caA, userB, "reactivate")).toBe("hidden");
    expect(canManageUser(caA, caA, "deactivate")).toBe("self");
    expect(canManageUser(admin, admin, "delete")).toBe("self");
    expect(canManageUser(admin, { id: 9, role: "admin", companyId: null }, "deactivate")).toBe("ok");
    expect(canManageUser(userA, userB, "deactivate")).toBe("hidden");
  });

  it("answers a refused decision with 404 for hidden or missing rows, 403 with its own code for self", () => {
    const refusals = {
      notFound: "Thing not found.",
      self: { code: "SELF_REVIEW_FORBIDDEN", message: "Not your own." },
      forbidden: "Not for your role.",
    } as const;
    const answer = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (error instanceof HttpError) return [error.statusCode, error.code, error.message];
      }
      return "no error";
    };
    expect(permitted(userA, () => "ok", refusals)).toBe(userA);
    expect(answer(() => permitted(undefined, () => "ok", refusals))).toEqual([
      404,
      "NOT_FOUND",
      "Thing not found.",
    ]);
    expect(answer(() => permitted(userA, () => "hidden", refusals))).toEqual([
      404,
      "NOT_FOUND",
      "Thing not found.",
    ]);
    expect(answer(() => permitted(userA, () => "self", refusals))).toEqual([
      403,
      "SELF_REVIEW_FORBIDDEN",
      "Not your own.",
    ]);
    expect(answer(() => permitted(userA, () => "forbidden", refusals))).toEqual([
      403,
      "FORBIDDEN",
      "Not for your role.",
    ]);
  });
});
