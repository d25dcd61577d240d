import type { SessionUser } from "@common/api/auth";
import { act } from "@testing-library/react";
import { afterEach, type Mock, vi } from "vitest";
import { dismissToast } from "~/hooks/use-toast";

/** The signed-in platform admin (Ada Admin, id 1) the admin component tests act as. */
export const ADMIN: SessionUser = {
  id: 1,
  email: "ada@example.com",
  fullName: "Ada Admin",
  role: "admin",
  companyId: null,
  isActive: true,
  isEmailVerified: true,
  lastLoginAt: "2026-11-20T10:00:00.000Z",
  createdAt: "2026-11-01T00:00:00.000Z",
  language: "en",
};

/** A JSON `Response` with `status` (default 200), as the API answers. */
/**
 * A signed-in account as `/api/auth/me` returns it: Uma User (id 7, role user, English) unless
 * `overrides` says otherwise.
 */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    email: "uma@example.com",
    fullName: "Uma User",
    role: "user",
    companyId: null,
    isActive: true,
    isEmailVerified: true,
    lastLoginAt: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    language: "en",
    ...overrides,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * Replaces global `fetch` with a mock that answers through `server` (a fake of the API).
 * Call inside `beforeEach` (with {@link restoreAfterEach}); the returned mock records every request.
 */
export function stubFetch(server: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>): Mock {
  const mock = vi.fn(server);
  vi.stubGlobal("fetch", mock);
  return mock;
}

/** Registers the `afterEach` that dismisses open toasts and restores the real `fetch`. */
export function restoreAfterEach(): void {
  afterEach(() => {
    act(() => dismissToast());
    vi.unstubAllGlobals();
  });
}
