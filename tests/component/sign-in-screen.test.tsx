import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { AdminLoginScreen } from "~/features/auth/admin-login-screen";
import { ProtectedRoute } from "~/features/auth/protected-route";
import { createQueryClient } from "~/lib/query-client";

/**
 * The two sign-in entries and why a session ended (ADR 0038): `/sign-in` 'Sign in to AisleIQ' for
 * invited users and company admins, `/admin/login` 'Admin Portal' for admins (docs/product.md#2-pages),
 * the same form; a signed-out visitor of a portal page is sent to the entry of its audience; a
 * session that ended because the account was deactivated says so, and whom to ask.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const DEACTIVATED = {
  error: "Your account has been deactivated.",
  code: "ACCOUNT_DEACTIVATED",
};
const SIGNED_OUT = { error: "Please sign in to continue.", code: "UNAUTHENTICATED" };

/** A server whose `/api/auth/me` answers `me` once, then a plain 401 (the cookie is cleared). */
function stubServer(me: { status: number; body: unknown }) {
  let first = true;
  const fetchMock = vi.fn(async (url: string) => {
    if (url === "/api/auth/me") {
      const answer = first ? me : { status: 401, body: SIGNED_OUT };
      first = false;
      return json(answer.status, answer.body);
    }
    if (url === "/api/admin/login-info") return json(200, { adminExists: true });
    if (url === "/api/auth/send-magic-link") return json(200, { message: "ok" });
    return json(404, { error: "Not found", code: "NOT_FOUND" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const SignInPage = () => <AdminLoginScreen entry="account" />;
const AdminLoginPage = () => <AdminLoginScreen />;
const DashboardPage = () => <ProtectedRoute>{() => <h1>Dashboard</h1>}</ProtectedRoute>;
const AdminDashboardPage = () => <ProtectedRoute adminOnly>{() => <h1>Admin dashboard</h1>}</ProtectedRoute>;

function renderAt(path: string) {
  const Stub = createRoutesStub([
    { path: "/sign-in", Component: SignInPage },
    { path: "/admin/login", Component: AdminLoginPage },
    { path: "/dashboard", Component: DashboardPage },
    { path: "/admin/dashboard", Component: AdminDashboardPage },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={[path]} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  sessionStorage.clear();
});

describe("sign-in entries (ADR 0038)", () => {
  it("titles /sign-in 'Sign in to AisleIQ' with the same form, and /admin/login 'Admin Portal'", async () => {
    stubServer({ status: 401, body: SIGNED_OUT });
    renderAt("/sign-in");
    expect(await screen.findByRole("heading", { name: "Sign in to AisleIQ" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send Secure Login Link" })).toBeTruthy();
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    cleanup();

    stubServer({ status: 401, body: SIGNED_OUT });
    renderAt("/admin/login");
    expect(await screen.findByRole("heading", { name: "Admin Portal" })).toBeTruthy();
  });

  it("sends a signed-out visitor of /dashboard to /sign-in", async () => {
    stubServer({ status: 401, body: SIGNED_OUT });
    renderAt("/dashboard");
    expect(await screen.findByRole("heading", { name: "Sign in to AisleIQ" })).toBeTruthy();
  });

  it("sends a signed-out visitor of /admin/dashboard to /admin/login", async () => {
    stubServer({ status: 401, body: SIGNED_OUT });
    renderAt("/admin/dashboard");
    expect(await screen.findByRole("heading", { name: "Admin Portal" })).toBeTruthy();
  });
});

describe("a session ended by deactivation (ADR 0038)", () => {
  it("tells her on the sign-in page that her account was deactivated and whom to ask", async () => {
    stubServer({ status: 401, body: DEACTIVATED });
    renderAt("/dashboard");
    expect(await screen.findByRole("heading", { name: "Sign in to AisleIQ" })).toBeTruthy();
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("Your account is deactivated");
    expect(notice.textContent).toContain("ask your company's admin");
    expect(notice.textContent).toContain("AisleIQ support");
  });

  it("still says so after a reload (the server then answers a plain 401), until she asks for a link", async () => {
    stubServer({ status: 401, body: DEACTIVATED });
    renderAt("/dashboard");
    await screen.findByRole("alert");
    cleanup();

    // The reload: the cookie is gone, so the server no longer knows why.
    stubServer({ status: 401, body: SIGNED_OUT });
    renderAt("/sign-in");
    expect((await screen.findByRole("alert")).textContent).toContain("Your account is deactivated");
    await userEvent.setup().type(screen.getByLabelText("Email"), "ines@example.com");
    await userEvent.setup().click(screen.getByRole("button", { name: "Send Secure Login Link" }));
    expect(await screen.findByRole("heading", { name: "Check Your Email" })).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it("shows no notice for a session that simply expired", async () => {
    stubServer({ status: 401, body: SIGNED_OUT });
    renderAt("/dashboard");
    expect(await screen.findByRole("heading", { name: "Sign in to AisleIQ" })).toBeTruthy();
    expect(screen.queryByText("Your account is deactivated")).toBeNull();
  });
});
