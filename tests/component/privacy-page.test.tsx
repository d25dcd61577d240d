import { PRIVACY_CONTACT_EMAIL, PRIVACY_NOTICE_PATHS, PRIVACY_NOTICE_VERSION } from "@common/privacy";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type SiteChromeSlots, SiteChromeSlotsContext } from "~/components/site-chrome-slots";
import { formatNoticeVersion, PrivacyPage } from "~/features/privacy/privacy-page";
import { i18next, setPageLanguage } from "~/lib/i18n";
import { I18nextProvider } from "~/lib/react-i18n";
import { enPrivacy } from "~/locales/en-privacy";
import { esPrivacy } from "~/locales/es-privacy";
import { setupPage } from "../../src/site/layouts/page-language";

/**
 * The privacy notice page (docs/product.md#11-lead-attribution-and-privacy-notice), `/privacy` and
 * `/es/privacy`: the catalog's texts under one `<h1>` and `<h2>`s in order, the version the forms
 * record as a date, the contact address as a mail link. The page's meta tags are the site's
 * (tests/e2e/privacy.spec.ts, tests/unit/site-links.test.ts).
 */
afterEach(() => {
  setPageLanguage("en");
  window.history.replaceState(null, "", "/");
});

/**
 * Renders the notice in `language` as its site page does (texts registered, language set; ADR 0064),
 * with a router; `chrome` is the header and footer the site hands the body (ADR 0080).
 */
function renderNotice(language: "en" | "es", chrome: SiteChromeSlots = {}) {
  // The page fetches nothing: any request is a failure.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      throw new Error(`unexpected request to ${String(input)}`);
    }),
  );
  const path = PRIVACY_NOTICE_PATHS[language];
  window.history.replaceState(null, "", path);
  setupPage(language, { privacy: enPrivacy }, { privacy: esPrivacy });
  const Stub = createRoutesStub([
    { path: PRIVACY_NOTICE_PATHS.en, Component: PrivacyPage },
    { path: PRIVACY_NOTICE_PATHS.es, Component: PrivacyPage },
  ]);
  return render(
    <I18nextProvider i18n={i18next}>
      <SiteChromeSlotsContext value={chrome}>
        <Stub initialEntries={[path]} />
      </SiteChromeSlotsContext>
    </I18nextProvider>,
  );
}

describe("privacy notice page", () => {
  it.each([
    ["en", enPrivacy],
    ["es", esPrivacy],
  ] as const)(
    "shows the %s notice: headings in order, version, every paragraph, contact link",
    (language, catalog) => {
      renderNotice(language);
      const main = screen.getByRole("main");
      expect(main.id).toBe("main");
      // One h1, then an h2 per section, in the catalog's order; nothing skips a level.
      const headings = within(main).getAllByRole("heading");
      expect(headings.map((heading) => [heading.tagName, heading.textContent])).toEqual([
        ["H1", catalog.title],
        ["H2", catalog.collectTitle],
        ["H2", catalog.whyTitle],
        ["H2", catalog.whoTitle],
        ["H2", catalog.retentionTitle],
        ["H2", catalog.contactTitle],
      ]);
      // The version date is the one the forms send with each lead (src/common/privacy.ts).
      const time = main.querySelector("time");
      expect(time?.getAttribute("datetime")).toBe(PRIVACY_NOTICE_VERSION);
      const date = formatNoticeVersion(PRIVACY_NOTICE_VERSION, language);
      expect(time?.textContent).toBe(date);
      expect(time?.parentElement?.textContent).toBe(catalog.version.replace("{{version}}", date));
      for (const key of [
        "intro",
        "collectLead",
        "collectDemo",
        "collectVisit",
        "collectNotice",
        "collectLogs",
        "whyLead",
        "whyDemo",
        "whyVisit",
        "whyEmail",
        "whoTeam",
        "whoCrm",
        "whoProviders",
        "whoNobodyElse",
        "retention",
        "retentionLogs",
      ] as const) {
        expect(within(main).getByText(catalog[key])).toBeTruthy();
      }
      const mail = within(main).getByRole("link", { name: PRIVACY_CONTACT_EMAIL });
      expect(mail.getAttribute("href")).toBe(`mailto:${PRIVACY_CONTACT_EMAIL}`);
      // The sentence around the address reads as the catalog writes it.
      expect(mail.parentElement?.textContent).toBe(
        catalog.contact.replace("{{email}}", PRIVACY_CONTACT_EMAIL),
      );
    },
  );

  it("is inside the site chrome: the page's header before its main, its footer after", () => {
    // The chrome itself (skip link first, the footer's link to the notice in the page's language)
    // is the static SiteHeader.astro / SiteFooter.astro, tested in tests/astro/site-chrome.test.ts
    // (ADR 0080); the page body places what the site hands it through the chrome slots.
    renderNotice("es", {
      header: <header data-testid="site-header" />,
      footer: <footer data-testid="site-footer" />,
    });
    const header = screen.getByTestId("site-header");
    const main = screen.getByRole("main");
    const footer = screen.getByTestId("site-footer");
    expect(header.parentElement).toBe(main.parentElement);
    expect(footer.parentElement).toBe(main.parentElement);
    const order = [...(main.parentElement?.children ?? [])];
    expect(order).toEqual([header, main, footer]);
  });

  it("writes a version as a calendar date in the reader's language, whatever the time zone", () => {
    const zone = process.env.TZ;
    // West of UTC, midnight UTC is still the day before: the date must not move back.
    process.env.TZ = "America/Los_Angeles";
    try {
      expect(formatNoticeVersion("2026-11-26", "en")).toBe("November 26, 2026");
      expect(formatNoticeVersion("2027-01-01", "es")).toBe("1 de enero de 2027");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
