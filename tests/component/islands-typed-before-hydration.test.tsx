import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CalculatorEn from "../../src/site/islands/calculator/CalculatorEn";
import LoginPortalEn from "../../src/site/islands/login-portal/LoginPortalEn";
import RegistrationEn from "../../src/site/islands/registration/RegistrationEn";

/**
 * The public pages are static HTML whose islands hydrate on first interaction: what a person
 * types before an island hydrates must still count once it has (React 19 keeps such text in the
 * DOM but renders its own state over it at the next render unless the form reads it in).
 */

let root: Root | null = null;
let container: HTMLElement | null = null;

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  window.history.replaceState(null, "", "/calculator");
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
});

/** Puts `element`'s server HTML in the document, lets `beforeHydration` act on it, then hydrates. */
async function serverRenderThenHydrate(element: ReactNode, beforeHydration: () => void) {
  container = document.createElement("div");
  container.innerHTML = renderToString(element);
  document.body.append(container);
  beforeHydration();
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container as HTMLElement, element, {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  // The markup matched: hydrated in place, not rendered anew.
  expect(recoverable).toEqual([]);
}

/** Types `text` into a server-rendered input as a browser does before any script runs. */
function typeNatively(input: HTMLElement, text: string) {
  (input as HTMLInputElement).value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

describe("calculator island", () => {
  it("counts digits typed before hydration, and keeps them through the next render", async () => {
    vi.stubGlobal("fetch", vi.fn());
    await serverRenderThenHydrate(<CalculatorEn />, () => {
      typeNatively(screen.getByLabelText("Monthly receipts per store"), "10000");
    });
    // 10,000 × 0.13 × 1 = 1,300 visits
    await waitFor(() => expect(screen.getByTestId("figure-monthlyAppVisits").textContent).toBe("1,300"));
    await userEvent.setup().type(screen.getByLabelText("Average receipt ($)"), "0");
    expect((screen.getByLabelText("Monthly receipts per store") as HTMLInputElement).value).toBe("10000");
    expect((screen.getByLabelText("Average receipt ($)") as HTMLInputElement).value).toBe("450");
    expect(window.location.search).toContain("monthlyReceipts=10000");
  });

  it("typed text wins over the link's value for the same field; the link fills the rest", async () => {
    window.history.replaceState(null, "", "/calculator?cartSize=100&monthlyReceipts=20000");
    await serverRenderThenHydrate(<CalculatorEn />, () => {
      typeNatively(screen.getByLabelText("Monthly receipts per store"), "10000");
    });
    // 10,000 × 0.13 = 1,300 visits; 1,300 × 100 × 0.23 = $29,900
    await waitFor(() =>
      expect(screen.getByTestId("figure-monthlyIncreaseInRevenue").textContent).toBe("$29,900"),
    );
    expect(screen.getByTestId("figure-monthlyAppVisits").textContent).toBe("1,300");
  });
});

describe("login portal island", () => {
  it("submits what was typed before hydration", async () => {
    await serverRenderThenHydrate(<LoginPortalEn portal="retailer" />, () => {
      typeNatively(screen.getByLabelText("Email"), "manager@store.example");
      typeNatively(screen.getByLabelText("Password", { exact: true }), "secret");
    });
    await userEvent.setup().click(screen.getByRole("button", { name: "Access Retailer Portal" }));
    expect(await screen.findByText("Access is by invitation")).toBeTruthy();
    expect(screen.queryByText("Please enter your email address.")).toBeNull();
    expect((screen.getByLabelText("Password", { exact: true }) as HTMLInputElement).value).toBe("");
  });
});

describe("registration island", () => {
  it("keeps the fields typed before hydration and sends them", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith("/api/retailer-demos/")) return new Response("{}", { status: 503 });
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ ok: true }), {
          status: 201,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    window.history.replaceState(null, "", "/schnucks");
    await serverRenderThenHydrate(<RegistrationEn slug="schnucks" />, () => {
      typeNatively(screen.getByLabelText("First Name"), "Rosa");
      typeNatively(screen.getByLabelText("Last Name"), "Tester");
      typeNatively(screen.getByLabelText("Email"), "rosa@schnucks.com");
      typeNatively(screen.getByLabelText("Phone"), "314 555 0100");
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole("checkbox", { name: /I accept the Terms of Service/ }));
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    expect(await screen.findByRole("heading", { name: "Thank You!" })).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ firstName: "Rosa", lastName: "Tester", email: "rosa@schnucks.com" });
  });
});
