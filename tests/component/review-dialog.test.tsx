import type { CheckDetail, CheckSummary } from "@common/api/background-checks";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { BackgroundChecksSection } from "~/features/admin/background-checks-section";
import "~/lib/i18n";
import type { SessionUser } from "@common/api/auth";
import { createQueryClient } from "~/lib/query-client";
import { ADMIN, sessionUser } from "./support/fake-api";

/** One approved check on the fake server; PATCH to a non-final status clears the review like the server. */
let check: CheckSummary;
let reviewedByName: string | null;
let patches: unknown[];
/** The signed-in reviewer (`/api/auth/me`): Ada Admin unless a test signs in someone else. */
let me: SessionUser;

beforeEach(() => {
  check = {
    id: 4,
    userId: 9,
    fullName: "Uma User",
    email: "uma@fresh.example",
    status: "approved",
    passedCheck: true,
    submittedAt: "2026-11-20T10:00:00.000Z",
    reviewedAt: "2026-11-21T15:30:00.000Z",
    notes: "All documents verified",
    fileCount: 0,
    filesPurgedAt: null,
    finalAt: null,
    businessDaysLeft: null,
    disputedAt: null,
    filesPurgeDueAt: "2027-02-19T15:30:00.000Z",
  };
  reviewedByName = "Cara Company";
  patches = [];
  me = ADMIN;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === "/api/background-checks") return Response.json([check]);
      if (url === "/api/auth/me") return Response.json({ user: me, company: null });
      if (url === "/api/admin/stats")
        return Response.json({ totalUsers: 1, companies: 0, pendingChecks: 0, approved: 1 });
      if (url === "/api/background-checks/4" && init?.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as { status: CheckSummary["status"]; notes?: string };
        patches.push(body);
        const final = body.status === "approved" || body.status === "rejected";
        // Like the server: reopening drops a decided check's notes unless new ones are given.
        const kept = final ? check.notes : null;
        check = {
          ...check,
          status: body.status,
          passedCheck: final ? body.status === "approved" : null,
          reviewedAt: final ? check.reviewedAt : null,
          notes: body.notes === undefined ? kept : body.notes || null,
        };
        if (!final) reviewedByName = null;
        return Response.json(check);
      }
      if (url === "/api/background-checks/4") {
        const detail: CheckDetail = {
          ...check,
          reviewedByName,
          disputeStatement: null,
          authorization: null,
          files: [],
          audit: [],
        };
        return Response.json(detail);
      }
      throw new Error(`unexpected ${init?.method ?? "GET"} ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BackgroundChecksSection />
      <Toaster />
    </QueryClientProvider>,
  );
}

const reviewButton = () =>
  within(screen.getByRole("table", { hidden: true })).getByRole("button", {
    name: "Review background check of Uma User",
    hidden: true,
  });

describe("Review dialog (docs/product.md#2-pages)", () => {
  it("returns focus to its Review button when closed with Escape, Cancel or after saving", async () => {
    const events = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    const trigger = reviewButton();

    trigger.focus();
    await events.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Review Background Check" })).toBeTruthy();
    await events.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    await events.keyboard("{Enter}");
    await events.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    await events.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog");
    await events.selectOptions(within(dialog).getByLabelText("Status"), "Rejected");
    await events.click(within(dialog).getByRole("button", { name: "Update Status" }));
    expect(await screen.findByText("Status has been updated successfully")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(reviewButton()));
  });

  it("shows the reviewed date and reviewer, and none once the check is back to Pending", async () => {
    const events = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    await events.click(reviewButton());
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Review Notes")).toHaveProperty("value", "All documents verified");
    await waitFor(() =>
      expect(within(dialog).getByTestId("review-reviewed").textContent).toMatch(/2026.* by Cara Company$/),
    );

    await events.selectOptions(within(dialog).getByLabelText("Status"), "Pending");
    await events.click(within(dialog).getByRole("button", { name: "Update Status" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole("row", { name: /Uma User/ }).textContent).toContain("Pending"),
    );

    // The old notes were shown but not edited, so they are not sent back and do not stay.
    expect(patches).toEqual([{ status: "pending", passedCheck: false }]);

    await events.click(reviewButton());
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByText("Reviewed")).toBeNull();
    expect(within(dialog).queryByTestId("review-reviewed")).toBeNull();
    expect(within(dialog).getByLabelText("Review Notes")).toHaveProperty("value", "");
  });

  it("opens with focus on its title, so an arrow key cannot change the status", async () => {
    const events = userEvent.setup();
    renderSection();
    await screen.findByRole("table");
    await events.click(reviewButton());
    const dialog = await screen.findByRole("dialog", { name: "Review Background Check" });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole("heading", { name: "Review Background Check" }),
      ),
    );
    await events.keyboard("{ArrowDown}");
    expect(within(dialog).getByLabelText("Status")).toHaveProperty("value", "");
  });

  it("disables Review on the reviewer's own check and says why (ADR 0017)", async () => {
    me = sessionUser({ id: check.userId, fullName: "Uma User", role: "company_admin", companyId: 2 });
    renderSection();
    await screen.findByRole("table");
    const button = await waitFor(() => {
      const found = within(screen.getByRole("table", { hidden: true })).getByRole("button", {
        name: /^Review background check of Uma User/,
        hidden: true,
      });
      expect(found).toHaveProperty("disabled", true);
      return found;
    });
    expect(button.getAttribute("aria-label")).toBe(
      "Review background check of Uma User. Your own check: another reviewer decides it.",
    );
    expect(screen.getAllByText("Your own check: another reviewer decides it.").length).toBeGreaterThan(0);
  });
});
