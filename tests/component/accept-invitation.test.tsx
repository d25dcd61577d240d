import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { AcceptInvitationScreen } from "~/features/invitations/accept-invitation-screen";
import "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";

const TOKEN = "t".repeat(43);

let currentToken: string | undefined;
const AcceptPage = () => <AcceptInvitationScreen token={currentToken} />;
const DashboardPage = () => <h1>Dashboard page</h1>;
const HomePage = () => <h1>Home page</h1>;

function renderAt(token: string | undefined) {
  currentToken = token;
  const Stub = createRoutesStub([
    { path: "/accept", Component: AcceptPage },
    { path: "/dashboard", Component: DashboardPage },
    { path: "/", Component: HomePage },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={["/accept"]} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("accept-invitation screen (docs/product.md#2-pages, #5-validation)", () => {
  it("without a token shows 'Invalid Invitation' and 'Go to Homepage'", async () => {
    renderAt(undefined);
    expect(await screen.findByText("Invalid Invitation")).toBeTruthy();
    expect(screen.getAllByText("The invitation link is invalid or has expired").length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
    expect(await screen.findByText("Invalid Link")).toBeTruthy();
  });

  it("shows 'Invalid Invitation' when the server answers 410", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(410, { error: "This invitation has expired.", code: "TOKEN_EXPIRED" })),
    );
    renderAt(TOKEN);
    expect(await screen.findByText("Invalid Invitation")).toBeTruthy();
  });

  // The shared token answers (ADR 0024): unknown and malformed links show the same screen.
  it.each([
    [404, { error: "The invitation link is invalid or has expired", code: "TOKEN_INVALID" }],
    [400, { error: "Invalid verification link", code: "VALIDATION_ERROR", field: "token" }],
  ])("shows 'Invalid Invitation' when the server answers %i", async (status, body) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(status, body)),
    );
    renderAt(TOKEN);
    expect(await screen.findByText("Invalid Invitation")).toBeTruthy();
    expect(screen.getAllByText("The invitation link is invalid or has expired").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Create Account" })).toBeNull();
  });

  it("requires a full name, then creates the account and goes to the dashboard", async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      // The token travels in the body, never in the URL (ADR 0055).
      if (
        url === "/api/invitations/inspect" &&
        init?.method === "POST" &&
        String(init.body).includes(TOKEN)
      ) {
        return json(200, {
          email: "cara@example.com",
          role: "company_admin",
          companyName: "Fresh Foods",
          expiresAt: "2026-12-01T00:00:00.000Z",
        });
      }
      if (url === "/api/invitations/accept" && init?.method === "POST") return json(201, { user: {} });
      return json(401, { error: "Please sign in to continue.", code: "UNAUTHENTICATED" });
    });
    vi.stubGlobal("fetch", fetchMock);
    renderAt(TOKEN);
    expect(
      await screen.findByText("You were invited to join Fresh Foods on AisleIQ as Company Admin."),
    ).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("cara@example.com");
    const events = userEvent.setup();
    await events.type(screen.getByLabelText("Full Name"), "   ");
    await events.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Full Name Required")).toBeTruthy();
    expect(screen.getByText("Please enter your full name")).toBeTruthy();
    await events.clear(screen.getByLabelText("Full Name"));
    await events.type(screen.getByLabelText("Full Name"), "  Cara Company ");
    await events.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Dashboard page")).toBeTruthy();
    expect(screen.getByText("Account Created!")).toBeTruthy();
    const accept = fetchMock.mock.calls.find(([url]) => url === "/api/invitations/accept");
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({ token: TOKEN, fullName: "Cara Company" });
  });

  it("shows the server's reason as 'Failed to Accept Invitation'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url === "/api/invitations/accept"
          ? json(409, { error: "An account with this email already exists.", code: "EMAIL_TAKEN" })
          : json(200, {
              email: "cara@example.com",
              role: "user",
              companyName: null,
              expiresAt: "2026-12-01T00:00:00.000Z",
            }),
      ),
    );
    renderAt(TOKEN);
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText("Full Name"), "Cara");
    await events.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Failed to Accept Invitation")).toBeTruthy();
    expect(screen.getByText("An account with this email already exists.")).toBeTruthy();
  });
});
