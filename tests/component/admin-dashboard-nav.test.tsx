import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminDashboard } from "~/features/admin/admin-dashboard";
import { createQueryClient } from "~/lib/query-client";
import { ADMIN, json, restoreAfterEach, sessionUser, stubFetch } from "./support/fake-api";

/**
 * The admin dashboard's sections are reachable from an in-page nav (WCAG 2.4.5), Companies
 * before Invitations and Users, since a company must exist before someone is invited into it.
 */
restoreAfterEach();

function renderDashboard(user = ADMIN) {
  // Every list answers 503: the nav does not depend on the sections' data.
  stubFetch(async () => json({ error: "Down", code: "SERVICE_UNAVAILABLE" }, 503));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AdminDashboard
          session={{ user, company: null }}
          adminSections={[{ id: "leads", label: "Leads", content: <p>Leads inbox</p> }]}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return within(screen.getByRole("navigation", { name: "Sections of this page" }));
}

describe("admin dashboard in-page nav", () => {
  it("links an admin to every section, Companies before Invitations and Users", () => {
    const nav = renderDashboard();
    const links = nav.getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Background Checks",
      "Companies",
      "Invitations",
      "Users",
      "Leads",
    ]);
    for (const link of links) {
      const target = document.getElementById((link.getAttribute("href") ?? "").slice(1));
      expect(target, link.textContent ?? "").not.toBeNull();
    }
    expect(document.getElementById("section-leads")?.textContent).toBe("Leads inbox");
  });

  it("shows a company admin only the sections she has", () => {
    const nav = renderDashboard(sessionUser({ role: "company_admin", companyId: 2 }));
    expect(nav.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Background Checks",
      "Invitations",
      "Users",
    ]);
  });
});
