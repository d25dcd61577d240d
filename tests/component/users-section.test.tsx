import type { SessionUser } from "@common/api/auth";
import type { Company } from "@common/api/companies";
import {
  type ManagedUser,
  type UserAudit,
  type UserList,
  updateUserBodySchema,
  userAuditResponseSchema,
  userListResponseSchema,
  userResponseSchema,
} from "@common/api/users";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, type Mock } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { StatCards } from "~/features/admin/stat-cards";
import { UserAuditPanel } from "~/features/admin/user-audit-panel";
import { UsersSection } from "~/features/admin/users-section";
import "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { ADMIN, json, restoreAfterEach, stubFetch } from "./support/fake-api";

const COMPANY_ADMIN: SessionUser = {
  ...ADMIN,
  id: 2,
  email: "cara@fresh.example",
  fullName: "Cara Company",
  role: "company_admin",
  companyId: 10,
};
const COMPANIES: Company[] = [
  {
    id: 10,
    name: "Fresh Foods",
    email: "ops@fresh.example",
    phone: null,
    address: null,
    createdAt: "2026-11-01T00:00:00.000Z",
  },
  {
    id: 11,
    name: "Corner Mart",
    email: "ops@corner.example",
    phone: null,
    address: null,
    createdAt: "2026-11-01T00:00:00.000Z",
  },
];

function managed(id: number, overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id,
    fullName: `Person ${String(id).padStart(2, "0")}`,
    email: `person${id}@fresh.example`,
    role: "user",
    companyId: 10,
    companyName: "Fresh Foods",
    isActive: true,
    passkeyCount: 0,
    lastLoginAt: null,
    createdAt: "2026-11-02T00:00:00.000Z",
    ...overrides,
  };
}

/** The server's users, mutated by the fake's PATCH/POST/DELETE like the real API. */
let users: ManagedUser[];
let fetchMock: Mock;
/** When set, every mutation answers this status and body. */
let failMutationsWith: { status: number; body: unknown } | null;

/** Answers the user-management API like the server would (contract: src/common/api/users.ts). */
async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), "http://localhost");
  const method = init?.method ?? "GET";
  if (url.pathname === "/api/companies") return json(COMPANIES);
  if (url.pathname === "/api/admin/stats")
    return json({ totalUsers: users.length, companies: 2, pendingChecks: 0, approved: 0 });
  if (url.pathname === "/api/admin/users/audit") {
    return json(userAuditResponseSchema.parse({ entries: [], total: 0, page: 1, pageSize: 20 }));
  }
  if (url.pathname === "/api/admin/users" && method === "GET") {
    const q = url.searchParams.get("q")?.toLowerCase() ?? "";
    const page = Number(url.searchParams.get("page") ?? 1);
    const pageSize = Number(url.searchParams.get("pageSize") ?? 20);
    const matches = users.filter((u) => `${u.fullName} ${u.email}`.toLowerCase().includes(q));
    const body: UserList = {
      users: matches.slice((page - 1) * pageSize, page * pageSize),
      total: matches.length,
      page,
      pageSize,
    };
    return json(userListResponseSchema.parse(body));
  }
  const match = url.pathname.match(/^\/api\/admin\/users\/(\d+)(?:\/(deactivate|reactivate|passkeys))?$/);
  if (match) {
    if (failMutationsWith) return json(failMutationsWith.body, failMutationsWith.status);
    const id = Number(match[1]);
    const target = users.find((u) => u.id === id);
    if (!target) return json({ error: "User not found", code: "NOT_FOUND" }, 404);
    if (method === "DELETE" && match[2] === "passkeys") {
      const removed = target.passkeyCount;
      target.passkeyCount = 0;
      return json({ removed });
    }
    if (method === "DELETE") {
      users = users.filter((u) => u.id !== id);
      return new Response(null, { status: 204 });
    }
    if (method === "PATCH") {
      const body = updateUserBodySchema.parse(JSON.parse(String(init?.body)));
      Object.assign(target, body.role ? { role: body.role } : {});
      if (body.companyId !== undefined) {
        target.companyId = body.companyId;
        target.companyName = COMPANIES.find((c) => c.id === body.companyId)?.name ?? null;
      }
      return json(userResponseSchema.parse({ user: target }));
    }
    if (method === "POST") {
      target.isActive = match[2] === "reactivate";
      return json(userResponseSchema.parse({ user: target }));
    }
  }
  throw new Error(`unexpected ${method} ${url}`);
}

