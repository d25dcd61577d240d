import type { SessionUser } from "@common/api/auth";
import type { Company } from "@common/api/companies";
import {
  type InvitationSummary,
  invitationListResponseSchema,
  invitationSummarySchema,
  sendInvitationBodySchema,
} from "@common/api/invitations";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, type Mock } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { InviteUserDialog } from "~/features/admin/invite-user-dialog";
import "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { ADMIN, json, restoreAfterEach, stubFetch } from "./support/fake-api";

const COMPANY_ADMIN: SessionUser = { ...ADMIN, id: 2, role: "company_admin", companyId: 10 };
const company = (id: number, name: string): Company => ({
  id,
  name,
  email: `ops@${name.toLowerCase()}.example`,
  phone: null,
  address: null,
  createdAt: "2026-11-01T00:00:00.000Z",
});
const COMPANIES = [company(10, "Acme"), company(11, "Beta")];

function invitation(id: number, email: string, companyId: number | null, status = "pending") {
  return invitationSummarySchema.parse({
    id,
    email,
    role: "user",
    companyId,
    companyName: COMPANIES.find((c) => c.id === companyId)?.name ?? null,
    invitedByName: "Ada Admin",
    status,
    expiresAt: "2026-11-29T00:00:00.000Z",
    createdAt: "2026-11-22T00:00:00.000Z",
  });
}

/** What GET /api/invitations shows the inviter. */
let visible: InvitationSummary[];
/** Every pending invitation the server holds, the visible ones and other tenants' ones. */
let serverPending: InvitationSummary[];
let fetchMock: Mock;

/**
 * The invitations API as ADR 0017 and src/server/invitations/service.ts answer it (contract:
 * src/common/api/invitations.ts).
 */
async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), "http://localhost");
  const method = init?.method ?? "GET";
  if (url.pathname === "/api/companies") return json(COMPANIES);
  if (url.pathname === "/api/invitations" && method === "GET")
    return json(invitationListResponseSchema.parse(visible));
  if (url.pathname === "/api/invitations/send" && method === "POST") {
    const body = sendInvitationBodySchema.parse(JSON.parse(String(init?.body)));
    const pending = serverPending.find((row) => row.email === body.email);
    if (pending && !visible.includes(pending)) {
      return json(
        {
          error:
            "This address already has a pending invitation that you can't manage. It has to be accepted, withdrawn or expire first.",
          code: "INVITATION_PENDING_ELSEWHERE",
        },
        409,
      );
    }
    let companyId = body.companyId ?? null;
    if (pending && !body.replaceCompany && pending.companyId !== companyId) {
      if (body.companyId === undefined || body.companyId === null) companyId = pending.companyId;
      else
        return json(
          {
            error: `A pending invitation to this address is for ${pending.companyName ?? "no company"}. Send again with replaceCompany to change it.`,
            code: "INVITATION_COMPANY_CONFLICT",
          },
          409,
        );
    }
    const created = invitation(99, body.email, companyId);
    visible = [created, ...visible.filter((row) => row !== pending)];
    return json(invitationSummarySchema.parse(created), 201);
  }
  throw new Error(`unexpected ${method} ${url}`);
}

beforeEach(() => {
  visible = [
    invitation(1, "pat@acme.example", 10),
    invitation(2, "old@acme.example", 10, "revoked"),
    invitation(3, "nina@example.com", null),
  ];
  serverPending = visible.filter((row) => row.status === "pending");
  fetchMock = stubFetch(fakeServer);
});
restoreAfterEach();

async function openDialog(user: SessionUser = ADMIN) {
  const events = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InviteUserDialog user={user} />
      <Toaster />
    </QueryClientProvider>,
  );
  await events.click(screen.getByRole("button", { name: "Invite User" }));
  const dialog = screen.getByRole("dialog", { name: "Invite User" });
  await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain("/api/invitations"));
  if (user.role === "admin") await within(dialog).findByRole("option", { name: "Beta" });
  return { events, dialog };
}

