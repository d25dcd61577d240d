import type { DemoRegistrationBody } from "@common/api/demo-registrations";
import { PRIVACY_NOTICE_VERSION } from "@common/privacy";
import { findRetailerDemo } from "@common/retailer-demos";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import type { SubmitOutcome } from "~/features/retailer-demo/api/registration";
import { DemoRegistrationsSection } from "~/features/retailer-demo/demo-registrations-section";
import {
  flushPending,
  newRegistrationId,
  PENDING_STORAGE_KEY,
  readPending,
  savePending,
} from "~/features/retailer-demo/pending-registrations";
import { RegistrationPage } from "~/features/retailer-demo/registration-page";
import "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";

const body = (email: string): DemoRegistrationBody => ({
  registrationId: newRegistrationId(),
  firstName: "Rosa",
  lastName: "Tester",
  email,
  phone: "3145550100",
  acceptTerms: true,
  timestamp: new Date().toISOString(),
});

beforeEach(() => {
  window.localStorage.clear();
});

describe("pending registrations (offline capture)", () => {
  it("keeps what could not be sent and drops what the server settled", async () => {
    const a = body("a@schnucks.com");
    const b = body("b@schnucks.com");
    const c = body("c@schnucks.com");
    for (const item of [a, b, c]) savePending({ slug: "schnucks", body: item });
    savePending({ slug: "schnucks", body: a }); // saving again does not duplicate
    expect(readPending()).toHaveLength(3);

    const answers: Record<string, SubmitOutcome> = {
      [a.registrationId]: { kind: "ok", response: { registrationId: a.registrationId, message: "ok" } },
      [b.registrationId]: { kind: "server", status: 429, message: "Too many requests" },
      [c.registrationId]: { kind: "server", status: 400, message: "Email must end with the company domain." },
    };
    const send = vi.fn(
      async (_slug: string, item: DemoRegistrationBody) =>
        answers[item.registrationId] ?? { kind: "unknown" as const },
    );
    await expect(flushPending(send)).resolves.toBe(1);
    expect(readPending().map((p) => p.body.registrationId)).toEqual([b.registrationId]);
  });

  it("stops at the first network failure and keeps everything for the next try", async () => {
    savePending({ slug: "schnucks", body: body("a@schnucks.com") });
    savePending({ slug: "schnucks", body: body("b@schnucks.com") });
    const send = vi.fn(async (): Promise<SubmitOutcome> => ({ kind: "network" }));
    await flushPending(send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(readPending()).toHaveLength(2);
  });

  it("runs one flush at a time, so concurrent triggers send each registration once", async () => {
    savePending({ slug: "schnucks", body: body("a@schnucks.com") });
    const send = vi.fn(
      async (_slug: string, item: DemoRegistrationBody): Promise<SubmitOutcome> => ({
        kind: "ok",
        response: { registrationId: item.registrationId, message: "ok" },
      }),
    );
    await Promise.all([flushPending(send), flushPending(send), flushPending(send)]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(PENDING_STORAGE_KEY)).toBeNull();
  });

  it("makes version 4 UUIDs", () => {
    expect(newRegistrationId()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

function SchnucksPage() {
  const demo = findRetailerDemo("schnucks");
  if (!demo) throw new Error("no demo");
  return <RegistrationPage demo={demo} />;
}

describe("registration page", () => {
  function renderPage(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fetchImpl(String(input), init)),
    );
    const Stub = createRoutesStub([{ path: "/schnucks", Component: SchnucksPage }]);
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <Stub initialEntries={["/schnucks"]} />
        <Toaster />
      </QueryClientProvider>,
    );
  }

  const json = (status: number, value: unknown) =>
    new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });

  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText("First Name"), "Rosa");
    await user.type(screen.getByLabelText("Last Name"), "Tester");
    await user.type(screen.getByLabelText("Email"), "rosa@schnucks.com");
    await user.type(screen.getByLabelText("Phone"), "314 555 0100");
    await user.click(screen.getByRole("checkbox", { name: /I accept the Terms of Service/ }));
  }

  it("shows the server's error text under 'Registration Error' and stays on the form", async () => {
    const user = userEvent.setup();
    renderPage(async (url) =>
      url.startsWith("/api/retailer-demos")
        ? json(404, { error: "x", code: "NOT_FOUND" })
        : json(500, { error: "Something went wrong on our side. Please try again.", code: "INTERNAL_ERROR" }),
    );
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    expect(await screen.findByText("Registration Error")).toBeTruthy();
    expect(screen.getByText("Something went wrong on our side. Please try again.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Submit Registration" })).toBeTruthy();
  });

  it("says 'Server error' when the error response has no error field", async () => {
    const user = userEvent.setup();
    renderPage(async (url) =>
      url.startsWith("/api/retailer-demos") ? json(404, {}) : new Response("Bad Gateway", { status: 502 }),
    );
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    expect(await screen.findByText("Server error")).toBeTruthy();
  });

  it("sends one registrationId for a retry after a failure", async () => {
    const user = userEvent.setup();
    const ids: string[] = [];
    let calls = 0;
    renderPage(async (url, init) => {
      if (url.startsWith("/api/retailer-demos")) return json(404, {});
      const sent = JSON.parse(String(init?.body)) as DemoRegistrationBody;
      ids.push(sent.registrationId);
      calls++;
      return calls === 1
        ? json(503, { error: "Try again", code: "UNAVAILABLE" })
        : json(200, { registrationId: sent.registrationId, message: "ok" });
    });
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    await screen.findByText("Try again");
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    expect(await screen.findByRole("heading", { name: "Thank You!" })).toBeTruthy();
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it("says what the details are for, links the privacy notice and sends the notice version", async () => {
    const user = userEvent.setup();
    const versions: unknown[] = [];
    renderPage(async (url, init) => {
      if (url.startsWith("/api/retailer-demos")) return json(404, {});
      const sent = JSON.parse(String(init?.body)) as DemoRegistrationBody;
      versions.push(sent.privacyNoticeVersion);
      return json(200, { registrationId: sent.registrationId, message: "ok" });
    });
    expect(screen.getByText("We use these details to set up your store-demo access.")).toBeTruthy();
    // A new tab, so the half-filled form stays; screen readers are told so.
    const notice = screen.getByRole("link", { name: "Privacy notice (opens in a new tab)" });
    expect(notice.getAttribute("href")).toBe("/privacy");
    expect(notice.getAttribute("target")).toBe("_blank");
    expect(notice.getAttribute("rel")).toContain("noopener");
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    expect(await screen.findByRole("heading", { name: "Thank You!" })).toBeTruthy();
    expect(versions).toEqual([PRIVACY_NOTICE_VERSION]);
  });
});

describe("admin Demo Registrations section", () => {
  it("lists, searches with the q parameter and links the CSV export", async () => {
    const user = userEvent.setup();
    const urls: string[] = [];
    const row = (firstName: string, email: string) => ({
      id: newRegistrationId(),
      retailerSlug: "schnucks",
      firstName,
      lastName: "Tester",
      email,
      phone: "314 555 0100",
      acceptTerms: true,
      submittedAt: null,
      createdAt: "2026-11-21T10:00:00.000Z",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        const registrations = url.includes("q=ali")
          ? [row("Alice", "alice@schnucks.com")]
          : [row("Alice", "alice@schnucks.com"), row("Bob", "bob@schnucks.com")];
        return new Response(JSON.stringify({ registrations, truncated: false }), {
          headers: { "content-type": "application/json" },
        });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DemoRegistrationsSection />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("2 registrations")).toBeTruthy();
    expect(screen.getAllByText("bob@schnucks.com").length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText("Search registrations"), "ali");
    expect(await screen.findByText("1 registration")).toBeTruthy();
    expect(urls).toContain("/api/demo-registrations?q=ali");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/demo-registrations?q=ali&format=csv",
    );
  });
});
