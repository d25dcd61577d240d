import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { GetStartedDialog } from "~/components/get-started-dialog";
import { Toaster } from "~/components/ui/toaster";
import { CompaniesSection } from "~/features/admin/companies-section";
import "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { json, restoreAfterEach, stubFetch } from "./support/fake-api";

/**
 * A button busy with its own work keeps the keyboard focus (WCAG 2.4.3) and ignores a second
 * press; a refused form marks its invalid fields and says why under each (docs/product.md#5-validation).
 */
restoreAfterEach();

function renderCompanies() {
  let answer: (response: Response) => void = () => {};
  const fetchMock = stubFetch(async (_input, init) => {
    if ((init?.method ?? "GET") === "GET") return json([]);
    return new Promise<Response>((resolve) => {
      answer = resolve;
    });
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CompaniesSection />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchMock, answer: (response: Response) => answer(response) };
}

describe("Add Company", () => {
  it("keeps the focus on its button while adding and after, and sends once however often pressed", async () => {
    const events = userEvent.setup();
    const { fetchMock, answer } = renderCompanies();
    await events.type(screen.getByLabelText("Name"), "Corner Mart");
    await events.type(screen.getByLabelText("Email"), "ops@corner.example");
    await events.click(screen.getByRole("button", { name: "Add Company" }));
    const busy = await screen.findByRole("button", { name: "Adding..." });
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(busy);
    await events.click(busy);
    await events.keyboard("{Enter}");
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts()).toHaveLength(1);
    answer(
      json(
        { id: 1, name: "Corner Mart", email: "ops@corner.example", createdAt: new Date().toISOString() },
        201,
      ),
    );
    expect(await screen.findByText("Company Added")).toBeTruthy();
    const done = screen.getByRole("button", { name: "Add Company" });
    expect(done.getAttribute("aria-disabled")).toBeNull();
    expect(document.activeElement).toBe(done);
  });

  it("marks the empty required fields, with the message under each, beside the spec's toast", async () => {
    const events = userEvent.setup();
    renderCompanies();
    await events.type(screen.getByLabelText("Email"), "ops@corner.example");
    await events.click(screen.getByRole("button", { name: "Add Company" }));
    expect(await screen.findByText("Please enter the company name and email")).toBeTruthy();
    const name = screen.getByLabelText("Name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "This field is required.",
    );
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
    await events.type(name, "C");
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBeNull());
  });
});

describe("Get Started", () => {
  it("marks the invalid email with the message under it, and the empty fields when all are required", async () => {
    const events = userEvent.setup();
    stubFetch(async () => json({ id: 1 }, 201));
    render(
      <>
        <GetStartedDialog open onOpenChange={() => {}} plan="Optimal" />
        <Toaster />
      </>,
    );
    await events.type(screen.getByLabelText("First name"), "Rosa");
    await events.click(screen.getByRole("button", { name: "Get Started" }));
    expect(await screen.findByText("All fields are required")).toBeTruthy();
    expect(screen.getByLabelText("First name").getAttribute("aria-invalid")).toBeNull();
    for (const label of ["Last name", "Company", "Phone", "Work email"]) {
      expect(screen.getByLabelText(label).getAttribute("aria-invalid")).toBe("true");
    }
    await events.type(screen.getByLabelText("Last name"), "Parks");
    await events.type(screen.getByLabelText("Company"), "Corner Market Co");
    await events.type(screen.getByLabelText("Phone"), "+1 555 010 2000");
    await events.type(screen.getByLabelText("Work email"), "rosa@example");
    await events.click(screen.getByRole("button", { name: "Get Started" }));
    const email = screen.getByLabelText("Work email");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Please enter a valid email address.",
    );
    expect(screen.getByLabelText("Phone").getAttribute("aria-invalid")).toBeNull();
  });
});