const note = (dialog: HTMLElement) => within(dialog).getByRole("status").textContent;
const sent = () =>
  fetchMock.mock.calls
    .filter(([u]) => String(u) === "/api/invitations/send")
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe("Invite User dialog: re-inviting a pending address (ADR 0017)", () => {
  it("says a pending invitation exists and that sending again keeps its company", async () => {
    const { events, dialog } = await openDialog();
    const email = within(dialog).getByLabelText("Email");
    await events.type(email, "someone@new.example");
    expect(note(dialog)).toBe("");
    await events.clear(email);
    await events.type(email, "  Pat@ACME.example ");
    await waitFor(() =>
      expect(note(dialog)).toBe(
        "A pending invitation to this address exists (Company: Acme). Sending again replaces it and keeps Acme.",
      ),
    );
    // A revoked invitation is not pending: no note.
    await events.clear(email);
    await events.type(email, "old@acme.example");
    expect(note(dialog)).toBe("");
    await events.clear(email);
    await events.type(email, "nina@example.com");
    expect(note(dialog)).toBe(
      "A pending invitation to this address exists (no company). Sending again replaces it, still without a company.",
    );
  });

  it("keeps the pending company unless Replace the company is ticked", async () => {
    const { events, dialog } = await openDialog();
    await events.type(within(dialog).getByLabelText("Email"), "pat@acme.example");
    // Same company as the pending invitation: nothing to replace.
    await events.selectOptions(within(dialog).getByLabelText("Company (Optional)"), "Acme");
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    await events.selectOptions(within(dialog).getByLabelText("Company (Optional)"), "Beta");
    const replace = within(dialog).getByRole("checkbox", { name: "Replace the company: Acme → Beta" });
    expect(replace.getAttribute("aria-checked")).toBe("false");
    expect(note(dialog)).toContain("Sending again replaces it and keeps Acme.");

    await events.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("User invitation has been sent successfully")).toBeTruthy();
    expect(sent()).toEqual([{ email: "pat@acme.example", role: "user", language: "en" }]);
    expect(visible[0]?.companyName).toBe("Acme");
  });

  it("sends replaceCompany and the new company when the box is ticked", async () => {
    const { events, dialog } = await openDialog();
    await events.type(within(dialog).getByLabelText("Email"), "pat@acme.example");
    await events.selectOptions(within(dialog).getByLabelText("Company (Optional)"), "Beta");
    await events.click(within(dialog).getByRole("checkbox", { name: "Replace the company: Acme → Beta" }));
    expect(note(dialog)).toBe(
      "A pending invitation to this address exists (Company: Acme). Sending again replaces it with Beta as the company.",
    );
    await events.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("User invitation has been sent successfully")).toBeTruthy();
    expect(sent()).toEqual([
      { email: "pat@acme.example", role: "user", companyId: 11, replaceCompany: true, language: "en" },
    ]);
    expect(visible[0]?.companyName).toBe("Beta");
  });

  it("offers to drop the company explicitly when No company is chosen", async () => {
    const { events, dialog } = await openDialog();
    await events.type(within(dialog).getByLabelText("Email"), "pat@acme.example");
    await events.click(
      within(dialog).getByRole("checkbox", { name: "Replace the company: Acme → No company" }),
    );
    expect(note(dialog)).toContain("Sending again replaces it without a company.");
    await events.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await screen.findByText("User invitation has been sent successfully");
    expect(sent()).toEqual([
      { email: "pat@acme.example", role: "user", companyId: null, replaceCompany: true, language: "en" },
    ]);
  });

  it("shows a company admin the note without a company choice", async () => {
    const { events, dialog } = await openDialog(COMPANY_ADMIN);
    await events.type(within(dialog).getByLabelText("Email"), "pat@acme.example");
    expect(note(dialog)).toContain("keeps Acme.");
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    expect(within(dialog).queryByLabelText("Company (Optional)")).toBeNull();
  });

  it("shows the server's 409 message, without a field prefix, and keeps the dialog open", async () => {
    serverPending.push(invitation(7, "taken@other.example", null));
    const { events, dialog } = await openDialog();
    await events.type(within(dialog).getByLabelText("Email"), "taken@other.example");
    expect(note(dialog)).toBe("");
    await events.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(
      await screen.findByText(
        "This address already has a pending invitation that you can't manage. It has to be accepted, withdrawn or expire first.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Invite User" })).toBeTruthy();
  });

  it("after a company conflict the dialog learns of the pending invitation", async () => {
    // Someone else invited the address to Acme after the list was loaded.
    const late = invitation(8, "late@acme.example", 10);
    serverPending.push(late);
    const { events, dialog } = await openDialog();
    await events.type(within(dialog).getByLabelText("Email"), "late@acme.example");
    await events.selectOptions(within(dialog).getByLabelText("Company (Optional)"), "Beta");
    visible = [late, ...visible];
    await events.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(
      await screen.findByText(
        "A pending invitation to this address is for Acme. Send again with replaceCompany to change it.",
      ),
    ).toBeTruthy();
    expect(
      await within(dialog).findByRole("checkbox", { name: "Replace the company: Acme → Beta" }),
    ).toBeTruthy();
    expect(note(dialog)).toContain("keeps Acme.");
  });

  it("writes the invitation in the inviter's language unless Email language picks another (ADR 0025)", async () => {
    const { events, dialog } = await openDialog();
    const language = within(dialog).getByLabelText("Email language") as HTMLSelectElement;
    expect(language.value).toBe("en");
    await events.type(within(dialog).getByLabelText("Email"), "lucia@new.example");
    await events.selectOptions(language, "Español");
    await events.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("User invitation has been sent successfully")).toBeTruthy();
    expect(sent()).toEqual([{ email: "lucia@new.example", role: "user", companyId: null, language: "es" }]);
  });
});
