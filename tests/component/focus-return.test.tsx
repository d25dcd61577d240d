import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { EventsDialogs } from "~/components/events-dialogs";
import { AdminLoginScreen } from "~/features/auth/admin-login-screen";
import { JobsDialog } from "~/features/landing/jobs-dialog";
import { i18next } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { I18nextProvider } from "~/lib/react-i18n";
import { json, restoreAfterEach, stubFetch } from "./support/fake-api";

/**
 * Focus never falls to the page when what had it goes away (WCAG 2.4.3): closing a dialog opened
 * from state returns it to the button that opened it; the sign-in screen's confirmation takes it.
 */
restoreAfterEach();

/** A button that opens the dialog `Dialog` renders, as the landing page and header do. */
function Opener({ name, Dialog }: { name: string; Dialog: React.ComponentType<DialogProps> }) {
  const [open, setOpen] = useState(false);
  return (
    <I18nextProvider i18n={i18next}>
      <button type="button" onClick={() => setOpen(true)}>
        {name}
      </button>
      <Dialog open={open} onOpenChange={setOpen} />
    </I18nextProvider>
  );
}
type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

describe("focus after a dialog closes", () => {
  it("returns to the Jobs button when the Jobs dialog closes", async () => {
    stubFetch(async () => new Response(null, { status: 200 }));
    const user = userEvent.setup();
    render(<Opener name="See open jobs" Dialog={JobsDialog} />);
    await user.click(screen.getByRole("button", { name: "See open jobs" }));
    await screen.findByRole("dialog", { name: "Now Hiring" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "See open jobs" })),
    );
  });

  it("returns to the Events button after Escape on the scheduling dialog", async () => {
    stubFetch(async () => json({ ok: true }));
    const user = userEvent.setup();
    render(<Opener name="Events" Dialog={EventsDialogs} />);
    await user.click(screen.getByRole("button", { name: "Events" }));
    await user.type(await screen.findByLabelText("Password"), "right one");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("dialog", { name: "Let's meet" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Events" })));
  });
});

describe("focus on the sign-in screen", () => {
  function renderSignIn(setupNeeded: boolean) {
    stubFetch(async (input) => {
      const url = String(input);
      if (url === "/api/auth/me") return json({ error: "Not signed in", code: "UNAUTHENTICATED" }, 401);
      if (url === "/api/admin/login-info") return setupNeeded ? json({}, 404) : json({ ok: true });
      return json({ message: "ok" });
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AdminLoginScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it("moves focus to 'Check Your Email' after sending a link, and to the email field for another", async () => {
    renderSignIn(false);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send Secure Login Link" }));
    const heading = await screen.findByRole("heading", { name: "Check Your Email" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await user.click(screen.getByRole("button", { name: /another/i }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Email")));
  });

  it("moves focus to 'Check Your Email' after creating the first admin", async () => {
    renderSignIn(true);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Full Name"), "Ada Admin");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Create Admin Account" }));
    const heading = await screen.findByRole("heading", { name: "Check Your Email" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
