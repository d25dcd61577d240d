import { PRIVACY_NOTICE_VERSION } from "@common/privacy";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GetStartedDialog } from "~/components/get-started-dialog";
import { Toaster } from "~/components/ui/toaster";
import { Hero } from "~/features/landing/hero";
import { dismissToast } from "~/hooks/use-toast";
import { i18next } from "~/lib/i18n";
import { I18nextProvider } from "~/lib/react-i18n";

function withProviders(ui: React.ReactNode) {
  return (
    <I18nextProvider i18n={i18next}>
      <MemoryRouter>
        {ui}
        <Toaster />
      </MemoryRouter>
    </I18nextProvider>
  );
}

describe("hero", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the headline, both buttons and the three claims", () => {
    render(withProviders(<Hero />));
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toContain("Introducing AisleIQ");
    expect(heading.textContent).toContain("A refreshingly simple AI Retail APP Platform");
    expect(screen.getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/#pricing");
    expect(screen.getByRole("link", { name: "Sales Lift" }).getAttribute("href")).toBe("/calculator");
    const claims = within(screen.getByRole("list", { name: "What AisleIQ brings" })).getAllByRole("listitem");
    expect(claims.map((claim) => claim.textContent)).toEqual([
      "23% revenue lift per cart in store",
      "AI rocket fuel to make employees' jobs clear and joyful",
      expect.stringContaining("Magic brick and mortar shopping experiences"),
    ]);
  });

  it("turns the last bubble's pulsing ellipsis into the emoji row after 6000 ms", () => {
    render(withProviders(<Hero />));
    expect(screen.getByRole("img", { name: "More on the way" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Celebration" })).toBeNull();
    act(() => vi.advanceTimersByTime(5999));
    expect(screen.getByRole("img", { name: "More on the way" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("img", { name: "More on the way" })).toBeNull();
    expect(screen.getByRole("img", { name: "Celebration" }).textContent).toContain("🎉");
  });
});

describe("Get Started dialog", () => {
  let requests: { url: string; body: unknown }[];
  let respond: () => Response;

  beforeEach(() => {
    requests = [];
    respond = () =>
      new Response(JSON.stringify({ id: 1 }), {
        status: 201,
        headers: { "Content-Type": "application/json" },
      });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url !== "/api/send-get-started-email") throw new Error(`unexpected request to ${url}`);
        requests.push({ url, body: JSON.parse(String(init?.body)) });
        return respond();
      }),
    );
    // Confetti is a lazily loaded decoration; keep it out of jsdom.
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query }));
  });
  afterEach(() => {
    act(() => dismissToast());
    vi.unstubAllGlobals();
  });

  function renderDialog() {
    const onOpenChange = vi.fn();
    const view = render(withProviders(<GetStartedDialog open onOpenChange={onOpenChange} plan="Optimal" />));
    return { ...view, onOpenChange };
  }

  async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
    const labels: Record<string, string> = {
      firstName: "First name",
      lastName: "Last name",
      company: "Company",
      phone: "Phone",
      email: "Work email",
    };
    for (const [name, value] of Object.entries(values)) {
      const input = screen.getByLabelText(labels[name] ?? name);
      await user.clear(input);
      if (value) {
        await user.click(input);
        await user.paste(value);
      }
    }
  }

  const submit = (user: ReturnType<typeof userEvent.setup>) =>
    user.click(screen.getByRole("button", { name: "Get Started" }));

  async function expectToast(title: string, description: string) {
    const status = await screen.findByText(title);
    expect(status).toBeTruthy();
    // The toast, and the same words under the field it marks (the email's and the phone's).
    expect(screen.getAllByText(description).length).toBeGreaterThan(0);
  }

  it("labels every field and marks it required with an autocomplete hint", () => {
    renderDialog();
    const hints = {
      "First name": "given-name",
      "Last name": "family-name",
      Company: "organization",
      Phone: "tel",
      "Work email": "email",
    };
    for (const [label, hint] of Object.entries(hints)) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.required).toBe(true);
      expect(input.getAttribute("autocomplete")).toBe(hint);
    }
  });

  it("validates in the documented order: required, then email, then phone", async () => {
    const user = userEvent.setup();
    renderDialog();

    await fill(user, { firstName: "Ada", lastName: "Lovelace", company: "", phone: "12", email: "nope" });
    await submit(user);
    await expectToast("All fields are required", "Please fill in all the fields to continue.");

    // Both email and phone are wrong: the email is reported first.
    await fill(user, { company: "Analytical Grocers" });
    await submit(user);
    await expectToast("Invalid email", "Please enter a valid email address.");

    await fill(user, { email: "ada@grocers.example" });
    await submit(user);
    await expectToast("Invalid phone number", "Please enter a phone number with 7 to 15 digits.");
    expect(requests).toHaveLength(0);

    // The rule counts digits, so a formatted international number passes (ADR 0019).
    await fill(user, { phone: "+44 20 7946 0958" });
    await submit(user);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ phone: "+44 20 7946 0958" });
  });

  it("sends the lead with the chosen plan and shows the Thank You view", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const created = respond;
    vi.mocked(fetch).mockImplementationOnce(async (input, init) => {
      requests.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      await gate;
      return created();
    });
    renderDialog();
    await fill(user, {
      firstName: "Ada",
      lastName: "Lovelace",
      company: "Analytical Grocers",
      phone: "+1 555 010 2000",
      email: "ada@grocers.example",
    });
    await submit(user);
    const processing = await screen.findByRole("button", { name: "Processing..." });
    expect(processing.getAttribute("aria-disabled")).toBe("true");
    release();
    expect(await screen.findByText("Thank You!")).toBeTruthy();
    expect(screen.getByText("Congratulations you are on the way to the future of retail!")).toBeTruthy();
    expect(screen.getByText("We will reach out shortly to set up your account.")).toBeTruthy();
    expect(requests).toEqual([
      {
        url: "/api/send-get-started-email",
        body: {
          firstName: "Ada",
          lastName: "Lovelace",
          company: "Analytical Grocers",
          phone: "+1 555 010 2000",
          email: "ada@grocers.example",
          planTitle: "Optimal",
          website: "",
          language: "en",
          privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        },
      },
    ]);
  });

  it("stays on the form with the destructive toast when the server fails", async () => {
    const user = userEvent.setup();
    respond = () => new Response(JSON.stringify({ error: "boom", code: "INTERNAL" }), { status: 500 });
    renderDialog();
    await fill(user, {
      firstName: "Ada",
      lastName: "Lovelace",
      company: "Analytical Grocers",
      phone: "5550102000",
      email: "ada@grocers.example",
    });
    await submit(user);
    await expectToast("Something went wrong", "Unable to submit your request. Please try again later.");
    expect((screen.getByRole("button", { name: "Get Started" }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Ada");
  });

  it("resets the fields 300 ms after closing", async () => {
    const user = userEvent.setup();
    const { rerender } = renderDialog();
    await fill(user, { firstName: "Ada" });
    vi.useFakeTimers();
    try {
      rerender(withProviders(<GetStartedDialog open={false} onOpenChange={() => {}} plan="Optimal" />));
      act(() => vi.advanceTimersByTime(299));
      rerender(withProviders(<GetStartedDialog open onOpenChange={() => {}} plan="Optimal" />));
      expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Ada");
      rerender(withProviders(<GetStartedDialog open={false} onOpenChange={() => {}} plan="Optimal" />));
      act(() => vi.advanceTimersByTime(300));
      rerender(withProviders(<GetStartedDialog open onOpenChange={() => {}} plan="Optimal" />));
      expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });
});
