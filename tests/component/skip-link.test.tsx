import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminLoginScreen } from "~/features/auth/admin-login-screen";
import { createQueryClient } from "~/lib/query-client";
import { json, restoreAfterEach, stubFetch } from "./support/fake-api";

/**
 * The sign-in screen starts, like every other page, with "Skip to content" (WCAG 2.4.1); the public
 * pages, the IMU demo among them, have the site header's (tests/e2e/demo.spec.ts, site-chrome.spec.ts).
 */
restoreAfterEach();

/** The first Tab stop is the skip link, and it points at the page's main region. */
async function expectSkipLinkFirst() {
  const user = userEvent.setup();
  await user.tab();
  const link = screen.getByRole("link", { name: "Skip to content" });
  expect(document.activeElement).toBe(link);
  expect(link.getAttribute("href")).toBe("#main");
  expect(document.getElementById("main")?.tagName).toBe("MAIN");
}

describe("skip link", () => {
  it("is the first stop on the sign-in screen", async () => {
    stubFetch(async (input) =>
      String(input) === "/api/auth/me"
        ? json({ error: "Not signed in", code: "UNAUTHENTICATED" }, 401)
        : json({}),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AdminLoginScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByLabelText("Email");
    await expectSkipLinkFirst();
  });
});
