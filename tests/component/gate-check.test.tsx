import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { EventsDialogs } from "~/components/events-dialogs";
import { ChannelPartnerSection } from "~/features/calculator/channel-partner-section";
import { CHANNEL_PARTNER_UNLOCKED_KEY, DEFAULT_FORM } from "~/features/calculator/content";
import { i18next } from "~/lib/i18n";
import { I18nextProvider } from "~/lib/react-i18n";
import { enLandingDialogs } from "~/locales/en-landing-dialogs";

/**
 * Both password gates (docs/product.md#2-pages "Events dialogs", #4-states; ADR 0004) read the server's
 * answer the same way, through the one gate-check hook: by the error's `code`.
 */

interface Answer {
  status: number;
  body: unknown;
}

let requests: { url: string; body: unknown }[];
let answer: Answer;

beforeAll(() => {
  // The Events dialog registers its catalog when its chunk loads; here it is imported directly.
  i18next.addResourceBundle("en", "translation", { landing: enLandingDialogs }, true, true);
});

beforeEach(() => {
  requests = [];
  answer = { status: 200, body: { ok: true } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith("/api/gates/")) throw new Error(`unexpected request to ${url}`);
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** What the server sends past the password (ADR 0035); the bundle has none of it. */
const PARTNER_LABELS = {
  partnerCommissionPercentage: "Partner commission (%)",
  storesInBrand: "Stores in brand",
  commissionPerStore: "Commission per store",
  totalPartnerCommission: "Total commission",
};
const PARTNER_CONTENT = { en: PARTNER_LABELS, es: PARTNER_LABELS };

const INCORRECT = {
  status: 401,
  body: { error: "Incorrect password. Please try again.", code: "INCORRECT_PASSWORD" },
};
const RATE_LIMITED = { status: 429, body: { error: "Too many requests, slow down.", code: "RATE_LIMITED" } };

/** Types `password` into the gate's Password field and presses its submit button. */
async function typeAndSubmit(gate: HTMLElement, password: string, button: string) {
  const user = userEvent.setup();
  await user.type(within(gate).getByLabelText("Password"), password);
  await user.click(within(gate).getByRole("button", { name: button }));
}

describe("Events gate", () => {
  function renderEvents() {
    render(
      <I18nextProvider i18n={i18next}>
        <EventsDialogs open onOpenChange={() => {}} />
      </I18nextProvider>,
    );
    return screen.getByRole("dialog", { name: "Events" });
  }

  const submit = (gate: HTMLElement, password: string) => typeAndSubmit(gate, password, "Continue");

  it("sends the password to the events gate; a wrong one shows the documented message and clears the field", async () => {
    answer = INCORRECT;
    const gate = renderEvents();
    await submit(gate, "not it");
    expect(await within(gate).findByText("Incorrect password. Please try again.")).toBeTruthy();
    expect((within(gate).getByLabelText("Password") as HTMLInputElement).value).toBe("");
    expect(requests).toEqual([{ url: "/api/gates/events", body: { password: "not it" } }]);
  });

  it("says to wait when the server answers RATE_LIMITED", async () => {
    answer = RATE_LIMITED;
    const gate = renderEvents();
    await submit(gate, "guess");
    expect(
      await within(gate).findByText("Too many attempts. Please wait a few minutes and try again."),
    ).toBeTruthy();
  });

  it("reads a 401 without the INCORRECT_PASSWORD code as a failed check, not a wrong password", async () => {
    answer = { status: 401, body: { error: "Sign in first.", code: "UNAUTHENTICATED" } };
    const gate = renderEvents();
    await submit(gate, "guess");
    expect(
      await within(gate).findByText("Unable to check the password. Please try again later."),
    ).toBeTruthy();
  });

  it("opens the scheduling dialog on the right password", async () => {
    const gate = renderEvents();
    await submit(gate, "right");
    expect(await screen.findByRole("dialog", { name: "Let's meet" })).toBeTruthy();
  });
});

describe("Channel Partner gate", () => {
  function renderSection() {
    render(
      <I18nextProvider i18n={i18next}>
        <ChannelPartnerSection
          form={DEFAULT_FORM}
          onChange={() => {}}
          results={{
            monthsSinceLaunch: 1,
            monthlyAppVisits: 0,
            monthlyAverageAppCartSize: 0,
            monthlyIncreaseInRevenue: 0,
            monthlyCommission: 0,
            lostRevenue: 0,
            commissionPerStore: 0,
            totalPartnerCommission: 0,
          }}
        />
      </I18nextProvider>,
    );
    const section = screen.getByRole("heading", { name: "Channel Partner" }).closest("div.calc-section");
    return section as HTMLElement;
  }

  const submit = (section: HTMLElement, password: string) => typeAndSubmit(section, password, "Unlock");

  it("sends the password to the channel-partner gate; a wrong one shows the message and reddens the panel", async () => {
    answer = INCORRECT;
    const section = renderSection();
    await submit(section, "not it");
    expect(await within(section).findByText("Incorrect password. Please try again.")).toBeTruthy();
    expect(section.getAttribute("data-state")).toBe("error");
    expect((within(section).getByLabelText("Password") as HTMLInputElement).value).toBe("");
    expect(requests).toEqual([{ url: "/api/gates/channel-partner", body: { password: "not it" } }]);
  });

  it("shows the server's message when it answers RATE_LIMITED, without the wrong-password shake", async () => {
    answer = RATE_LIMITED;
    const section = renderSection();
    await submit(section, "guess");
    expect(await within(section).findByText("Too many requests, slow down.")).toBeTruthy();
    expect(section.getAttribute("data-state")).toBeNull();
  });

  it("unlocks the partner commission fields with the labels the server sends on the right password", async () => {
    answer = { status: 200, body: { ok: true, content: PARTNER_CONTENT } };
    const section = renderSection();
    await submit(section, "right");
    await waitFor(() => expect(screen.getByLabelText("Partner commission (%)")).toBeTruthy());
    expect(within(section).getByText("Total commission")).toBeTruthy();
  });

  it("stays locked on a sessionStorage flag alone: it asks the server, which refuses without the pass", async () => {
    window.sessionStorage.setItem(CHANNEL_PARTNER_UNLOCKED_KEY, "1");
    answer = { status: 401, body: { error: "Enter the password to see this section.", code: "GATE_LOCKED" } };
    const section = renderSection();
    await waitFor(() =>
      expect(requests).toEqual([{ url: "/api/gates/channel-partner/content", body: undefined }]),
    );
    await waitFor(() => expect(window.sessionStorage.getItem(CHANNEL_PARTNER_UNLOCKED_KEY)).toBeNull());
    expect(within(section).getByLabelText("Password")).toBeTruthy();
    expect(screen.queryByLabelText("Partner commission (%)")).toBeNull();
    expect(screen.queryByTestId("figure-totalPartnerCommission")).toBeNull();
  });

  it("reopens in a later page view of the session when the server still accepts its pass", async () => {
    window.sessionStorage.setItem(CHANNEL_PARTNER_UNLOCKED_KEY, "1");
    answer = { status: 200, body: { content: PARTNER_CONTENT } };
    renderSection();
    await waitFor(() => expect(screen.getByLabelText("Stores in brand")).toBeTruthy());
  });
});
