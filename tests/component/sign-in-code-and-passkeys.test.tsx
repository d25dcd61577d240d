import { notifyManager, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { AdminLoginScreen } from "~/features/auth/admin-login-screen";
import { PasskeySuggestion } from "~/features/auth/passkey-suggestion";
import { PasskeysCard } from "~/features/auth/passkeys-card";
import { createQueryClient } from "~/lib/query-client";
import { json, restoreAfterEach, sessionUser, stubFetch } from "./support/fake-api";

/**
 * The sign-in code after "Check Your Email" (ADR 0060) and passkeys in the portal (ADR 0061):
 * sign-in with a passkey (button and autofill), the dashboard's list, the one-time suggestion.
 * The browser's WebAuthn is a stub that answers like a platform authenticator would.
 */

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let signedIn: boolean;
let answers: Record<string, () => Response | Promise<Response>>;

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? "GET";
  calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  const key = `${method} ${url}`;
  if (answers[key]) return Promise.resolve(answers[key]());
  if (url === "/api/auth/me") {
    return Promise.resolve(
      signedIn
        ? json({ user: sessionUser(), company: null })
        : json({ error: "Please sign in", code: "UNAUTHENTICATED" }, 401),
    );
  }
  if (url === "/api/auth/send-magic-link") return Promise.resolve(json({ message: "ok" }));
  return Promise.resolve(json({ error: "Not found", code: "NOT_FOUND" }, 404));
}

const posted = (url: string) => calls.filter((call) => call.method === "POST" && call.url === url);

const SignInPage = () => <AdminLoginScreen entry="account" />;
const DashboardPage = () => <h1>Dashboard</h1>;
const PasskeysPage = () => (
  <>
    <PasskeySuggestion />
    <PasskeysCard />
  </>
);

