import type { Lead, LeadListResponse } from "@common/api/leads";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { LeadsSection } from "~/features/leads/leads-section";
import { i18next } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { I18nextProvider } from "~/lib/react-i18n";

/** No attribution: a lead from a direct visit, or stored before attribution existed. */
const UNATTRIBUTED = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrer: null,
  landingPath: null,
  privacyNoticeVersion: null,
};
const FACETS = { utmSource: ["newsletter"], utmMedium: ["email"], utmCampaign: ["spring-launch"] };

const LEADS: Lead[] = [
  {
    id: 2,
    firstName: "Omar",
    lastName: "Nguyen",
    company: "Stadium Eats",
    phone: "(314) 555-0101",
    phoneE164: "3145550101",
    email: "omar@stadium.example",
    planTitle: "Unlimited",
    ...UNATTRIBUTED,
    utmSource: "newsletter",
    utmMedium: "email",
    utmCampaign: "spring-launch",
    landingPath: "/calculator",
    createdAt: "2026-11-21T10:00:00.000Z",
  },
  {
    id: 1,
    firstName: "Mai",
    lastName: "Tran",
    company: "Corner Mart",
    phone: "(314) 555-0100",
    phoneE164: null,
    email: "mai@cornermart.example",
    planTitle: "Optimal",
    ...UNATTRIBUTED,
    referrer: "https://search.example/results",
    createdAt: "2026-11-20T10:00:00.000Z",
  },
];

let fetchMock: Mock;

/** Answers `GET /api/leads` like the server: `q` filters by company, name or email. */
function answerLike(status = 200) {
  return async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname !== "/api/leads") throw new Error(`unexpected request to ${url}`);
    if (status !== 200)
      return new Response(JSON.stringify({ error: "boom", code: "INTERNAL_ERROR" }), { status });
    const q = url.searchParams.get("q")?.toLowerCase() ?? "";
    const source = url.searchParams.get("utm_source");
    const leads = LEADS.filter(
      (lead) => JSON.stringify(lead).toLowerCase().includes(q) && (!source || lead.utmSource === source),
    );
    const body: LeadListResponse = { leads, total: leads.length, limit: 25, offset: 0, facets: FACETS };
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  };
}

