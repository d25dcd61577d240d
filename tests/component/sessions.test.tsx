import type { SessionInfo } from "@common/api/sessions";
import type { ManagedUser, UserAudit, UserAuditEntry } from "@common/api/users";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, type Mock } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { UserAuditPanel } from "~/features/admin/user-audit-panel";
import { UsersSection } from "~/features/admin/users-section";
import { SessionsCard } from "~/features/dashboard/sessions-card";
import { setPageLanguage } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { addSpanishPortal } from "~/locales/es-portal-register";
import { ADMIN, json, restoreAfterEach, stubFetch } from "./support/fake-api";

const session = (overrides: Partial<SessionInfo>): SessionInfo => ({
  id: 1,
  current: false,
  browser: "Chrome 130",
  os: "macOS",
  deviceType: "desktop",
  ip: "203.0.113.7",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastSeenAt: "2026-11-21T15:30:00.000Z",
  expiresAt: "2026-12-21T15:30:00.000Z",
  ...overrides,
});

let sessions: SessionInfo[];
let fetchMock: Mock;
const calls = () =>
  fetchMock.mock.calls
    .map(([input, init]) => `${(init as RequestInit | undefined)?.method ?? "GET"} ${String(input)}`)
    .filter((call) => !call.startsWith("GET"));

function renderWithQuery(children: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {children}
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessions = [
    session({ id: 1, current: true }),
    session({ id: 2, browser: "Safari 17.5", os: "iOS 17.5", deviceType: "mobile", ip: null }),
    session({ id: 3, browser: null, os: null, deviceType: "other" }),
  ];
});
restoreAfterEach();

describe("Signed-in Devices (the user's own sessions)", () => {
  beforeEach(() => {
    fetchMock = stubFetch(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (url === "/api/auth/sessions") return json({ sessions });
      if (method === "DELETE" && url.startsWith("/api/auth/sessions/")) {
        const id = Number(url.split("/").pop());
        const before = sessions.length;
        sessions = sessions.filter((s) => s.id !== id);
        return json({ ended: before - sessions.length });
      }
      if (method === "POST" && url === "/api/auth/sessions/end-others") {
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return json({ ended });
      }
      throw new Error(`unexpected ${method} ${url}`);
    });
  });

  it("lists each device with browser, system, IP and dates, marks this one, and signs out one", async () => {
    const events = userEvent.setup();
    renderWithQuery(<SessionsCard />);
    const items = await screen.findAllByTestId("session");
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain("Chrome 130 on macOS");
    expect(items[0]?.textContent).toContain("This device");
    expect(items[0]?.textContent).toContain("IP address 203.0.113.7");
    expect(within(items[0] as HTMLElement).queryByRole("button")).toBeNull();
    expect(items[1]?.textContent).toContain("Safari 17.5 on iOS 17.5");
    expect(items[1]?.textContent).toContain("Phone");
    expect(items[1]?.textContent).toContain("IP address unknown");
    expect(items[2]?.textContent).toContain("Unknown browser on an unknown system");

    await events.click(
      screen.getByRole("button", { name: /^Sign out Safari 17\.5 on iOS 17\.5, last active Nov 21, 2026/ }),
    );
    expect(await screen.findByText("1 session was signed out.")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("session")).toHaveLength(2));
    expect(calls()).toEqual(["DELETE /api/auth/sessions/2"]);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Signed-in Devices" }));
  });

  it("signs out every other device at once, then says this is the only one", async () => {
    const events = userEvent.setup();
    renderWithQuery(<SessionsCard />);
    await events.click(await screen.findByRole("button", { name: "Sign out all other devices" }));
    expect(await screen.findByText("2 sessions were signed out.")).toBeTruthy();
    expect(await screen.findByText("You are signed in on this device only.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign out all other devices" })).toBeNull();
    expect(calls()).toEqual(["POST /api/auth/sessions/end-others"]);
  });
});