function renderPortal(path = "/sign-in") {
  const Stub = createRoutesStub([
    { path: "/sign-in", Component: SignInPage },
    { path: "/dashboard", Component: DashboardPage },
    { path: "/passkeys", Component: PasskeysPage },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={[path]} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const buffer = (text: string) => new TextEncoder().encode(text).buffer;

/** A WebAuthn stub: `navigator.credentials.get/create` answer with a fixed credential. */
function stubWebAuthn(options: { autofill?: boolean } = {}) {
  const credential = (kind: "get" | "create") => ({
    id: "Y3JlZA",
    rawId: buffer("cred"),
    type: "public-key",
    authenticatorAttachment: "platform",
    getClientExtensionResults: () => ({}),
    response:
      kind === "get"
        ? {
            clientDataJSON: buffer("{}"),
            authenticatorData: buffer("auth"),
            signature: buffer("sig"),
            userHandle: buffer("user"),
          }
        : {
            clientDataJSON: buffer("{}"),
            attestationObject: buffer("att"),
            getTransports: () => ["internal"],
          },
  });
  const PublicKeyCredential = Object.assign(() => undefined, {
    isConditionalMediationAvailable: async () => options.autofill ?? false,
    isUserVerifyingPlatformAuthenticatorAvailable: async () => true,
  });
  vi.stubGlobal("PublicKeyCredential", PublicKeyCredential);
  const get = vi.fn(async () => credential("get"));
  const create = vi.fn(async () => credential("create"));
  Object.defineProperty(navigator, "credentials", { configurable: true, value: { get, create } });
  return { get, create };
}

const SIGN_IN_OPTIONS = {
  options: { challenge: "Y2hhbGxlbmdl", rpId: "localhost", userVerification: "required" },
};

beforeEach(() => {
  calls = [];
  signedIn = false;
  answers = {};
  stubFetch(server);
});
restoreAfterEach();
afterEach(() => {
  sessionStorage.clear();
  Object.defineProperty(navigator, "credentials", { configurable: true, value: undefined });
});

async function askForEmail() {
  const events = userEvent.setup();
  renderPortal();
  await events.type(await screen.findByLabelText("Email"), "uma@example.com");
  await events.click(screen.getByRole("button", { name: "Send Secure Login Link" }));
  await screen.findByRole("heading", { name: "Check Your Email" });
  return events;
}

describe("the code after 'Check Your Email' (ADR 0060)", () => {
  it("signs this browser in with the typed code and moves on", async () => {
    const events = await askForEmail();
    expect(
      screen.getByText(
        "Reading the email on another device? Type its 6-digit code here to sign in on this one.",
      ),
    ).toBeTruthy();
    answers["POST /api/auth/verify-code"] = () => {
      signedIn = true;
      return json({ user: sessionUser(), suggestPasskey: true });
    };
    await events.type(screen.getByLabelText("6-digit code"), "042 917");
    await events.click(screen.getByRole("button", { name: "Sign In with Code" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(posted("/api/auth/verify-code").map((call) => call.body)).toEqual([
      { email: "uma@example.com", code: "042917" },
    ]);
    // The server's one-time suggestion waits for the dashboard.
    expect(sessionStorage.getItem("aisleiq.suggestPasskey")).toBe("1");
  });

  it("says why a code is refused under the field, and closes the field once the code is dead", async () => {
    const events = await askForEmail();
    const field = screen.getByLabelText("6-digit code") as HTMLInputElement;
    await events.click(screen.getByRole("button", { name: "Sign In with Code" }));
    expect(screen.getByText("Enter the 6-digit code from the email")).toBeTruthy();
    expect(posted("/api/auth/verify-code")).toEqual([]);

    answers["POST /api/auth/verify-code"] = () =>
      json({ error: "That code is not right.", code: "SIGN_IN_CODE_INVALID" }, 400);
    await events.type(field, "111111");
    await events.click(screen.getByRole("button", { name: "Sign In with Code" }));
    expect(
      await screen.findByText(
        "That code is not right. Check the newest sign-in email, and type its code in the browser where you asked for it.",
      ),
    ).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.disabled).toBe(false);

    answers["POST /api/auth/verify-code"] = () =>
      json({ error: "Too many wrong tries", code: "SIGN_IN_CODE_EXHAUSTED" }, 410);
    await events.clear(field);
    await events.type(field, "222222");
    await events.click(screen.getByRole("button", { name: "Sign In with Code" }));
    expect(
      await screen.findByText(
        "Too many wrong tries: this code no longer works. Use the link in the email, or ask for a new email.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(field.disabled).toBe(true));
    // A new email gives a fresh field.
    await events.click(screen.getByRole("button", { name: "Send Another Link" }));
    await events.click(screen.getByRole("button", { name: "Send Secure Login Link" }));
    await screen.findByRole("heading", { name: "Check Your Email" });
    expect((screen.getByLabelText("6-digit code") as HTMLInputElement).disabled).toBe(false);
  });

  it("says a right code whose link already signed in was used, not that it is wrong, and closes the field", async () => {
    const events = await askForEmail();
    const field = screen.getByLabelText("6-digit code") as HTMLInputElement;
    answers["POST /api/auth/verify-code"] = () =>
      json({ error: "This code was already used", code: "SIGN_IN_CODE_USED" }, 410);
    await events.type(field, "042917");
    await events.click(screen.getByRole("button", { name: "Sign In with Code" }));
    expect(
      await screen.findByText(
        "This code was already used: it or its email's link has signed in. If that was not you, ask for a new email.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(field.disabled).toBe(true));
  });
});

describe("signing in with a passkey (ADR 0061)", () => {
  it("offers no passkey button in a browser without WebAuthn", async () => {
    renderPortal();
    await screen.findByLabelText("Email");
    expect(screen.queryByRole("button", { name: "Sign in with a passkey" })).toBeNull();
  });

  it("signs in with the browser's passkey dialog", async () => {
    const webauthn = stubWebAuthn();
    answers["POST /api/auth/passkey/options"] = () => json(SIGN_IN_OPTIONS);
    answers["POST /api/auth/passkey/verify"] = () => {
      signedIn = true;
      return json({ user: sessionUser(), suggestPasskey: false });
    };
    renderPortal();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(webauthn.get).toHaveBeenCalledTimes(1);
    expect(posted("/api/auth/passkey/verify")[0]?.body).toMatchObject({
      response: { id: "Y3JlZA", type: "public-key", response: { signature: "c2ln" } },
    });
  });

  it("offers passkeys in the email field's autofill, and signs in when one is picked", async () => {
    const webauthn = stubWebAuthn({ autofill: true });
    answers["POST /api/auth/passkey/options"] = () => json(SIGN_IN_OPTIONS);
    answers["POST /api/auth/passkey/verify"] = () => {
      signedIn = true;
      return json({ user: sessionUser(), suggestPasskey: false });
    };
    renderPortal();
    expect((await screen.findByLabelText("Email")).getAttribute("autocomplete")).toBe("email webauthn");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(webauthn.get).toHaveBeenCalledWith(expect.objectContaining({ mediation: "conditional" }));
  });

  it("asks the server again only after a pause that doubles when an autofill sign-in fails, never in a loop", async () => {
    stubWebAuthn({ autofill: true });
    // Answered a turn of the event loop later, as a network would.
    answers["POST /api/auth/passkey/options"] = () =>
      new Promise((resolve) =>
        setImmediate(() =>
          resolve(json({ error: "The database is unavailable.", code: "SERVICE_UNAVAILABLE" }, 503)),
        ),
      );
    const asked = () => posted("/api/auth/passkey/options").length;
    /** Lets every promise settle: one turn of the event loop (setImmediate is not faked). */
    const settle = () => act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    /** Turns the event loop until `condition` holds (Testing Library's waits need real timeouts). */
    const until = async (condition: () => boolean) => {
      for (let turn = 0; !condition(); turn++) {
        if (turn > 5_000) throw new Error("the condition never held");
        await settle();
      }
    };
    // Only timeouts are faked, and TanStack Query notifies in microtasks instead of timeouts meanwhile.
    notifyManager.setScheduler(queueMicrotask);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      renderPortal();
      // The refusal is a toast (in English, the server's own words), shown once per failure.
      await until(() => screen.queryAllByText("The database is unavailable.").length > 0);
      expect(asked()).toBe(1);
      for (const pause of [1_000, 2_000, 4_000]) {
        const before = asked();
        await act(() => vi.advanceTimersByTimeAsync(pause - 1));
        await settle();
        expect(asked()).toBe(before);
        await act(() => vi.advanceTimersByTimeAsync(1));
        await until(() => asked() === before + 1);
        await settle();
      }
    } finally {
      vi.useRealTimers();
      notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    }
  });

  it("says so when the server refuses the passkey, and stays on the sign-in page", async () => {
    stubWebAuthn();
    answers["POST /api/auth/passkey/options"] = () => json(SIGN_IN_OPTIONS);
    answers["POST /api/auth/passkey/verify"] = () =>
      json({ error: "That passkey could not sign you in.", code: "PASSKEY_FAILED" }, 400);
    renderPortal();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(
      await screen.findByText(
        "That passkey could not sign you in. Try again, or sign in with an email link.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Sign in to AisleIQ" })).toBeTruthy();
  });
});

describe("her passkeys on the dashboard (ADR 0061)", () => {
  const PASSKEY = {
    id: 3,
    name: "Chrome on macOS",
    createdAt: "2026-11-20T10:00:00.000Z",
    lastUsedAt: null,
    backedUp: true,
  };

  beforeEach(() => {
    signedIn = true;
    answers["GET /api/auth/passkeys"] = () => json({ passkeys: [PASSKEY] });
  });

  it("lists them with added and last-used dates, renames one and removes one after a confirm", async () => {
    stubWebAuthn();
    const events = userEvent.setup();
    renderPortal("/passkeys");
    // The Add button appears once the browser's support is known: wait for that, then the list.
    await screen.findByRole("button", { name: "Add a passkey" });
    const card = document.getElementById("passkeys") as HTMLElement;
    expect(within(card).getByRole("heading", { name: "Passkeys" })).toBeTruthy();
    const item = await within(card).findByText("Chrome on macOS");
    const row = item.closest("li") as HTMLElement;
    expect(row.textContent).toContain("Synced");
    expect(row.textContent).toContain("Added Nov 20, 2026 · last used Never");

    answers["PATCH /api/auth/passkeys/3"] = () => json({ passkey: { ...PASSKEY, name: "Work laptop" } });
    await events.click(within(row).getByRole("button", { name: "Rename Chrome on macOS" }));
    const dialog = screen.getByRole("dialog", { name: "Rename Passkey" });
    const name = within(dialog).getByLabelText("Name");
    await events.clear(name);
    await events.type(name, "Work laptop");
    await events.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("It is now called “Work laptop”.")).toBeTruthy();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ name: "Work laptop" });

    answers["DELETE /api/auth/passkeys/3"] = () => new Response(null, { status: 204 });
    await events.click(within(row).getByRole("button", { name: "Remove Chrome on macOS" }));
    const confirm = screen.getByRole("alertdialog", { name: "Remove “Chrome on macOS”?" });
    answers["GET /api/auth/passkeys"] = () => json({ passkeys: [] });
    await events.click(within(confirm).getByRole("button", { name: "Remove Passkey" }));
    expect(await screen.findByText("No passkeys yet.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.url)).toEqual([
      "/api/auth/passkeys/3",
    ]);
  });

  it("suggests a passkey once after a sign-in by email, and 'Not now' ends it for good", async () => {
    stubWebAuthn();
    answers["GET /api/auth/passkeys"] = () => json({ passkeys: [] });
    sessionStorage.setItem("aisleiq.suggestPasskey", "1");
    renderPortal("/passkeys");
    const suggestion = await screen.findByRole("heading", { name: "Sign in faster next time" });
    await userEvent
      .setup()
      .click(within(suggestion.closest("section") as HTMLElement).getByRole("button", { name: "Not now" }));
    expect(screen.queryByRole("heading", { name: "Sign in faster next time" })).toBeNull();
    expect(sessionStorage.getItem("aisleiq.suggestPasskey")).toBeNull();
  });

  it("adds a passkey from the suggestion with the browser's dialog", async () => {
    const webauthn = stubWebAuthn();
    let added = false;
    answers["GET /api/auth/passkeys"] = () => json({ passkeys: added ? [PASSKEY] : [] });
    answers["POST /api/auth/passkeys/options"] = () =>
      json({
        options: {
          challenge: "Y2hhbGxlbmdl",
          rp: { id: "localhost", name: "AisleIQ" },
          user: { id: "dXNlcg", name: "uma@example.com", displayName: "Uma User" },
          pubKeyCredParams: [{ alg: -7, type: "public-key" }],
        },
      });
    answers["POST /api/auth/passkeys"] = () => {
      added = true;
      return json({ passkey: PASSKEY }, 201);
    };
    sessionStorage.setItem("aisleiq.suggestPasskey", "1");
    renderPortal("/passkeys");
    const suggestion = (await screen.findByRole("heading", { name: "Sign in faster next time" })).closest(
      "section",
    ) as HTMLElement;
    await userEvent.setup().click(within(suggestion).getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByText("“Chrome on macOS” can now sign you in.")).toBeTruthy();
    expect(webauthn.create).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Sign in faster next time" })).toBeNull(),
    );
    expect(sessionStorage.getItem("aisleiq.suggestPasskey")).toBeNull();
  });

  it("asks for an emailed code when the server wants a step-up, then goes on to the browser's dialog", async () => {
    const webauthn = stubWebAuthn();
    let fresh = false;
    answers["POST /api/auth/passkeys/options"] = () =>
      fresh
        ? json({
            options: {
              challenge: "Y2hhbGxlbmdl",
              rp: { id: "localhost", name: "AisleIQ" },
              user: { id: "dXNlcg", name: "uma@example.com", displayName: "Uma User" },
              pubKeyCredParams: [{ alg: -7, type: "public-key" }],
            },
          })
        : json({ error: "Confirm it's you", code: "STEP_UP_REQUIRED" }, 403);
    let sent: () => void = () => undefined;
    answers["POST /api/auth/step-up/send-code"] = () =>
      new Promise((resolve) => {
        sent = () => resolve(json({ email: "uma@example.com", expiresAt: "2026-11-29T10:10:00.000Z" }));
      });
    answers["POST /api/auth/step-up/verify-code"] = () =>
      json(
        {
          error: "That code is not right, or it has expired. Check the newest email, or send a new code.",
          code: "STEP_UP_CODE_INVALID",
        },
        400,
      );
    answers["POST /api/auth/passkeys"] = () => json({ passkey: PASSKEY }, 201);
    const events = userEvent.setup();
    renderPortal("/passkeys");
    const add = await screen.findByRole("button", { name: "Add a passkey" });
    await events.click(add);

    // No passkey dialog yet: she is asked to confirm it's her, with the keyboard alone.
    const dialog = await screen.findByRole("dialog", { name: "Confirm It's You" });
    expect(webauthn.create).not.toHaveBeenCalled();
    expect(posted("/api/auth/step-up/send-code")).toEqual([]);
    within(dialog).getByRole("button", { name: "Email Me a Code" }).focus();
    await events.keyboard("{Enter}");
    expect(await within(dialog).findByRole("button", { name: "Sending..." })).toHaveProperty(
      "disabled",
      true,
    );
    await act(async () => sent());
    const field = await within(dialog).findByLabelText("6-digit code");
    expect(within(dialog).getByText(/We emailed a 6-digit code to uma@example\.com/)).toBeTruthy();
    expect(document.activeElement).toBe(field);

    // An empty code is refused here; a wrong one says why under the field.
    await events.keyboard("{Enter}");
    expect(await within(dialog).findByText("Enter the 6-digit code from the email")).toBeTruthy();
    await events.type(field, "111111{Enter}");
    expect(
      await within(dialog).findByText(
        "That code is not right, or it has expired. Check the newest email, or send a new code.",
      ),
    ).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");

    // The right code: the dialog closes and the browser's passkey dialog follows.
    answers["POST /api/auth/step-up/verify-code"] = () => {
      fresh = true;
      return json({ freshUntil: "2026-11-29T10:10:00.000Z" });
    };
    await events.clear(field);
    await events.type(field, "123 456{Enter}");
    expect(await screen.findByText("“Chrome on macOS” can now sign you in.")).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Confirm It's You" })).toBeNull();
    expect(webauthn.create).toHaveBeenCalledTimes(1);
    expect(posted("/api/auth/step-up/verify-code").map((call) => call.body)).toEqual([
      { code: "111111" },
      { code: "123456" },
    ]);
    expect(posted("/api/auth/passkeys/options")).toHaveLength(2);
  });

  it("says why a step-up code could not be sent, and Cancel adds nothing", async () => {
    const webauthn = stubWebAuthn();
    answers["POST /api/auth/passkeys/options"] = () =>
      json({ error: "Confirm it's you", code: "STEP_UP_REQUIRED" }, 403);
    answers["POST /api/auth/step-up/send-code"] = () =>
      json({ error: "Too many requests. Please try again in 15 minutes.", code: "RATE_LIMITED" }, 429);
    const events = userEvent.setup();
    renderPortal("/passkeys");
    await events.click(await screen.findByRole("button", { name: "Add a passkey" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm It's You" });
    await events.click(within(dialog).getByRole("button", { name: "Email Me a Code" }));
    expect((await within(dialog).findByRole("alert")).textContent).toMatch(/try again/i);
    await events.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(webauthn.create).not.toHaveBeenCalled();
    expect(posted("/api/auth/passkeys")).toEqual([]);
  });

  it("makes no suggestion without the server's word", async () => {
    stubWebAuthn();
    renderPortal("/passkeys");
    await screen.findByText("Chrome on macOS");
    expect(screen.queryByRole("heading", { name: "Sign in faster next time" })).toBeNull();
  });
});