beforeEach(() => {
  fetchMock = vi.fn(answerLike());
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18next}>
        <LeadsSection />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const requestedUrls = () => fetchMock.mock.calls.map(([input]) => String(input));

describe("Leads section", () => {
  it("lists leads newest first with every column and an Export CSV link", async () => {
    renderSection();
    expect(screen.getByText("Loading...")).toBeTruthy();
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "NameCompanyEmailPhonePlanSourceReceived",
      expect.stringContaining(
        "Omar NguyenStadium Eatsomar@stadium.example(314) 555-0101Unlimitednewsletter / emailCampaign: spring-launchLanding page: /calculator",
      ),
      expect.stringContaining("Mai TranCorner Martmai@cornermart.example(314) 555-0100Optimalsearch.example"),
    ]);
    expect(screen.getByRole("link", { name: /Export/ }).getAttribute("href")).toBe("/api/leads?format=csv");
  });

  it("filters by UTM source from the stored values, and the export follows the filter", async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    const source = screen.getByLabelText("Source") as HTMLSelectElement;
    expect([...source.options].map((option) => option.textContent)).toEqual(["All", "newsletter"]);
    await user.selectOptions(source, "newsletter");
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(2));
    expect(requestedUrls()).toContain("/api/leads?utm_source=newsletter&limit=25");
    expect(screen.getByRole("link", { name: /Export/ }).getAttribute("href")).toBe(
      "/api/leads?format=csv&utm_source=newsletter",
    );
    await user.selectOptions(source, "");
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(3));
  });

  it("debounces the search into one ?q= request and updates the export link", async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    // Six keystrokes in quick succession (well inside the debounce) send one search.
    const input = screen.getByLabelText("Search leads");
    for (const prefix of ["c", "co", "cor", "corn", "corne", "corner"]) {
      fireEvent.change(input, { target: { value: prefix } });
    }
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(2));
    const searches = requestedUrls().filter((url) => url.includes("q="));
    expect(searches).toEqual(["/api/leads?q=corner&limit=25"]);
    expect(screen.getByRole("link", { name: /Export/ }).getAttribute("href")).toBe(
      "/api/leads?format=csv&q=corner",
    );

    await user.clear(screen.getByLabelText("Search leads"));
    await user.type(screen.getByLabelText("Search leads"), "zzz");
    expect(await screen.findByText("No leads match “zzz”.")).toBeTruthy();
  });

  it("Refresh reads the list again, and is disabled while it loads", async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    const refresh = screen.getByRole("button", { name: "Refresh" }) as HTMLButtonElement;
    expect(refresh.disabled).toBe(false);
    const before = requestedUrls().length;
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.click(refresh);
    await waitFor(() => expect(refresh.disabled).toBe(true));
    expect(requestedUrls().slice(before)).toEqual(["/api/leads?limit=25"]);
    answer(await answerLike()("/api/leads?limit=25"));
    await waitFor(() => expect(refresh.disabled).toBe(false));
  });

  it("pages by 25 with ?offset=, and a new search starts on its first page", async () => {
    const many: Lead[] = Array.from({ length: 30 }, (_, index) => ({
      id: 100 - index,
      firstName: `Person ${index + 1}`,
      lastName: "Tran",
      company: "Corner Mart",
      phone: "(314) 555-0100",
      phoneE164: null,
      email: `person${index + 1}@cornermart.example`,
      planTitle: "Optimal",
      ...UNATTRIBUTED,
      createdAt: "2026-11-20T10:00:00.000Z",
    }));
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      const q = url.searchParams.get("q")?.toLowerCase() ?? "";
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const matches = many.filter((lead) => lead.firstName.toLowerCase().includes(q));
      const body: LeadListResponse = {
        leads: matches.slice(offset, offset + 25),
        total: matches.length,
        limit: 25,
        offset,
        facets: { utmSource: [], utmMedium: [], utmCampaign: [] },
      };
      return Response.json(body);
    });
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    const pages = screen.getByRole("navigation", { name: "Leads pages" });
    expect(within(pages).getByText("Showing 1–25 of 30")).toBeTruthy();
    const previous = within(pages).getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    const next = within(pages).getByRole("button", { name: "Next" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    await user.click(next);
    await waitFor(() => expect(within(pages).getByText("Showing 26–30 of 30")).toBeTruthy());
    expect(requestedUrls()).toContain("/api/leads?limit=25&offset=25");
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(6);
    await waitFor(() => expect(next.disabled).toBe(true));

    await user.click(previous);
    await waitFor(() => expect(within(pages).getByText("Showing 1–25 of 30")).toBeTruthy());
    await user.click(next);
    await waitFor(() => expect(within(pages).getByText("Showing 26–30 of 30")).toBeTruthy());
    // "person 1" matches Person 1 and Person 10–19: eleven rows, from the first.
    fireEvent.change(screen.getByLabelText("Search leads"), { target: { value: "person 1" } });
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(12));
    expect(requestedUrls().filter((url) => url.includes("q="))).toEqual(["/api/leads?q=person%201&limit=25"]);
    expect(screen.queryByRole("navigation", { name: "Leads pages" })).toBeNull();
  });

  it("shows the empty state without leads and an error with a retry when loading fails", async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({
        leads: [],
        total: 0,
        limit: 25,
        offset: 0,
        facets: { utmSource: [], utmMedium: [], utmCampaign: [] },
      } satisfies LeadListResponse),
    );
    const { unmount } = renderSection();
    expect(
      await screen.findByText("No leads yet. Get Started requests from the website will appear here."),
    ).toBeTruthy();
    unmount();

    fetchMock.mockImplementation(answerLike(500));
    renderSection();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load leads. Please try again.");
    fetchMock.mockImplementation(answerLike());
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeTruthy();
  });
});
