import { findLoginPortal, LOGIN_PORTALS } from "@common/login-portals";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { LoginPortalPage } from "~/features/portals/login-portal-page";
import { i18next } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { I18nextProvider } from "~/lib/react-i18n";
import { enLoginPortals } from "~/locales/en-login-portals";
import { setupPage } from "../../src/site/layouts/page-language";

// The portals' texts, registered as their site pages do (ADR 0064).
setupPage("en", { loginPortals: enLoginPortals });

/** The login portal of the current path, as each portal's site page renders it (one page per path). */
function LoginPortalRoute() {
  const portal = findLoginPortal(useLocation().pathname) ?? LOGIN_PORTALS[0];
  return <LoginPortalPage portal={portal.id} />;
}

const SECRET = "hunter2-S3cret!";
let fetchSpy: MockInstance;
const consoleSpies: MockInstance[] = [];

beforeEach(() => {
  // A login portal makes no request at all: any fetch is a failure.
  fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
    throw new Error(`unexpected request to ${String(input)}`);
  }) as unknown as MockInstance;
  vi.stubGlobal("fetch", fetchSpy);
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    consoleSpies.push(vi.spyOn(console, method));
  }
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const spy of consoleSpies.splice(0)) spy.mockRestore();
});

/** Renders the portal at `path` with the app's real providers (query client, i18n, router). */
function renderPortal(path: string) {
  const Stub = createRoutesStub(
    LOGIN_PORTALS.map((portal) => ({ path: portal.path, Component: LoginPortalRoute })),
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18next}>
        <Stub initialEntries={[path]} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** Stands in for the portal's sign-in page, to tell a client-side navigation from a page load. */
function ClientSidePortalPage() {
  return <p>Client-side portal page</p>;
}

/** Everything any console method was called with, as one string. */
function consoleOutput(): string {
  return consoleSpies.flatMap((spy) => spy.mock.calls.flat().map((arg) => String(arg))).join("\n");
}

describe("login portal form", () => {
  it.each([
    ["/developer-api-login", "API Portal", "Access API Portal"],
    ["/documentation-login", "Documentation", "Access Documentation"],
    ["/developer-sdk-login", "SDK Portal", "Access SDK Portal"],
    ["/retailer-login", "Retailer Portal", "Access Retailer Portal"],
    ["/plugins-login", "Plugins Portal", "Access Plugins Portal"],
  ])("%s shows its title and the documented submit text", (path, title, submit) => {
    renderPortal(path);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole("button", { name: submit })).toBeTruthy();
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByLabelText("Password")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign Up" })).toBeTruthy();
  });

  it("requires an email and a password, then a well-formed email, without any request", async () => {
    const user = userEvent.setup();
    renderPortal("/retailer-login");
    await user.click(screen.getByRole("button", { name: "Access Retailer Portal" }));
    expect(screen.getByText("Please enter your email address.")).toBeTruthy();
    expect(screen.getByText("Please enter your password.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));

    await user.type(screen.getByLabelText("Email"), "rosa@store");
    await user.type(screen.getByLabelText("Password"), SECRET);
    await user.click(screen.getByRole("button", { name: "Access Retailer Portal" }));
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(screen.queryByText("Please enter your password.")).toBeNull();
    expect(screen.queryByText("Access is by invitation")).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("on a valid submit says access is by invitation, clears the password, and never sends or logs it", async () => {
    const user = userEvent.setup();
    renderPortal("/developer-api-login");
    await user.type(screen.getByLabelText("Email"), "dev@shop.example");
    await user.type(screen.getByLabelText("Password"), SECRET);
    await user.click(screen.getByRole("button", { name: "Access API Portal" }));

    const notice = screen.getByRole("status");
    expect(notice.textContent).toContain("Access is by invitation");
    expect(notice.textContent).toContain("The API Portal opens to invited accounts only.");
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("");
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(consoleOutput()).not.toContain(SECRET);
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it("Forgot Password explains the passwordless account portal and links to it", async () => {
    const user = userEvent.setup();
    renderPortal("/plugins-login");
    const forgot = screen.getByRole("button", { name: "Forgot Password" });
    expect(forgot.getAttribute("aria-expanded")).toBe("false");
    await user.click(forgot);
    expect(forgot.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("status").textContent).toContain("No password to reset");
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("AisleIQ accounts have no password");
    const link = within(status).getByRole("link", {
      name: "Account portal — for invited team members, company admins and admins",
    });
    expect(link.getAttribute("href")).toBe("/sign-in");
  });

  it("opens the account portal by a full page load, so the portal gets its own CSP (ADR 0031)", async () => {
    const user = userEvent.setup();
    const Stub = createRoutesStub([
      { path: "/plugins-login", Component: LoginPortalRoute },
      { path: "/admin/login", Component: ClientSidePortalPage },
    ]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nextProvider i18n={i18next}>
          <Stub initialEntries={["/plugins-login"]} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const links = screen.getAllByRole("link", {
      name: "Account portal — for invited team members, company admins and admins",
    });
    const link = links.at(-1) as HTMLElement;
    // jsdom does not load documents: stop the browser's own navigation after React Router has
    // seen the click (a document listener runs after React's root listener), so a full page
    // load leaves the rendered route as it was and a client-side one renders the stub page.
    const stopNavigation = (event: Event) => event.preventDefault();
    document.addEventListener("click", stopNavigation);
    await user.click(link);
    document.removeEventListener("click", stopNavigation);
    expect(screen.queryByText("Client-side portal page")).toBeNull();
    expect(screen.getByRole("button", { name: "Forgot Password" })).toBeTruthy();
  });

  it("Sign Up is the Get Started dialog's trigger, with the Optimal plan", () => {
    // The site's dialog trigger script opens the dialog (src/site/scripts/dialog-triggers.ts);
    // tests/e2e/portals.spec.ts checks that it does.
    renderPortal("/developer-sdk-login");
    const signUp = screen.getByRole("button", { name: "Sign Up" });
    expect(signUp.getAttribute("type")).toBe("button");
    expect(signUp.getAttribute("aria-haspopup")).toBe("dialog");
    expect(signUp.dataset.dialogTrigger).toBe("get-started");
    expect(signUp.dataset.plan).toBe("Optimal");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
