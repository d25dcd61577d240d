import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PortalHeader } from "~/components/portal-header";
import { setPageLanguage } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { addSpanishPortal } from "~/locales/es-portal-register";
import { sessionUser } from "./support/fake-api";

/**
 * Every language switch offers each language in its own name ("English", "Español"), marked with
 * its `lang` so screen readers pronounce it right, on English and Spanish pages alike: here the
 * portal's; the public site's header and footer in tests/astro/site-chrome.test.ts.
 */
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json([])),
  );
});
afterEach(() => setPageLanguage("en"));

function renderIn(element: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The texts and `lang` attributes of the options of `select`. */
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((option) => [option.textContent, option.getAttribute("lang")]);

const OWN_NAMES = [
  ["English", "en"],
  ["Español", "es"],
];

describe.each(["en", "es"] as const)("language names on a page in %s", (language) => {
  beforeEach(() => {
    if (language === "es") addSpanishPortal();
    setPageLanguage(language);
  });

  it("the portal's language select names each language in itself", () => {
    renderIn(<PortalHeader user={sessionUser({ language })} />);
    const select = screen.getByRole("combobox", { name: language === "es" ? "Idioma" : "Language" });
    expect(optionsOf(select)).toEqual(OWN_NAMES);
  });
});