describe("Sessions of a managed user (admins and company admins)", () => {
  const uma: ManagedUser = {
    id: 7,
    fullName: "Uma User",
    email: "uma@fresh.example",
    role: "user",
    companyId: 2,
    companyName: "Fresh",
    isActive: true,
    lastLoginAt: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    passkeyCount: 0,
  };
  beforeEach(() => {
    sessions = sessions.map((s) => ({ ...s, current: false }));
    fetchMock = stubFetch(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (url.startsWith("/api/admin/users?")) return json({ users: [uma], total: 1, page: 1, pageSize: 20 });
      if (url === "/api/admin/users/7/sessions" && method === "GET") return json({ sessions });
      if (url === "/api/admin/users/7/sessions" && method === "DELETE") {
        const ended = sessions.length;
        sessions = [];
        return json({ ended });
      }
      if (url.startsWith("/api/admin/users/7/sessions/") && method === "DELETE") {
        const id = Number(url.split("/").pop());
        sessions = sessions.filter((s) => s.id !== id);
        return json({ ended: 1 });
      }
      throw new Error(`unexpected ${method} ${url}`);
    });
  });

  it("opens from the user's row, ends one session and then all, and returns focus", async () => {
    const events = userEvent.setup();
    renderWithQuery(<UsersSection viewer={ADMIN} />);
    const [open] = await screen.findAllByRole("button", { name: "Sessions of Uma User" });
    if (!open) throw new Error("no Sessions button");
    await events.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Sessions of Uma User" });
    expect(await within(dialog).findAllByTestId("session")).toHaveLength(3);
    await events.click(
      within(dialog).getByRole("button", { name: /^End the session on Chrome 130 on macOS/ }),
    );
    await waitFor(() => expect(within(dialog).getAllByTestId("session")).toHaveLength(2));
    await events.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("2 sessions were signed out.")).toBeTruthy();
    expect(await within(dialog).findByText("No sessions.")).toBeTruthy();
    expect(document.activeElement).toBe(
      within(dialog).getByRole("heading", { name: "Sessions of Uma User" }),
    );
    expect(calls()).toEqual(["DELETE /api/admin/users/7/sessions/1", "DELETE /api/admin/users/7/sessions"]);
    await events.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });
});

