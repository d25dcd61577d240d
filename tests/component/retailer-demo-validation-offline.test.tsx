import type { DemoRegistrationBody } from "@common/api/demo-registrations";
import { findRetailerDemo } from "@common/retailer-demos";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { RegistrationPage } from "~/features/retailer-demo/registration-page";
import "~/lib/i18n";

/**
 * The demo form loads its zod schema on first use (ADR 0023, amendment 2). When that chunk cannot
 * be fetched (the connection dropped after the page loaded), the same rules still run without
 * zod: a bad phone number gets its documented toast, and a good registration goes out cleaned
 * (trimmed, email lower-cased) exactly as the schema would send it.
 */
vi.mock("@common/demo-registration", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

function SchnucksPage() {
  const demo = findRetailerDemo("schnucks");
  if (!demo) throw new Error("no demo");
  return <RegistrationPage demo={demo} />;
}

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });

function renderPage(sent: DemoRegistrationBody[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith("/api/retailer-demos")) return json(404, {});
      const body = JSON.parse(String(init?.body)) as DemoRegistrationBody;
      sent.push(body);
      return json(200, { registrationId: body.registrationId, message: "ok" });
    }),
  );
  const Stub = createRoutesStub([{ path: "/schnucks", Component: SchnucksPage }]);
  render(
    <>
      <Stub initialEntries={["/schnucks"]} />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
});

/** Fills the form as a registrant would, ticks the Terms box and submits. */
async function register(
  user: ReturnType<typeof userEvent.setup>,
  fields: { firstName: string; lastName: string; email: string; phone: string },
) {
  await user.type(screen.getByLabelText("First Name"), fields.firstName);
  await user.type(screen.getByLabelText("Last Name"), fields.lastName);
  await user.type(screen.getByLabelText("Email"), fields.email);
  await user.type(screen.getByLabelText("Phone"), fields.phone);
  await user.click(screen.getByRole("checkbox", { name: /I accept the Terms of Service/ }));
  await user.click(screen.getByRole("button", { name: "Submit Registration" }));
}

describe("demo registration when the validation chunk cannot load", () => {
  it("still refuses a bad phone number with the documented toast and sends nothing", async () => {
    const user = userEvent.setup();
    const sent: DemoRegistrationBody[] = [];
    renderPage(sent);
    await register(user, { firstName: "Rosa", lastName: "Tester", email: "rosa@schnucks.com", phone: "555" });
    expect(await screen.findByText("Invalid phone number")).toBeTruthy();
    expect(screen.getByText("Please enter a valid phone number.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("sends a good registration cleaned as the schema would, and thanks the registrant", async () => {
    const user = userEvent.setup();
    const sent: DemoRegistrationBody[] = [];
    renderPage(sent);
    await register(user, {
      firstName: "  Rosa ",
      lastName: "Tester",
      email: "Rosa@Schnucks.com",
      phone: "314 555 0100",
    });
    expect(await screen.findByRole("heading", { name: "Thank You!" })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ firstName: "Rosa", email: "rosa@schnucks.com", acceptTerms: true });
  });
});
