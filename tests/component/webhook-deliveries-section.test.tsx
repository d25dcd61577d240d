import type { WebhookDelivery, WebhookDeliveryListResponse } from "@common/api/webhooks";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { WebhookDeliveriesSection } from "~/features/leads/webhook-deliveries-section";
import { i18next } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { I18nextProvider } from "~/lib/react-i18n";

const DELIVERIES: WebhookDelivery[] = [
  {
    id: 12,
    event: "lead.created",
    summary: "Lead 7: Grace Hopper (Hopper Foods)",
    status: "failed",
    attempts: 15,
    lastError: "HTTP 503: CRM is under maintenance",
    nextAttemptAt: null,
    createdAt: "2026-11-26T10:00:00.000Z",
    deliveredAt: null,
    idempotencyKey: "0b6f8d2e-5d6a-4c1b-9a57-1f0e3c9b2a11",
  },
  {
    id: 11,
    event: "demo_registration.created",
    summary: "Demo registration 3f…: Rosa Parker (schnucks)",
    status: "delivered",
    attempts: 1,
    lastError: null,
    nextAttemptAt: null,
    createdAt: "2026-11-26T09:00:00.000Z",
    deliveredAt: "2026-11-26T09:00:01.000Z",
    idempotencyKey: "4d3c2b1a-5d6a-4c1b-9a57-1f0e3c9b2a11",
  },
];

let fetchMock: Mock;
let endpoint: string | null = "https://crm.example/hooks/aisleiq";

beforeEach(() => {
  endpoint = "https://crm.example/hooks/aisleiq";
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (init?.method === "POST") {
      return Response.json({ ...DELIVERIES[0], status: "pending", attempts: 0 });
    }
    const status = url.searchParams.get("status");
    const deliveries = DELIVERIES.filter((delivery) => !status || delivery.status === status);
    const body: WebhookDeliveryListResponse = {
      deliveries,
      total: deliveries.length,
      limit: 20,
      offset: 0,
      endpoint,
    };
    return Response.json(body);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18next}>
        <WebhookDeliveriesSection />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("CRM webhook section", () => {
  it("shows where deliveries go and each delivery's status, attempts and last error", async () => {
    renderSection();
    const table = await screen.findByRole("table");
    expect(
      screen.getByText(/sent to https:\/\/crm\.example\/hooks\/aisleiq, signed, with retries/),
    ).toBeTruthy();
    const rows = within(table).getAllByRole("row");
    expect(rows[1]?.textContent).toContain("New lead");
    expect(rows[1]?.textContent).toContain("Given up");
    expect(rows[1]?.textContent).toContain("15 attempts");
    expect(rows[1]?.textContent).toContain("HTTP 503: CRM is under maintenance");
    expect(rows[2]?.textContent).toContain("New demo registration");
    expect(rows[2]?.textContent).toContain("Delivered");
    expect(within(rows[2] as HTMLElement).queryByRole("button")).toBeNull();
  });

  it("sends a given-up delivery again and reads the list anew; filters by status", async () => {
    const user = userEvent.setup();
    renderSection();
    const table = await screen.findByRole("table");
    await user.click(
      within(table).getByRole("button", { name: "Send again: Lead 7: Grace Hopper (Hopper Foods)" }),
    );
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) =>
            init?.method === "POST" && String(input) === "/api/admin/webhook-deliveries/12/retry",
        ),
      ).toBe(true),
    );
    // The list is read again after the re-send.
    const posted = fetchMock.mock.calls.findIndex(([, init]) => init?.method === "POST");
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(posted + 1));
    expect(String(fetchMock.mock.calls[posted + 1]?.[0])).toBe("/api/admin/webhook-deliveries?limit=20");
    await user.selectOptions(screen.getByLabelText("Status"), "delivered");
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(2));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
      "/api/admin/webhook-deliveries?status=delivered&limit=20",
    );
  });

  it("says how to set the webhook up when it is not configured", async () => {
    endpoint = null;
    renderSection();
    expect(await screen.findByText(/No CRM webhook is set up: set LEAD_WEBHOOK_URL/)).toBeTruthy();
  });
});