beforeEach(() => {
  users = [
    managed(1, {
      fullName: "Ada Admin",
      email: "ada@example.com",
      role: "admin",
      companyId: null,
      companyName: null,
      lastLoginAt: "2026-11-20T10:00:00.000Z",
    }),
    ...Array.from({ length: 24 }, (_, index) => managed(index + 2)),
  ];
  failMutationsWith = null;
  fetchMock = stubFetch(fakeServer);
});
restoreAfterEach();

function renderSection(viewer: SessionUser = ADMIN) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <StatCards />
      <UsersSection viewer={viewer} />
      <Toaster />
    </QueryClientProvider>,
  );
}

// `hidden`: the rows stay readable while a modal dialog hides the rest from assistive tech.
const table = () => screen.getByRole("table", { hidden: true });
const rowOf = (name: string) => within(table()).getByRole("row", { name: new RegExp(name), hidden: true });
const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? "GET") === method)
    .map(([input, init]) => ({ url: String(input), body: (init as RequestInit | undefined)?.body }));

describe("Users section (ADR 0017)", () => {
  it("lists a page of users with role, company, status and last login, and pages on", async () => {
    const events = userEvent.setup();
    renderSection();
    expect(screen.getByText("Loading...")).toBeTruthy();
    await screen.findByRole("table");
    const rows = within(table()).getAllByRole("row");
    expect(rows).toHaveLength(21); // header + 20
    expect(rows[0]?.textContent).toBe("NameRoleCompanyStatusLast LoginPasskeysActions");
    expect(rowOf("Ada Admin").textContent).toContain("(you)");
    expect(rowOf("Ada Admin").textContent).toContain("Admin");
    expect(rowOf("Person 02").textContent).toContain("person2@fresh.example");
    expect(rowOf("Person 02").textContent).toContain("Fresh Foods");
    expect(rowOf("Person 02").textContent).toContain("Active");
    expect(rowOf("Person 02").textContent).toContain("Never");
    expect(screen.getByText("Showing 1–20 of 25")).toBeTruthy();

    const pages = screen.getByRole("navigation", { name: "Users pages" });
    expect((within(pages).getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await events.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByText("Showing 21–25 of 25")).toBeTruthy());
    expect(within(table()).getAllByRole("row")).toHaveLength(6);
    expect(calls("GET").map((call) => call.url)).toContain("/api/admin/users?page=2&pageSize=20");
  });

  it("debounces the search into one ?q= request, back on page 1, and says when nothing matches", async () => {
    const events = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    await events.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByText("Showing 21–25 of 25")).toBeTruthy());
    const input = screen.getByLabelText("Search users");
    for (const prefix of ["p", "pe", "per", "pers", "perso", "person2"]) {
      fireEvent.change(input, { target: { value: prefix } });
    }
    // person2 and person20–person25: six rows and the header.
    await waitFor(() => expect(within(table()).getAllByRole("row")).toHaveLength(8));
    const searches = calls("GET").filter((call) => call.url.includes("q="));
    expect(searches.map((call) => call.url)).toEqual(["/api/admin/users?q=person2&page=1&pageSize=20"]);

    fireEvent.change(input, { target: { value: "nobody" } });
    expect(await screen.findByText("No users match “nobody”.")).toBeTruthy();
  });

  it("shows the empty state, and an error with a working retry", async () => {
    users = [];
    const first = renderSection();
    expect(
      await screen.findByText("No users yet. People you invite appear here once they accept."),
    ).toBeTruthy();
    first.unmount();

    users = [managed(5)];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith("/api/admin/users?")
        ? json({ error: "Service temporarily unavailable", code: "UNAVAILABLE" }, 503)
        : fakeServer(input, init),
    );
    renderSection();
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert.textContent).toContain("Could not load users. Please try again.");
    fetchMock.mockImplementation(fakeServer);
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeTruthy();
    expect(rowOf("Person 05")).toBeTruthy();
  });

  it("deactivates only after the confirm dialog, then shows Deactivated and returns focus", async () => {
    const events = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    const button = within(rowOf("Person 03")).getByRole("button", { name: "Deactivate Person 03" });
    await events.click(button);
    const dialog = screen.getByRole("alertdialog", { name: "Deactivate Person 03?" });
    expect(dialog.textContent).toContain("signed out everywhere");
    // Cancel sends nothing.
    await events.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls("POST")).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(button));

    await events.click(button);
    await events.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("Person 03 can no longer sign in.")).toBeTruthy();
    expect(calls("POST").map((call) => call.url)).toEqual(["/api/admin/users/3/deactivate"]);
    await waitFor(() => expect(rowOf("Person 03").textContent).toContain("Deactivated"));
    // The same button now offers Reactivate, and holds the focus.
    const flipped = within(rowOf("Person 03")).getByRole("button", { name: "Reactivate Person 03" });
    await waitFor(() => expect(document.activeElement).toBe(flipped));
  });

  it("changes the role with the select, sending only what changed", async () => {
    const events = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    await events.click(
      within(rowOf("Person 04")).getByRole("button", { name: "Edit Person 04: role or company" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Change Role or Company" });
    const save = within(dialog).getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await waitFor(() =>
      expect(within(dialog).getAllByRole("option", { name: "Corner Mart" })).toHaveLength(1),
    );
    await events.selectOptions(within(dialog).getByLabelText("Role"), "Company Admin");
    expect(dialog.textContent).toContain("Person 04 will be Company Admin in Fresh Foods.");
    expect(save.disabled).toBe(false);
    await events.click(save);
    expect(await screen.findByText("Person 04's role and company were saved.")).toBeTruthy();
    expect(calls("PATCH")).toEqual([
      { url: "/api/admin/users/4", body: JSON.stringify({ role: "company_admin" }) },
    ]);
    await waitFor(() => expect(rowOf("Person 04").textContent).toContain("Company Admin"));
    // A Company Admin cannot be left without a company (the server's COMPANY_REQUIRED rule).
    await events.click(
      within(rowOf("Person 04")).getByRole("button", { name: "Edit Person 04: role or company" }),
    );
    const second = screen.getByRole("dialog");
    await events.selectOptions(within(second).getByLabelText("Company"), "No company");
    expect(second.textContent).toContain("A Company Admin must belong to a company. Choose one.");
    expect((within(second).getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // As a User without a company it saves, sending both changes.
    await events.selectOptions(within(second).getByLabelText("Role"), "User");
    expect(second.textContent).toContain("Person 04 will be User without a company.");
    await events.click(within(second).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(calls("PATCH")).toHaveLength(2));
    expect(calls("PATCH")[1]?.body).toBe(JSON.stringify({ role: "user", companyId: null }));
  });

  it("deletes only after a confirm that says checks and files go; focus moves to the section title", async () => {
    const events = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    await waitFor(() => expect(screen.getByTestId("stat-totalUsers").textContent).toBe("25"));
    await events.click(within(rowOf("Person 05")).getByRole("button", { name: "Delete Person 05" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete Person 05?" });
    expect(dialog.textContent).toContain(
      "This permanently deletes the account of Person 05 (person5@fresh.example) together with their background checks and every uploaded file.",
    );
    await events.click(within(dialog).getByRole("button", { name: "Delete User" }));
    expect(await screen.findByText("Person 05 and their checks and files were removed.")).toBeTruthy();
    expect(calls("DELETE").map((call) => call.url)).toEqual(["/api/admin/users/5"]);
    await waitFor(() => expect(within(table()).queryByRole("row", { name: /Person 05/ })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Users" })));
    // Total Users counts again after the change.
    expect(screen.getByTestId("stat-totalUsers").textContent).toBe("24");
  });

  it("shows each user's passkey count and removes them only after a confirm (ADR 0061)", async () => {
    users[3] = managed(4, { passkeyCount: 2 });
    const events = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    const row = rowOf("Person 04");
    expect(within(row).getAllByRole("cell")[5]?.textContent).toBe("2");
    // Only someone who has passkeys offers the action.
    expect(
      within(rowOf("Person 05")).queryByRole("button", { name: "Remove the passkeys of Person 05" }),
    ).toBeNull();
    await events.click(within(row).getByRole("button", { name: "Remove the passkeys of Person 04" }));
    const dialog = screen.getByRole("alertdialog", { name: "Remove the passkeys of Person 04?" });
    expect(dialog.textContent).toContain("stops signing in at once, as when a device is lost");
    await events.click(within(dialog).getByRole("button", { name: "Remove Passkeys" }));
    expect(await screen.findByText("The passkeys of Person 04 no longer sign in.")).toBeTruthy();
    expect(calls("DELETE").map((call) => call.url)).toEqual(["/api/admin/users/4/passkeys"]);
    await waitFor(() => expect(within(rowOf("Person 04")).getAllByRole("cell")[5]?.textContent).toBe("0"));
  });

  it("shows the server's refusal in an error toast and keeps the dialog open", async () => {
    const events = userEvent.setup();
    failMutationsWith = {
      status: 403,
      body: { error: "You cannot change an admin's account", code: "FORBIDDEN" },
    };
    renderSection();
    await screen.findByRole("table");
    await events.click(within(rowOf("Person 06")).getByRole("button", { name: "Deactivate Person 06" }));
    await events.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("You cannot change an admin's account")).toBeTruthy();
    expect(screen.getByRole("alertdialog")).toBeTruthy();
    expect(rowOf("Person 06").textContent).toContain("Active");
  });

  it("closes the dialog with the first Escape while an error toast is up", async () => {
    const events = userEvent.setup();
    failMutationsWith = {
      status: 403,
      body: { error: "You cannot change an admin's account", code: "FORBIDDEN" },
    };
    renderSection();
    await screen.findByRole("table");
    await events.click(within(rowOf("Person 06")).getByRole("button", { name: "Deactivate Person 06" }));
    await events.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("You cannot change an admin's account")).toBeTruthy();
    await events.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("opens Edit on its title, so an arrow key changes no role", async () => {
    const events = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    await events.click(
      within(rowOf("Person 04")).getByRole("button", { name: "Edit Person 04: role or company" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Change Role or Company" });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole("heading", { name: "Change Role or Company" }),
      ),
    );
    const role = within(dialog).getByLabelText("Role") as HTMLSelectElement;
    const before = role.value;
    await events.keyboard("{ArrowDown}");
    expect(role.value).toBe(before);
    expect(dialog.textContent).toContain("Choose a different role or company to save.");
  });

  it("gives a company admin deactivate and reactivate only, never on admins or themselves", async () => {
    users = [
      managed(1, { fullName: "Ada Admin", role: "admin", companyId: 10 }),
      managed(2, { fullName: "Cara Company", email: "cara@fresh.example", role: "company_admin" }),
      managed(3, { isActive: false }),
    ];
    renderSection(COMPANY_ADMIN);
    await screen.findByRole("table");
    expect(within(rowOf("Ada Admin")).queryAllByRole("button")).toEqual([]);
    expect(within(rowOf("Cara Company")).queryAllByRole("button")).toEqual([]);
    expect(
      within(rowOf("Person 03"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Sessions", "Reactivate"]);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain("/api/companies");
  });
});

describe("User audit trail", () => {
  it("lists entries with role names and says who changed what", async () => {
    const audit: UserAudit = {
      entries: [
        {
          id: 2,
          at: "2026-11-21T10:00:00.000Z",
          action: "role_changed",
          actorId: 1,
          actorName: "Ada Admin",
          actorEmail: "ada@example.com",
          targetEmail: "uma@fresh.example",
          targetUserId: 7,
          detail: "user → company_admin",
          ip: "203.0.113.7",
          device: "Firefox 128 · Windows 10",
        },
        {
          id: 1,
          at: "2026-11-20T10:00:00.000Z",
          action: "deactivated",
          actorId: 3,
          actorName: null,
          actorEmail: null,
          targetEmail: "old@fresh.example",
          targetUserId: 8,
          detail: null,
          ip: null,
          device: null,
        },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    };
    fetchMock.mockImplementation(async () => json(userAuditResponseSchema.parse(audit)));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UserAuditPanel />
      </QueryClientProvider>,
    );
    const items = await screen.findAllByRole("listitem");
    expect(items[0]?.textContent).toContain("Ada Admin changed the role of uma@fresh.example");
    expect(items[0]?.textContent).toContain("User → Company Admin");
    expect(items[1]?.textContent).toContain("Someone deactivated old@fresh.example");
  });
});
