import type { MeResponse, SessionUser } from "@common/api/auth";
import type { Role } from "@common/roles";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { PortalHeader } from "~/components/portal-header";
import { UserDashboard } from "~/features/dashboard/user-dashboard";
import "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { sessionUser } from "./support/fake-api";

function person(role: Role): SessionUser {
  return sessionUser({ id: 3, email: "cara@fresh.example", fullName: "Cara Company", role });
}

let fetchMock: Mock;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === "/api/auth/logout") return Response.json({ message: "Logged out" });
    if (url === "/api/background-checks/mine") return Response.json([]);
    return Response.json([]);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Renders `element` at `path` inside a router that also has the sign-in page. */
function renderAt(path: string, element: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard" element={element} />
          <Route path="/admin/dashboard" element={element} />
          <Route path="/admin/login" element={<p>Admin sign-in page</p>} />
          <Route path="/sign-in" element={<p>Sign-in page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const portalNav = () => screen.getByRole("navigation", { name: "Portal" });
const linkNames = () =>
  within(portalNav())
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("portal header (ADR 0018)", () => {
  it.each([
    ["user", ["Dashboard"]],
    ["company_admin", ["Dashboard", "Admin"]],
    ["admin", ["Dashboard", "Admin"]],
  ] as const)("shows a %s the links %j and their name", (role, links) => {
    renderAt("/dashboard", <PortalHeader user={person(role)} />);
    expect(linkNames()).toEqual(links);
    expect(screen.getByTestId("portal-user-name").textContent).toBe("Signed in as Cara Company");
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
  });

  it("marks the current page with aria-current and no other", () => {
    const { unmount } = renderAt("/admin/dashboard", <PortalHeader user={person("admin")} />);
    expect(within(portalNav()).getByRole("link", { name: "Admin" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(
      within(portalNav()).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current"),
    ).toBeNull();
    unmount();
    renderAt("/dashboard", <PortalHeader user={person("admin")} />);
    expect(within(portalNav()).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(within(portalNav()).getByRole("link", { name: "Admin" }).getAttribute("aria-current")).toBeNull();
  });

  it("reaches the admin area from the keyboard and signs out to the sign-in page", async () => {
    const events = userEvent.setup();
    renderAt("/dashboard", <PortalHeader user={person("company_admin")} />);
    // Skip link, logo, Sign out, Dashboard, Admin: the order they are seen in.
    await events.tab();
    expect(document.activeElement?.textContent).toBe("Skip to content");
    await events.tab();
    await events.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Sign out" }));
    await events.tab();
    await events.tab();
    const admin = within(portalNav()).getByRole("link", { name: "Admin" });
    expect(document.activeElement).toBe(admin);
    await events.keyboard("{Enter}");
    await waitFor(() => expect(admin.getAttribute("aria-current")).toBe("page"));

    await events.click(screen.getByRole("button", { name: "Sign out" }));
    // A company admin signs in again on `/sign-in` (ADR 0038).
    expect(await screen.findByText("Sign-in page")).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === "/api/auth/logout" && init?.method === "POST"),
    ).toBe(true);
  });

  it("signs an admin out to the admin sign-in page (ADR 0038)", async () => {
    renderAt("/dashboard", <PortalHeader user={person("admin")} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Admin sign-in page")).toBeTruthy();
  });
});

describe("user dashboard for managers (ADR 0018)", () => {
  const session = (role: Role): MeResponse => ({ user: person(role), company: null });

  it.each(["admin", "company_admin"] as const)("shows a %s the way to the admin area", async (role) => {
    const events = userEvent.setup();
    renderAt("/dashboard", <UserDashboard session={session(role)} />);
    await events.click(screen.getByRole("link", { name: "Go to Admin Dashboard" }));
    await waitFor(() =>
      expect(within(portalNav()).getByRole("link", { name: "Admin" }).getAttribute("aria-current")).toBe(
        "page",
      ),
    );
  });

  it("shows a user neither the panel nor an Admin link", () => {
    renderAt("/dashboard", <UserDashboard session={session("user")} />);
    expect(screen.queryByRole("link", { name: "Go to Admin Dashboard" })).toBeNull();
    expect(linkNames()).toEqual(["Dashboard"]);
  });
});
