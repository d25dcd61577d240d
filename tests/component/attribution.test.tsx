import { PRIVACY_NOTICE_VERSION } from "@common/privacy";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GetStartedDialog } from "~/components/get-started-dialog";
import { ATTRIBUTION_KEY, captureAttribution, readAttribution } from "~/lib/attribution";
import { i18next } from "~/lib/i18n";
import { I18nextProvider } from "~/lib/react-i18n";

/** Puts the browser on `url` (same origin as jsdom's) with `referrer` as document.referrer. */
function visit(url: string, referrer = "") {
  window.history.replaceState(null, "", url);
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
}

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  visit("/");
  vi.unstubAllGlobals();
});

describe("visit attribution (lib/attribution.ts)", () => {
  it("keeps the visit's first landing: UTM parameters, referrer without its query, and the path", () => {
    visit(
      "/es/calculator?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch&utm_term=shelf%20ai&utm_content=hero&gclid=x",
      "https://news.example/issue/42?subscriber=ann@example.com#top",
    );
    captureAttribution();
    // A later page of the same visit changes nothing.
    visit("/?utm_source=other", "http://localhost:3000/es/calculator");
    captureAttribution();
    expect(readAttribution()).toEqual({
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring-launch",
      utmTerm: "shelf ai",
      utmContent: "hero",
      referrer: "https://news.example/issue/42",
      landingPath: "/es/calculator",
    });
  });

  it("leaves out a referrer from this site, caps long values and drops control characters", () => {
    visit(`/?utm_source=${"s".repeat(300)}&utm_medium=a%00b`, `${window.location.origin}/pricing`);
    captureAttribution();
    const kept = readAttribution();
    expect(kept.utmSource).toHaveLength(200);
    expect(kept.utmMedium).toBeUndefined();
    expect(kept.referrer).toBeUndefined();
    expect(kept.landingPath).toBe("/");
  });

  it("reads nothing from a tampered or missing record, and survives storage that refuses", () => {
    sessionStorage.setItem(ATTRIBUTION_KEY, "{not json");
    expect(readAttribution()).toEqual({});
    sessionStorage.setItem(
      ATTRIBUTION_KEY,
      JSON.stringify({ referrer: "javascript:alert(1)", landingPath: "//x" }),
    );
    expect(readAttribution()).toEqual({});
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    });
    expect(() => captureAttribution()).not.toThrow();
    expect(readAttribution()).toEqual({});
  });
});

describe("Get Started dialog: attribution and privacy notice", () => {
  it("sends the visit's attribution and the notice version, and links to the notice", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return Response.json({ id: 1 }, { status: 201 });
      }),
    );
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query }));
    visit("/calculator?utm_source=linkedin&utm_campaign=launch", "https://www.linkedin.example/feed");
    captureAttribution();
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18next}>
        <MemoryRouter>
          <GetStartedDialog open onOpenChange={() => {}} plan="Starter" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByText("We use these details to contact you about AisleIQ.")).toBeTruthy();
    // A new tab, so what she typed stays in the dialog; screen readers are told so.
    const notice = screen.getByRole("link", { name: "Privacy notice (opens in a new tab)" });
    expect(notice.getAttribute("href")).toBe("/privacy");
    expect(notice.getAttribute("target")).toBe("_blank");
    expect(notice.getAttribute("rel")).toContain("noopener");
    for (const [label, value] of [
      ["First name", "Ada"],
      ["Last name", "Lovelace"],
      ["Company", "Analytical Grocers"],
      ["Phone", "+1 555 010 2000"],
      ["Work email", "ada@grocers.example"],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(screen.getByRole("button", { name: "Get Started" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      planTitle: "Starter",
      utmSource: "linkedin",
      utmCampaign: "launch",
      referrer: "https://www.linkedin.example/feed",
      landingPath: "/calculator",
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
  });
});