describe("Audit trail filters and export", () => {
  const audit: UserAudit = {
    entries: [
      {
        id: 6,
        at: "2026-11-22T11:00:00.000Z",
        action: "signed_in",
        actorId: 7,
        actorName: "Uma User",
        actorEmail: "uma@fresh.example",
        targetEmail: "uma@fresh.example",
        targetUserId: 7,
        detail: "passkey",
        ip: "203.0.113.9",
        device: "Safari 18 · iOS 18",
      },
      {
        id: 5,
        at: "2026-11-22T10:00:00.000Z",
        action: "session_ended",
        actorId: 1,
        actorName: "Ada Admin",
        actorEmail: "ada@example.com",
        targetEmail: "uma@fresh.example",
        targetUserId: 7,
        detail: "2",
        ip: "203.0.113.7",
        device: "Firefox 128 · Windows 10",
      },
      {
        id: 4,
        at: "2026-11-22T09:00:00.000Z",
        action: "session_ended",
        actorId: 7,
        actorName: "Uma User",
        actorEmail: "uma@fresh.example",
        targetEmail: "uma@fresh.example",
        targetUserId: 7,
        detail: "1",
        ip: null,
        device: null,
      },
      {
        id: 3,
        at: "2026-11-21T09:00:00.000Z",
        action: "link_requested_unknown",
        actorId: null,
        actorName: null,
        actorEmail: null,
        targetEmail: "n•••@example.com",
        targetUserId: null,
        detail: null,
        ip: "198.51.100.4",
        device: null,
      },
      {
        id: 2,
        at: "2026-11-21T08:00:00.000Z",
        action: "files_purged",
        actorId: null,
        actorName: null,
        actorEmail: null,
        targetEmail: "uma@fresh.example",
        targetUserId: 7,
        detail: "3",
        ip: null,
        device: null,
      },
      {
        id: 1,
        at: "2026-11-20T08:00:00.000Z",
        action: "link_reused",
        actorId: null,
        actorName: null,
        actorEmail: null,
        targetEmail: "joe@fresh.example",
        targetUserId: null,
        detail: "invitation",
        ip: null,
        device: null,
      },
    ],
    total: 6,
    page: 1,
    pageSize: 20,
  };

  beforeEach(() => {
    fetchMock = stubFetch(async () => json(audit));
  });

  it("says what each kind of entry means, with where it came from", async () => {
    renderWithQuery(<UserAuditPanel />);
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.querySelector("span")?.textContent)).toEqual([
      "uma@fresh.example signed in",
      "Ada Admin ended 2 sessions of uma@fresh.example",
      "Uma User signed out 1 other session",
      "A sign-in link was asked for n•••@example.com, which has no account",
      "3 files of uma@fresh.example's background check were deleted after the retention period",
      "An invitation link for joe@fresh.example was used a second time",
    ]);
    // How she signed in (link, code or passkey) is the sign-in's detail.
    expect(items[0]?.textContent).toContain("With a passkey");
    expect(items[1]?.textContent).toContain("Firefox 128 · Windows 10 · 203.0.113.7");
  });

  describe("sign-in codes and passkeys (ADR 0060, 0061)", () => {
    const entry = (
      id: number,
      action: UserAuditEntry["action"],
      detail: string | null,
      actor: { id: number; name: string } | null = null,
      targetEmail = "uma@fresh.example",
    ): UserAuditEntry => ({
      id,
      at: `2026-11-2${id}T10:00:00.000Z`,
      action,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      actorEmail: null,
      targetEmail,
      targetUserId: targetEmail.includes("•") ? null : 7,
      detail,
      ip: "203.0.113.7",
      device: "Firefox 128 · Windows 10",
    });
    const uma = { id: 7, name: "Uma User" };
    const ada = { id: 1, name: "Ada Admin" };
    const entries: UserAuditEntry[] = [
      entry(7, "passkey_removed", "Work laptop", ada),
      entry(6, "passkey_removed", "Chrome on macOS", uma),
      entry(5, "passkey_added", "Chrome on macOS", uma),
      entry(4, "sign_in_code_wrong", "5"),
      entry(3, "sign_in_code_wrong", "2"),
      entry(2, "sign_in_code_wrong", "1", null, "n•••@example.com"),
      entry(1, "sign_in_email_sent", null),
    ];
    const lines = async () =>
      (await screen.findAllByRole("listitem")).map((item) =>
        [...item.querySelectorAll("div > span")].map((span) => span.textContent).slice(0, 2),
      );

    beforeEach(() => {
      fetchMock = stubFetch(async () => json({ entries, total: entries.length, page: 1, pageSize: 20 }));
    });
    afterEach(() => setPageLanguage("en"));

    it("says who added or removed which passkey, each wrong code's try and the sign-in email", async () => {
      renderWithQuery(<UserAuditPanel />);
      expect(await lines()).toEqual([
        ["Ada Admin removed a passkey of uma@fresh.example", "Passkey: Work laptop"],
        ["uma@fresh.example removed a passkey", "Passkey: Chrome on macOS"],
        ["uma@fresh.example added a passkey", "Passkey: Chrome on macOS"],
        [
          "A wrong sign-in code was typed for uma@fresh.example",
          "Wrong try 5 of 5: the code no longer works",
        ],
        ["A wrong sign-in code was typed for uma@fresh.example", "Wrong try 2 of 5"],
        ["A wrong sign-in code was typed for n•••@example.com", "Wrong try 1 of 5"],
        [
          "A sign-in email with a link and a one-time code was sent to uma@fresh.example",
          "Firefox 128 · Windows 10 · 203.0.113.7",
        ],
      ]);
      const kinds = [...(screen.getByLabelText("Kind") as HTMLSelectElement).options].map(
        (option) => option.textContent,
      );
      expect(kinds).toEqual(
        expect.arrayContaining([
          "Sign-in email sent (link and code)",
          "Wrong sign-in code",
          "Passkey added",
          "Passkey removed",
        ]),
      );
    });

    it("says the same in Spanish", async () => {
      addSpanishPortal();
      setPageLanguage("es");
      renderWithQuery(<UserAuditPanel />);
      expect(await lines()).toEqual([
        ["Ada Admin eliminó una llave de acceso de uma@fresh.example", "Llave de acceso: Work laptop"],
        ["uma@fresh.example eliminó una llave de acceso", "Llave de acceso: Chrome on macOS"],
        ["uma@fresh.example agregó una llave de acceso", "Llave de acceso: Chrome on macOS"],
        [
          "Se escribió un código de inicio de sesión incorrecto para uma@fresh.example",
          "Intento incorrecto 5 de 5: el código ya no sirve",
        ],
        [
          "Se escribió un código de inicio de sesión incorrecto para uma@fresh.example",
          "Intento incorrecto 2 de 5",
        ],
        [
          "Se escribió un código de inicio de sesión incorrecto para n•••@example.com",
          "Intento incorrecto 1 de 5",
        ],
        [
          "Se envió a uma@fresh.example un correo de inicio de sesión con un enlace y un código de un solo uso",
          "Firefox 128 · Windows 10 · 203.0.113.7",
        ],
      ]);
      expect(screen.getByRole("option", { name: "Llave de acceso eliminada" })).toBeTruthy();
    });
  });

  it("sends the person, kind and dates to the list and to the CSV export", async () => {
    const events = userEvent.setup();
    renderWithQuery(<UserAuditPanel />);
    await screen.findAllByRole("listitem");
    await events.type(screen.getByLabelText("Person"), "uma");
    await events.selectOptions(screen.getByLabelText("Kind"), "Sessions ended");
    await events.type(screen.getByLabelText("From"), "2026-11-21");
    await waitFor(() => {
      const last = String(fetchMock.mock.calls.at(-1)?.[0]);
      expect(last).toContain("q=uma");
      expect(last).toContain("action=session_ended");
      expect(last).toContain(`from=${encodeURIComponent(new Date("2026-11-21T00:00:00").toISOString())}`);
      expect(last).toContain("page=1");
    });
    const csv = screen.getByRole("link", { name: "Export CSV of the entries that match these filters" });
    const href = csv.getAttribute("href") ?? "";
    expect(href).toMatch(/^\/api\/admin\/users\/audit\?/);
    expect(href).toContain("q=uma");
    expect(href).toContain("action=session_ended");
    expect(href).toContain("format=csv");
    await events.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.getByLabelText("Person")).toHaveProperty("value", "");
    await waitFor(() =>
      expect(screen.getByRole("link", { name: /CSV/ }).getAttribute("href")).toBe(
        "/api/admin/users/audit?format=csv",
      ),
    );
  });
});
