import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { VerifyScreen } from "~/features/auth/verify-screen";
import { setPageLanguage } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";

const TOKEN = "v".repeat(43);

const VerifyPage = () => <VerifyScreen token={TOKEN} />;
const DashboardPage = () => <h1>Dashboard page</h1>;

function renderVerify() {
  const Stub = createRoutesStub([
    { path: "/verify", Component: VerifyPage },
    { path: "/dashboard", Component: DashboardPage },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={["/verify"]} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fetch stub answering inspect with `bound` (and the link's `language`), and counting verify calls. */
function stubServer(bound: boolean, language: "en" | "es" = "en") {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/auth/magic-link/inspect" && init?.method === "POST") {
      expect(JSON.parse(String(init.body))).toEqual({ token: TOKEN });
      return json(200, { bound, maskedEmail: "a•••@example.com", language });
    }
    if (url === "/api/auth/verify-magic-link" && init?.method === "POST") return json(200, { user: {} });
    return json(401, { error: "Please sign in to continue.", code: "UNAUTHENTICATED" });
  });
  vi.stubGlobal("fetch", fetchMock);
  const verifyCalls = () =>
    fetchMock.mock.calls.filter(([url]) => url === "/api/auth/verify-magic-link").length;
  return { verifyCalls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setPageLanguage("en");
  // biome-ignore lint/suspicious/noDocumentCookie: forgets the language choice a test made
  document.cookie = "lang=; Max-Age=0; Path=/";
});

describe("verify screen language (ADR 0025)", () => {
  it("opened with no language cookie, shows a Spanish link's page in Spanish and keeps that choice", async () => {
    expect(document.cookie).not.toContain("lang=");
    stubServer(false, "es");
    renderVerify();
    // The Spanish catalogs are a chunk of their own: allow for loading it.
    expect(
      await screen.findByRole("button", { name: "Continuar como a•••@example.com" }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText("Confirm Sign-In")).toBeNull();
    expect(document.cookie).toContain("lang=es");
  });

  it("keeps the language this browser chose over the link's", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the visitor's own choice, as the language menu sets it
    document.cookie = "lang=en; Path=/";
    stubServer(false, "es");
    renderVerify();
    expect(await screen.findByRole("button", { name: "Continue as a•••@example.com" })).toBeTruthy();
  });
});

describe("verify screen (docs/product.md#2-pages, ADR 0015)", () => {
  it("in the browser that asked for the link, verifies on load and says 'Login Successful!'", async () => {
    const server = stubServer(true);
    renderVerify();
    expect(await screen.findByText("Login Successful!")).toBeTruthy();
    expect(server.verifyCalls()).toBe(1);
    expect(screen.queryByRole("button", { name: /Continue as/ })).toBeNull();
  });

  it("anywhere else, shows 'Continue as a•••@example.com' and verifies only on the click", async () => {
    const server = stubServer(false);
    renderVerify();
    const button = await screen.findByRole("button", { name: "Continue as a•••@example.com" });
    expect(screen.getByText("Confirm Sign-In")).toBeTruthy();
    // The other way in (ADR 0060): the email's code, on the device that asked.
    expect(
      screen.getByText(
        "Asked for this email on another device? On the sign-in page there, type the 6-digit code from the email instead.",
      ),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.verifyCalls()).toBe(0);
    await userEvent.setup().click(button);
    expect(await screen.findByText("Login Successful!")).toBeTruthy();
    expect(server.verifyCalls()).toBe(1);
  });

  it("shows 'Verification Failed' with the server's reason when the link is spent", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(410, {
          error: "This sign-in link has already been used. Request a new one.",
          code: "TOKEN_USED",
        }),
      ),
    );
    renderVerify();
    expect(await screen.findByText("Verification Failed")).toBeTruthy();
    expect(screen.getByText("This sign-in link has already been used. Request a new one.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Login" })).toBeTruthy();
  });

  // The shared token answers (ADR 0024): unknown 404, malformed 400; the reason is the server's.
  it.each([
    [404, { error: "This sign-in link is not valid.", code: "TOKEN_INVALID" }],
    [400, { error: "Invalid verification link", code: "VALIDATION_ERROR", field: "token" }],
  ])("shows 'Verification Failed' with the server's reason for a %i", async (status, body) => {
    const fetchMock = vi.fn(async (_url: string) => json(status, body));
    vi.stubGlobal("fetch", fetchMock);
    renderVerify();
    expect(await screen.findByText("Verification Failed")).toBeTruthy();
    expect(screen.getByText(body.error)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/auth/verify-magic-link")).toHaveLength(0);
  });
});
